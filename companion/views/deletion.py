"""Deleting a mistaken match (the host, after a confirmation) and restoring it within 30 days."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from flask import Blueprint, Response, abort, request, url_for

from ..archive.purge import KEEP, aware
from ..extensions import db
from ..models import Match, Membership, utcnow
from ..security import device_id, is_host, member_match_or_404, membership, new_code
from ..sheet import players_of, touch
from .manage_forms import ConfirmForm
from .reply import go, render

bp = Blueprint("deletion", __name__, url_prefix="/m/<int:match_id>")


def hosted(match_id: int) -> Match:
    """The match, if this device hosts it: other members get 403, everyone else 404."""
    match, _member = member_match_or_404(match_id)
    if not is_host(match):
        abort(403)
    return match


@bp.route("/delete", methods=["GET", "POST"])
def delete(match_id: int) -> Response:
    """Ask "Delete this match?"; a yes hides it everywhere, a no goes back to the sheet."""
    match = hosted(match_id)
    form = ConfirmForm()
    if form.validate_on_submit():
        match.deleted_at = utcnow()
        match.code = None
        touch(match)
        db.session.commit()
        return go(url_for("manage.deleted", group_id=match.group_id, done="deleted"))
    return render(
        "manage/delete.html", "manage/_delete.html", match=match, form=form, names=players_of(match)
    )


def deleted_match_or_404(match_id: int) -> Match:
    """A match deleted less than 30 days ago that this device joined; 403 unless it hosts it."""
    match = db.session.get(Match, match_id)
    if match is None or match.deleted_at is None or membership(match) is None:
        abort(404)
    if aware(match.deleted_at) + KEEP < utcnow():
        abort(404)
    if not is_host(match):
        abort(403)
    return match


def sees_deleted(group_id: int, live_only: bool = False) -> bool:
    """Whether this device may open the group's deleted matches: it joined one of the group's
    matches, deleted ones included (a host whose only match there was deleted restores it).
    ``live_only`` asks instead whether it may open the group's page, which takes a match that
    is still there."""
    query = (
        db.select(Membership.id)
        .join(Match, Match.id == Membership.match_id)
        .filter(Match.group_id == group_id, Membership.device_id == device_id())
    )
    if live_only:
        query = query.filter(Match.deleted_at.is_(None))
    return db.session.execute(query.limit(1)).first() is not None


def gone_notice() -> dict[str, Any] | None:
    """What the "nothing here" page says instead when the request named a deleted match that
    this device was at, or whose group's deleted matches it may open: that it was deleted,
    until when it can be restored, and by whom; to a phone that cannot restore it, the group
    to go back to. Anyone else learns nothing (None)."""
    match_id = (request.view_args or {}).get("match_id")
    match = db.session.get(Match, match_id) if isinstance(match_id, int) else None
    if match is None or match.deleted_at is None:
        return None
    if not sees_deleted(match.group_id):  # the phones that were at it are among these
        return None
    until: datetime = aware(match.deleted_at) + KEEP
    host = is_host(match)
    return {
        "group_id": match.group_id,
        "until": until if until > utcnow() else None,
        "host": host,
        # Only the host can restore it: another phone's way on is its group, if it has one left.
        "group": match.group if not host and sees_deleted(match.group_id, True) else None,
    }


@bp.post("/restore")
def restore(match_id: int) -> Response:
    """Bring a deleted match back, with a new code if it was still being played."""
    match = deleted_match_or_404(match_id)
    if not ConfirmForm().validate_on_submit():
        abort(400)
    match.deleted_at = None
    if match.is_open:
        match.code = new_code()
    touch(match)
    db.session.commit()
    return go(url_for("groups.history", group_id=match.group_id, done="restored") + "#manage")
