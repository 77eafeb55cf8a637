"""Deleting a mistaken match (the host, after a confirmation) and restoring it within 30 days."""

from __future__ import annotations

from flask import Blueprint, Response, abort, url_for

from ..archive.purge import KEEP, aware
from ..extensions import db
from ..models import Match, utcnow
from ..security import is_host, member_match_or_404, membership, new_code
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
