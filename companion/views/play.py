"""The score sheet: the page, its poll, entering moves, row choices, undo and seats.

Each view looks up the match for this phone, calls the sheet or :mod:`companion.writes`, and
replies with the page or the fragment htmx asked for (:mod:`.sheet_replies`).
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, redirect, request, url_for

from ..extensions import db
from ..games import EntryKind, seam_for
from ..i18n import choose_language
from ..match_rows import MatchRow, seated_match
from ..member_state import member_state
from ..models import Entry, Match, Membership
from ..plain_query import reads_in_autocommit
from ..seats import mark_seen, needs_seen
from ..security import member_match_or_404, member_view_or_404, viewer_match_or_404, viewer_token
from ..sheet import Sheet, replay
from ..undos import submit_undo, submit_undo_held
from ..writes import can_write, submit_choice, submit_entry, submit_to_a_kind_gone
from .host import host_notice
from .log_lines import log_rows, news_since
from .reply import go, no_change, render, wants_fragment
from .shared_poll import answer_once, can_share, keep_answer
from .sheet_context import (
    invite_context,
    play_context,
    sheet_context,
    table_context,
    tv_context,
)
from .sheet_replies import answer

bp = Blueprint("play", __name__)
ROWS = ("0", "1", "2", "3")
"""The rows of 6 nimmt!'s table, as a row choice names them."""


@bp.get("/m/<int:match_id>")
def sheet(match_id: int) -> Response:
    """The whole sheet (``?entry=`` opens another way of entering)."""
    match, member = member_view_or_404(match_id)
    seen(member)
    context = sheet_context(match, member, replay(match), kind=request.args.get("entry"))
    if "done" in request.args:
        context["host_notice"] = host_notice(context)
    return render("play/sheet.html", **context)


def seen(member: Membership) -> None:
    """Note that this phone is at the table (a write at most once a minute)."""
    if needs_seen(member.last_seen):
        mark_seen(member)
        db.session.commit()


@bp.get("/m/<int:match_id>/live")
def live(match_id: int) -> Response:
    """The poll: 204 while nothing changed, else the fresh scoreboard and log, with the entry
    panel when the phone says its own is untouched (``entry=<kind>``, so that it needs no second
    request). When only new moves arrived, the log's new lines go on top (the shown ones count
    their own times in the page) and the seats, seat requests, invite and host panel, which no
    move changes, are left as they are; such an answer is rendered once for the phones of a
    table that would read the same and shared (:mod:`.shared_poll`)."""
    known = request.args.get("v", type=int)
    state = member_state(match_id)
    panel = request.args.get("entry")
    if state is not None and known == state.version:
        return no_change()
    with answer_once(match_id, known, state, panel) as shared:
        if shared is not None:
            return shared
        return fresh_answer(match_id, known, panel)


def fresh_answer(match_id: int, known: int | None, panel: str | None) -> Response:
    """The poll's answer rendered for this phone (and kept for the table's others when it
    can be shared). It only reads, outside a transaction."""
    reads_in_autocommit(db.session())
    match, member = member_view_or_404(match_id)
    current = replay(match)
    context = play_context(match, member, current, kind=panel)
    added = news_since(known, match, current)
    moves_only = added is not None and match.is_open
    if not moves_only:
        context.update(table_context(match, member))
    if added is not None:  # the phone's log lacks only the newest lines: they go on top
        context["log_added"] = context["log"][:added]
    context.update(moves_only=moves_only, panel=panel is not None)
    if known is not None and can_share(context):
        return keep_answer(known, context, panel)
    return render("play/sheet.html", "play/_live.html", **context)


@bp.get("/m/<int:match_id>/log")
def full_log(match_id: int) -> Response:
    """Every entry of the log, for the tap on "Show all entries" (the sheet shows the newest);
    without htmx, the sheet with the whole log."""
    match, member = member_match_or_404(match_id)
    if not wants_fragment():
        return go(url_for("play.sheet", match_id=match.id, log="all") + "#log")
    current = replay(match)
    rows = log_rows(match, current, can_write(match, member), member, every=True)
    context = {"match": match, "member": member, "sheet": current, "log": rows}
    return render("play/sheet.html", "play/_log.html", **context)


@bp.get("/m/<int:match_id>/qr.svg")
def invite_qr(match_id: int) -> Response:
    """The invite's QR code as an image, fetched only when a phone opens the closed invite panel
    (``loading="lazy"``); the URL names the code, so a rotated code is a new image."""
    match, _member = member_match_or_404(match_id)
    invite = invite_context(match)
    if invite["join_url"] is None or match.join_locked:
        abort(404)
    response = Response(invite["qr_svg"](), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, max-age=86400"
    return response


@bp.get("/m/<int:match_id>/entry")
def entry(match_id: int) -> Response:
    """The entry panel alone (the page asks for it when a pristine form has gone stale)."""
    match, member = member_view_or_404(match_id)
    context = sheet_context(match, member, replay(match), kind=request.args.get("entry"))
    return render("play/sheet.html", "play/_entry.html", **context)


def find_kind(match: Match, current: Sheet[object], key: str) -> EntryKind | None:
    """The entry kind named ``key`` that the sheet offers now, if any."""
    return next((k for k in seam_for(match.game).entry_kinds(current) if k.key == key), None)


@bp.post("/m/<int:match_id>/entry/<key>")
def enter(match_id: int, key: str) -> Response:
    """Store a move from a form; errors and notices come back in place, nothing half-saved."""
    match, member = member_match_or_404(match_id)
    current = replay(match)
    kind = find_kind(match, current, key)
    if kind is None:  # gone since the form was drawn, or never there
        form_of = request.form.get
        gone = submit_to_a_kind_gone(
            match, form_of(f"{key}-version", type=int), form_of(f"{key}-idem")
        )
        if gone is None:
            abort(404)
        return answer(match, member, None, None, gone)
    form = kind.form(current, request.form)
    confirmed = request.form.get("for_other") == "1"
    submitted = submit_entry(match, member, current, kind, form, confirmed)
    return answer(match, member, kind, form, submitted)


@bp.post("/m/<int:match_id>/choose")
def choose(match_id: int) -> Response:
    """The player with the too-low card picks the row to take."""
    match, member = member_match_or_404(match_id)
    raw = request.form.get("row", "")
    if raw not in ROWS and can_write(match, member):
        abort(400)
    submitted = submit_choice(
        match,
        member,
        ROWS.index(raw) if raw in ROWS else 0,
        request.form.get("version", type=int),
        request.form.get("idem"),
        request.form.get("for_other") == "1",
    )
    return answer(match, member, None, None, submitted)


@bp.post("/m/<int:match_id>/undo/<int:seq>")
def undo(match_id: int, seq: int) -> Response:
    """Undo an entry by logging an undo; nothing is deleted."""
    match, member = member_match_or_404(match_id)
    submitted = submit_undo(
        match,
        member,
        seq,
        request.form.get("version", type=int),
        request.form.get("idem"),
        confirmed=request.form.get("for_other") == "1",
        after_end=request.form.get("after_end") == "1",
    )
    stored = submitted.written is not None and submitted.written.ok
    return answer(match, member, taking_back(match, seq) if stored else None, None, submitted)


@bp.post("/m/<int:match_id>/undo-held")
def undo_held(match_id: int) -> Response:
    """Take back the move waiting for a player's choice, which is not in the log yet."""
    match, member = member_match_or_404(match_id)
    version = request.form.get("version", type=int)
    confirmed = request.form.get("for_other") == "1"
    submitted = submit_undo_held(match, member, version, confirmed)
    return answer(match, member, None, None, submitted)


def taking_back(match: Match, seq: int) -> EntryKind | None:
    """The entry kind the undone entry ``seq`` comes back in, as its game says (None: the
    panel opens on the first kind, as after any other entry)."""
    undone = db.session.execute(
        db.select(Entry).filter_by(match_id=match.id, seq=seq)
    ).scalar_one_or_none()
    seam = seam_for(match.game)
    key = seam.kind_taking_back(undone.move) if undone is not None else None
    return next((kind for kind in seam.entry_kinds(replay(match)) if kind.key == key), None)


@bp.get("/v/<int:match_id>/<token>")
def viewer(match_id: int, token: str) -> Response:
    """The TV page for a shared screen: read-only, large, no seat, no forms; in the language
    its link names, which the TV then keeps."""
    match = viewer_match_or_404(match_id, token)
    choose_language(request.args.get("lang"))
    onward = following_tv(match)
    if onward is not None:
        return redirect(onward, code=303)
    context = sheet_context(match, None, replay(match))
    return render("play/tv.html", **context, tv=tv_context(match, context))


@bp.get("/v/<int:match_id>/<token>/live")
def viewer_live(match_id: int, token: str) -> Response:
    """The TV's poll (it only reads, outside a transaction)."""
    reads_in_autocommit(db.session())
    match = viewer_match_or_404(match_id, token)
    if request.args.get("v", type=int) == match.version:
        return no_change()
    onward = following_tv(match)
    if onward is not None:
        response = no_change()
        response.headers["HX-Redirect"] = onward  # the whole TV page moves on
        return response
    context = sheet_context(match, None, replay(match))
    return render("play/tv.html", "play/_tv.html", **context, tv=tv_context(match, context))


def following_tv(match: MatchRow) -> str | None:
    """The TV link of the rematch that followed ``match``, if it has one: the screen at the
    table follows the table to its next match (the same people, whom its link already shows the
    sheet), instead of staying on the finished one until someone fetches the new link."""
    if not match.next_match_id:
        return None
    following = seated_match(match.next_match_id)
    if following is None or following.deleted_at is not None or following.viewer_generation:
        return None  # a rematch whose TV link the host renewed is shown only by the new link
    return url_for("play.viewer", match_id=following.id, token=viewer_token(following))
