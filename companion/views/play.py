"""The score sheet: the live scoreboard, entering moves, undo and seats."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, g, render_template, request, url_for
from flask_babel import gettext as _
from sqlalchemy import bindparam
from wtforms.validators import ValidationError

from .. import page_cache
from ..extensions import db
from ..games import EntryKind, seam_for
from ..live import go, no_change, render, wants_fragment
from ..models import Match, Membership
from ..pending import hold, pending_for
from ..rules import IllegalMove
from ..security import (
    device_id,
    is_host,
    is_index,
    member_match_or_404,
    token_matches,
    viewer_token,
)
from ..sheet import (
    ATTEMPTS,
    Sheet,
    Written,
    append,
    bounded_version,
    by_key,
    entries_since,
    replay,
    touch,
)
from .sheet_context import invite_context, sheet_context
from .translate import reason

bp = Blueprint("play", __name__)


def can_write(match: Match, member: Membership) -> bool:
    """Seated players and the host enter moves; other members only watch."""
    return member.seat is not None or is_host(match)


def seat_first(match: Match, member: Membership, message: str | None = None) -> Response:
    """The refusal for a phone that watches without a seat: nothing is stored."""
    error = message or _("Claim your seat first: only players enter scores.")
    return entry_reply(match, member, replay(match), None, None, error=error)


@bp.get("/m/<int:match_id>")
def sheet(match_id: int) -> Response:
    """The whole sheet: kept per version and phone, rendered again only when something changed
    (see :mod:`companion.page_cache`)."""
    key = page_cache.sheet_key(match_id)
    html = page_cache.pages().get(key) if key is not None else None
    if html is None:
        match, member = member_match_or_404(match_id)
        kind = request.args.get("entry")
        with page_cache.holes():
            context = sheet_context(match, member, replay(match), kind=kind)
            html = render_template("play/sheet.html", **context)
        page_cache.remember(key, match_id, html)
    return page_cache.page(html)


@bp.get("/m/<int:match_id>/live")
def live(match_id: int) -> Response:
    """The poll: 204 while nothing changed, else the fresh scoreboard (and log, seats) fragments."""
    seen = request.args.get("v", type=int)
    if seen is not None and seen == member_version(match_id):
        g.quiet_session = True
        return no_change()
    match, member = member_match_or_404(match_id)
    context = sheet_context(match, member, replay(match))
    if not wants_fragment():
        return render("play/sheet.html", **context)
    return render("play/sheet.html", "play/_live.html", **context)


MEMBER_VERSION = (
    db.select(Match.version)
    .join(Membership, Membership.match_id == Match.id)
    .filter(
        Match.id == bindparam("match_id"),
        Match.deleted_at.is_(None),
        Membership.device_id == bindparam("device"),
    )
)
"""Built once: the statement of every unchanged poll (only its two values change)."""


def member_version(match_id: int) -> int | None:
    """The match's version if this device is a member: the whole cost of an unchanged poll.

    Run on the session's connection as plain SQL: a single number needs no ORM bookkeeping.
    """
    return (
        db.session.connection()
        .execute(MEMBER_VERSION, {"match_id": match_id, "device": device_id()})
        .scalar_one_or_none()
    )


@bp.get("/m/<int:match_id>/qr.svg")
def invite_qr(match_id: int) -> Response:
    """The invite's QR code as an image, fetched only when a phone opens the closed invite panel
    (``loading="lazy"``); the URL names the code, so a rotated code is a new image."""
    match, _member = member_match_or_404(match_id)
    invite = invite_context(match)
    if invite["join_url"] is None or match.join_locked:
        abort(404)
    response = Response(invite["qr_svg"], mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, max-age=86400"
    return response


@bp.get("/m/<int:match_id>/entry")
def entry(match_id: int) -> Response:
    """The entry panel alone (the page asks for it when a pristine form has gone stale)."""
    match, member = member_match_or_404(match_id)
    context = sheet_context(match, member, replay(match), kind=request.args.get("entry"))
    return render("play/sheet.html", "play/_entry.html", **context)


def find_kind(match: Match, current: Sheet, key: str) -> EntryKind:
    """The entry kind named ``key``, 404 when the game has none."""
    for kind in seam_for(match.game).entry_kinds(current):
        if kind.key == key:
            return kind
    abort(404)


@bp.post("/m/<int:match_id>/entry/<key>")
def enter(match_id: int, key: str) -> Response:
    """Store a move from a form; errors and notices come back in place, nothing half-saved."""
    match, member = member_match_or_404(match_id)
    current = replay(match)
    kind = find_kind(match, current, key)
    form = kind.form(current, request.form)
    if not can_write(match, member):
        return entry_reply(
            match,
            member,
            current,
            kind,
            form,
            error=_("Claim your seat first: only players enter scores."),
        )
    if not match.is_open:
        return entry_reply(
            match, member, current, kind, form, error=_("The match is over: no more entries.")
        )
    if not form.validate():
        return entry_reply(match, member, current, kind, form)
    try:
        move = kind.to_move(current, form)
    except ValidationError:
        return entry_reply(match, member, current, kind, form)
    gather = getattr(seam_for(match.game), "gather", None)
    if gather is not None:
        return gather_parts(match, member, current, kind, form, move, gather)
    seat = seam_for(match.game).chooser(current, move)
    if seat is not None:
        return hold_for_choice(match, member, current, kind, form, move, seat)
    written = append(
        match,
        move,
        version=form.version.data or 0,
        idem_key=form.idem.data,
        seat=member.seat,
        device=member.device_id,
    )
    return written_reply(match, member, kind, form, written)


def hold_for_choice(
    match: Match,
    member: Membership,
    current: Sheet,
    kind: EntryKind,
    form: Any,
    move: dict[str, Any],
    seat: int,
) -> Response:
    """Check a turn that needs a player's row choice, then hold it for that player's phone."""
    version = bounded_version(form.version.data)
    if version != match.version and entries_since(match, version):
        return written_reply(
            match, member, kind, form, Written(stale_after=entries_since(match, version)[-1])
        )
    trial = dict(move, row_choice=[0 if i == seat else None for i in range(len(current.players))])
    try:
        current.rules.apply(current.state, trial)
    except IllegalMove as refused:
        return entry_reply(match, member, current, kind, form, error=reason(refused))
    if not hold(match, move, seat, match.version, member.device_id):
        return entry_reply(
            match,
            member,
            replay(match),
            kind,
            None,
            fresh=True,
            notice=_(
                "The sheet changed while you entered this. Check it and "
                "enter again if it is still needed."
            ),
        )
    if not wants_fragment():
        return go(url_for("play.sheet", match_id=match.id) + "#scoreboard")
    return entry_reply(match, member, replay(match), kind, None, fresh=True)


def gather_parts(
    match: Match,
    member: Membership,
    current: Sheet,
    kind: EntryKind,
    form: Any,
    move: dict[str, Any],
    gather: Any,
) -> Response:
    """A move that several phones complete together (each its own part, e.g. its hand).

    A seam may offer ``gather(sheet, move, seat, host) -> (move, complete)``: it merges this
    phone's part with the parts held so far (or raises IllegalMove). A complete move is stored;
    an incomplete one is held (pending.py) for the other phones, retried if another part arrived
    at the same moment. A part typed before someone else's entry is refused as stale: by the
    form's ``seen`` field (the last log entry it was rendered after) when it has one, since holds
    and seat claims move the version without making a part stale; else by the version.
    """
    version = bounded_version(form.version.data)
    seen = getattr(form, "seen", None)
    earlier = by_key(match, form.idem.data)
    if earlier is not None:
        return written_reply(match, member, kind, form, Written(entry=earlier, duplicate=True))
    for _attempt in range(ATTEMPTS):
        db.session.refresh(match)
        current = replay(match)
        latest = current.entries[-1] if current.entries else None
        if seen is not None:
            if latest is not None and latest.seq > (seen.data or 0):
                return written_reply(match, member, kind, form, Written(stale_after=latest))
            version = match.version
        elif version != match.version and entries_since(match, version):
            return written_reply(match, member, kind, form, Written(stale_after=latest))
        try:
            whole, complete = gather(current, move, member.seat, is_host(match))
        except IllegalMove as refused:
            return entry_reply(match, member, current, kind, form, error=reason(refused))
        if complete:
            written = append(
                match,
                whole,
                version=version,
                idem_key=form.idem.data,
                seat=member.seat,
                device=member.device_id,
            )
            return written_reply(match, member, kind, form, written)
        part = member.seat if member.seat is not None else -1
        if hold(match, whole, part, match.version, member.device_id):
            if not wants_fragment():
                return go(url_for("play.sheet", match_id=match.id) + "#scoreboard")
            return entry_reply(match, member, replay(match), kind, None, fresh=True)
    return entry_reply(match, member, current, kind, form, error=_("Nothing was saved. Try again."))


@bp.post("/m/<int:match_id>/choose")
def choose(match_id: int) -> Response:
    """The player with the too-low card picks the row to take; the held turn is then placed."""
    match, member = member_match_or_404(match_id)
    if not can_write(match, member):
        return seat_first(match, member)
    raw = request.form.get("row", "")
    if raw not in {"0", "1", "2", "3"}:
        abort(400)
    held = pending_for(match)
    if held is None or not isinstance(held.move.get("row_choice"), list):
        return entry_reply(
            match,
            member,
            replay(match),
            None,
            None,
            fresh=True,
            notice=_("That choice is no longer needed: the sheet changed."),
        )
    move = held.move
    move["row_choice"][held.seat] = int(raw)
    written = append(
        match,
        move,
        version=request.form.get("version", type=int) or 0,
        idem_key=request.form.get("idem"),
        seat=member.seat,
        device=member.device_id,
    )
    return written_reply(match, member, None, None, written)


def written_reply(
    match: Match, member: Membership, kind: EntryKind | None, form: Any, written: Written
) -> Response:
    """The answer to a write: the fresh sheet, or the form with the reason it was refused."""
    fresh = replay(match)
    if written.ok:
        if not wants_fragment():
            return go(url_for("play.sheet", match_id=match.id) + "#scoreboard")
        return render(
            "play/sheet.html",
            "play/_written.html",
            **sheet_context(match, member, fresh, kind=kind.key if kind else None),
        )
    if written.stale_after is not None:
        notice = stale_notice(match, fresh, written)
        return entry_reply(match, member, fresh, kind, None, notice=notice, fresh=True)
    error = reason(written.error) if written.error else _("Nothing was saved. Try again.")
    return entry_reply(match, member, fresh, kind, form, error=error)


def stale_notice(match: Match, fresh: Sheet, written: Written) -> str:
    """ "Bob entered … a moment ago": someone else's entry arrived first."""
    latest = written.stale_after
    assert latest is not None
    who = fresh.players[latest.seat] if latest.seat is not None else _("Another phone")
    return _(
        "%(who)s entered something a moment ago, so yours was not saved. "
        "Check the sheet, then enter again if it is still needed.",
        who=who,
    )


def entry_reply(
    match: Match,
    member: Membership,
    current: Sheet,
    kind: EntryKind | None,
    form: Any,
    error: str | None = None,
    notice: str | None = None,
    fresh: bool = False,
) -> Response:
    """Re-render the entry panel (htmx) or the whole page with the form kept as typed."""
    forms = {} if fresh or kind is None else {kind.key: form}
    context = sheet_context(
        match,
        member,
        current,
        kind=kind.key if kind else None,
        forms=forms,
        error=error,
        notice=notice,
    )
    fragment = "play/_written.html" if fresh else "play/_entry.html"
    return render("play/sheet.html", fragment, **context)


@bp.post("/m/<int:match_id>/undo/<int:seq>")
def undo(match_id: int, seq: int) -> Response:
    """Undo an entry by logging an undo; nothing is deleted."""
    match, member = member_match_or_404(match_id)
    if not can_write(match, member):
        return seat_first(match, member, _("Claim your seat first: only players can undo."))
    version = request.form.get("version", type=int) or 0
    written = append(
        match,
        {},
        version=version,
        idem_key=request.form.get("idem"),
        seat=member.seat,
        device=member.device_id,
        undoes=seq,
    )
    return written_reply(match, member, None, None, written)


@bp.post("/m/<int:match_id>/seat")
def claim(match_id: int) -> Response:
    """ "I am Bob": this phone takes a seat (or gives it up with an empty value)."""
    match, member = member_match_or_404(match_id)
    raw = request.form.get("seat", "")
    if raw == "":
        member.seat = None
    else:
        if not is_index(raw, len(match.seats)):
            abort(400)
        taken = db.session.execute(
            db.select(Membership).filter_by(match_id=match.id, seat=int(raw))
        ).scalars()
        for other in taken:
            other.seat = None
        db.session.flush()
        member.seat = int(raw)
    touch(match)
    db.session.commit()
    return go(url_for("play.sheet", match_id=match.id))


@bp.get("/v/<int:match_id>/<token>")
def viewer(match_id: int, token: str) -> Response:
    """The read-only sheet for a shared screen: no seat, no forms."""
    match = viewer_match_or_404(match_id, token)
    context = sheet_context(match, None, replay(match))
    return render("play/viewer.html", **context)


@bp.get("/v/<int:match_id>/<token>/live")
def viewer_live(match_id: int, token: str) -> Response:
    """The viewer's poll."""
    match = viewer_match_or_404(match_id, token)
    if request.args.get("v", type=int) == match.version:
        return no_change()
    context = sheet_context(match, None, replay(match))
    return render("play/viewer.html", "play/_scoreboard.html", **context)


def viewer_match_or_404(match_id: int, token: str) -> Match:
    """The match whose viewer token this is."""
    match = db.session.get(Match, match_id)
    if match is None or match.deleted_at is not None:
        abort(404)
    if not token_matches(viewer_token(match), token):
        abort(404)
    return match
