"""Host controls: lock joining, rotate the code, hand over host rights, end or abandon; and
taking the host rights over when the host's phone has left (:mod:`companion.host_rights`)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, request, url_for

from .. import host_rights
from ..extensions import db
from ..games import seam_for
from ..i18n import gettext as _
from ..models import NO_RESULT, Match, utcnow
from ..results import settle
from ..seats import holder, mark_seen, present
from ..security import is_host, is_index, member_match_or_404, new_code
from ..sheet import replay, touch
from .log_lines import kept_log
from .reply import go

bp = Blueprint("host", __name__, url_prefix="/m/<int:match_id>/host")


def hosted_match(match_id: int) -> Match:
    """The match, if this device is its host; members who are not get 403, others 404."""
    match, _member = member_match_or_404(match_id)
    if not is_host(match):
        abort(403)
    return match


def done(match: Match, **said: str) -> Response:
    """Commit a host change with a new version so every phone refreshes; ``said`` is what the
    host panel tells this phone (:func:`host_notice`), or ``done="controls"``: the host controls
    open again where the tap was, for the next one (unlock, another code)."""
    touch(match)
    db.session.commit()
    return go(url_for("play.sheet", match_id=match.id, **kept_log(), **said) + "#host")


def host_notice(context: dict[str, Any]) -> str | None:
    """What the host panel of the sheet page says after a handover (``?done=handed``: the phone
    that gave the rights away is told who has them) or a refused one (``?done=away&seat=N``:
    the host is told that phone left the table). ``context`` is the sheet page's."""
    done = request.args.get("done")
    seats = context["seats"]
    if done == "handed" and not context["host"]:
        now = next((s["name"] for s in seats if s["host"]), None)
        if now is None:
            return _("Another phone is the host now.")
        return _("%(name)s's phone is the host now.", name=now)
    if done == "took" and context["host"]:
        return _("This phone is the host now. Every phone of the table has been told.")
    if done == "back" and not context["host"]:
        return _("The host's phone is back at the table, so it stays the host.")
    if done == "beaten" and not context["host"]:
        return _("Another phone took over as host a moment before this one.")
    if done == "away" and context["host"]:
        seat = request.args.get("seat", type=int)
        name = next((s["name"] for s in seats if s["position"] == seat), None)
        if name is not None:
            return _(
                "%(name)s's phone is no longer at the table, so this phone stays the host. "
                "Hand the host rights to a phone at the table.",
                name=name,
            )
    return None


@bp.post("/lock")
def lock(match_id: int) -> Response:
    """Lock or unlock joining."""
    match = hosted_match(match_id)
    match.join_locked = request.form.get("locked") == "1"
    return done(match, done="controls")


@bp.post("/rotate")
def rotate(match_id: int) -> Response:
    """A new code and a new QR link; the old ones stop working."""
    match = hosted_match(match_id)
    if match.is_open:
        match.code = new_code()
        match.key_generation += 1
    return done(match, done="controls")


@bp.post("/tv")
def revoke_tv(match_id: int) -> Response:
    """A new TV link: the old one stops working (the join code is not touched)."""
    match = hosted_match(match_id)
    match.viewer_generation = (match.viewer_generation or 0) + 1
    return done(match, done="controls")


@bp.post("/handover")
def handover(match_id: int) -> Response:
    """Give host rights to the phone sitting in another seat, once the host said yes
    (``confirm``), and only to a phone still at the table: a phone that left would take the
    host controls away with it."""
    match = hosted_match(match_id)
    raw = request.form.get("seat", "")
    if not is_index(raw, len(match.seats)):
        abort(400)
    target = holder(match, int(raw))
    if target is None or target.device_id == match.host_device_id:
        abort(400)
    if request.form.get("confirm") != "1":  # chosen, not confirmed: the controls ask first
        return go(url_for("play.sheet", match_id=match.id, **kept_log(), handover=raw) + "#host")
    if not present(target):
        return go(
            url_for("play.sheet", match_id=match.id, **kept_log(), done="away", seat=raw) + "#host"
        )
    host_rights.hand_over(match, target)
    return done(match, done="handed")


@bp.post("/take")
def take_over(match_id: int) -> Response:
    """A seated phone takes the host rights once the host's phone has left the table (checked
    again here: a host's phone that came back in the meantime keeps them)."""
    match, member = member_match_or_404(match_id)
    if member.seat is None or is_host(match):
        abort(400)
    mark_seen(member)
    if not host_rights.may_take_over(match, member):
        db.session.commit()
        return go(url_for("play.sheet", match_id=match.id, done="back") + "#host")
    if not host_rights.take_over(match, member):  # another phone took them a moment before
        db.session.rollback()
        return go(url_for("play.sheet", match_id=match.id, done="beaten") + "#host")
    return done(match, done="took")


@bp.post("/news")
def news_read(match_id: int) -> Response:
    """Put away what this phone was told about the host rights (no other phone shows it)."""
    match, member = member_match_or_404(match_id)
    member.host_news = None
    db.session.commit()
    return go(url_for("play.sheet", match_id=match.id))


@bp.post("/end")
def end(match_id: int) -> Response:
    """End the match now: the current leaders win; a match with nothing entered (or all of it
    undone) ends without a result, kept in the history and left out of the statistics."""
    match = hosted_match(match_id)
    if match.is_open:
        current = replay(match)
        if current.effective():
            match.status = "finished"
            match.winners = seam_for(match.game).leaders(current)
        else:
            match.status = NO_RESULT
            match.winners = None
        match.finished_at = utcnow()
        settle(match, current.state)
    return done(match)


@bp.post("/abandon")
def abandon(match_id: int) -> Response:
    """Abandon the match: no winners, left out of the statistics."""
    match = hosted_match(match_id)
    if match.is_open:
        match.status = "abandoned"
        match.finished_at = utcnow()
    return done(match)
