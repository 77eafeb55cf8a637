"""A group's history: its finished matches and how often each player played and won."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, request, url_for
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import StringField
from wtforms.validators import DataRequired, Length

from ..extensions import db
from ..games import SEAMS
from ..live import go, render
from ..models import Group, Match, Membership
from ..security import device_id
from ..sheet import players_of

bp = Blueprint("groups", __name__, url_prefix="/g")
MAX_PAGE = 100_000
"""Beyond any real history; bounds the query's offset."""


class RenameForm(FlaskForm):
    """A new name for the group."""

    name = StringField(
        _l("Group name"),
        validators=[
            DataRequired(_l("Enter a name.")),
            Length(max=60, message=_l("At most 60 characters.")),
        ],
    )


def member_group_or_404(group_id: int) -> Group:
    """The group, if this device joined one of its matches."""
    group = db.session.get(Group, group_id)
    if group is None:
        abort(404)
    joined = db.session.execute(
        db.select(Membership.id)
        .join(Match, Match.id == Membership.match_id)
        .filter(Match.group_id == group.id, Membership.device_id == device_id())
        .limit(1)
    ).first()
    if joined is None:
        abort(404)
    return group


@bp.route("/<int:group_id>", methods=["GET", "POST"])
def history(group_id: int) -> Any:
    """Finished matches, newest first, and per-player counts; the rename form."""
    group = member_group_or_404(group_id)
    form = RenameForm(obj=group if request.method == "GET" else None)
    if form.validate_on_submit():
        group.name = " ".join(form.name.data.split())
        db.session.commit()
        return go(url_for("groups.history", group_id=group.id))
    page = min(max(request.args.get("page", 1, type=int), 1), MAX_PAGE)
    size = 20
    finished = list(
        db.session.execute(
            db.select(Match)
            .filter(Match.group_id == group.id, Match.status == "finished")
            .order_by(Match.finished_at.desc(), Match.id.desc())
            .offset((page - 1) * size)
            .limit(size + 1)
        ).scalars()
    )
    ongoing = list(
        db.session.execute(
            db.select(Match)
            .filter(Match.group_id == group.id, Match.status == "playing")
            .order_by(Match.created_at.desc())
        ).scalars()
    )
    return render(
        "groups/history.html",
        group=group,
        form=form,
        matches=finished[:size],
        more=len(finished) > size,
        page=page,
        ongoing=ongoing,
        counts=player_counts(group),
        seams=SEAMS,
        names=players_of,
        renamed=request.args.get("renamed"),
    )


def player_counts(group: Group) -> list[dict[str, Any]]:
    """Played and won per player over the group's finished matches (ties share the win)."""
    counts: dict[str, dict[str, Any]] = {}
    rows = db.session.execute(
        db.select(Match).filter(Match.group_id == group.id, Match.status == "finished")
    ).scalars()
    for match in rows:
        winners = set(match.winners or [])
        for seat in match.seats:
            entry = counts.setdefault(
                seat.player.name, {"name": seat.player.name, "played": 0, "won": 0}
            )
            entry["played"] += 1
            entry["won"] += seat.position in winners
    return sorted(counts.values(), key=lambda c: (-c["won"], -c["played"], c["name"].casefold()))
