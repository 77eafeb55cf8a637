"""A player's page in a group: their record game by game, for the group's members only."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort

from ..extensions import db
from ..models import Player
from ..stats.player import player_record
from .charts import player_charts
from .groups import joined_of, member_group_or_404
from .reply import render

bp = Blueprint("players", __name__, url_prefix="/g")


@bp.route("/<int:group_id>/p/<int:player_id>")
def player(group_id: int, player_id: int) -> Any:
    """Played, won, results, streaks and each game's own figures; 404 outside the group."""
    group = member_group_or_404(group_id)
    person = db.session.get(Player, player_id)
    if person is None or person.group_id != group.id:
        abort(404)
    trends, bars = player_charts(group, person)
    records = player_record(group, person)
    return render(
        "players/player.html",
        group=group,
        player=person,
        records=records,
        joined=joined_of([m.id for r in records for m, _place in r.recent]),
        trends=trends,
        bars=bars,
    )
