"""Host controls: lock joining, rotate the code, hand over host rights, end or abandon."""

from __future__ import annotations

from flask import Blueprint, Response, abort, request, url_for

from ..extensions import db
from ..games import seam_for
from ..models import NO_RESULT, Match, Membership, utcnow
from ..results import settle
from ..security import is_host, is_index, member_match_or_404, new_code
from ..sheet import replay, touch
from .reply import go

bp = Blueprint("host", __name__, url_prefix="/m/<int:match_id>/host")


def hosted_match(match_id: int) -> Match:
    """The match, if this device is its host; members who are not get 403, others 404."""
    match, _member = member_match_or_404(match_id)
    if not is_host(match):
        abort(403)
    return match


def done(match: Match) -> Response:
    """Commit a host change with a new version so every phone refreshes."""
    touch(match)
    db.session.commit()
    return go(url_for("play.sheet", match_id=match.id) + "#host")


@bp.post("/lock")
def lock(match_id: int) -> Response:
    """Lock or unlock joining."""
    match = hosted_match(match_id)
    match.join_locked = request.form.get("locked") == "1"
    return done(match)


@bp.post("/rotate")
def rotate(match_id: int) -> Response:
    """A new code and a new QR link; the old ones stop working."""
    match = hosted_match(match_id)
    if match.is_open:
        match.code = new_code()
        match.key_generation += 1
    return done(match)


@bp.post("/tv")
def revoke_tv(match_id: int) -> Response:
    """A new TV link: the old one stops working (the join code is not touched)."""
    match = hosted_match(match_id)
    match.viewer_generation = (match.viewer_generation or 0) + 1
    return done(match)


@bp.post("/handover")
def handover(match_id: int) -> Response:
    """Give host rights to the phone sitting in another seat."""
    match = hosted_match(match_id)
    raw = request.form.get("seat", "")
    if not is_index(raw, len(match.seats)):
        abort(400)
    target = db.session.execute(
        db.select(Membership).filter_by(match_id=match.id, seat=int(raw))
    ).scalar_one_or_none()
    if target is None:
        abort(400)
    match.host_device_id = target.device_id
    return done(match)


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
        match.code = None
        settle(match, current.state)
    return done(match)


@bp.post("/abandon")
def abandon(match_id: int) -> Response:
    """Abandon the match: no winners, left out of the statistics."""
    match = hosted_match(match_id)
    if match.is_open:
        match.status = "abandoned"
        match.finished_at = utcnow()
        match.code = None
    return done(match)
