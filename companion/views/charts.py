"""The charts for templates: ``running_chart(sheet)`` once a match is over, and the group and
player pages' charts (:func:`group_charts`, :func:`player_charts`) from the stored results."""

from __future__ import annotations

from dataclasses import dataclass, replace

from flask import Blueprint

from ..bgstats import Handoff, handoff
from ..chart import Chart, draw
from ..chart_shapes import Bars, Trend, Winners, share_bars, trend, winners_grid
from ..games import SEAMS
from ..models import Group, Player
from ..sheet import Sheet
from ..stats.places import NO_SEAM, seam_of
from ..stats.trends import Share, group_latest, player_latest, shares

bp = Blueprint("charts", __name__)


@bp.app_template_global()
def running_chart(sheet: Sheet[object]) -> Chart | None:
    """The chart of a match that is over; None while it is played or has nothing to draw."""
    seam = SEAMS.get(sheet.match.game)
    if seam is None or sheet.match.is_open:
        return None
    running = seam.running_totals(sheet)
    return None if running is None else draw(running)


@bp.app_template_global()
def bgstats(sheet: Sheet[object]) -> Handoff | None:
    """The BG Stats links of a finished match (:mod:`companion.bgstats`)."""
    return handoff(sheet.match, sheet.state)


@dataclass(frozen=True)
class GameCharts:
    """One game's charts on the group page."""

    game: str
    title: str
    trend: Trend | None
    winners: Winners | None
    bars: Bars | None


def group_charts(group: Group, per_game: dict[str, list[Share]] | None = None) -> list[GameCharts]:
    """Per game the group finished, the latest played first: the team's results over time for a
    cooperative game, who won each match otherwise, and every player's win share (``per_game``
    when the caller already has :func:`shares`)."""
    per_game = shares(group) if per_game is None else per_game
    out = []
    for game, latest in group_latest(group).items():
        seam = seam_of(game)
        team = seam.cooperative
        out.append(
            GameCharts(
                game,
                seam.title() if seam is not NO_SEAM else game,
                trend(game, latest) if team else None,
                None if team else winners_grid(game, latest),
                share_bars(per_game.get(game, [])),
            )
        )
    return out


def player_charts(group: Group, player: Player) -> tuple[dict[str, Trend], Bars | None]:
    """The player's results (or places) over time per game, and their win share per game."""
    trends: dict[str, Trend] = {}
    for game, latest in player_latest(group, player).items():
        drawn = trend(game, latest, player.id)
        if drawn is not None:
            trends[game] = drawn
    mine: list[Share] = []
    for game, players in shares(group).items():
        share = next((s for s in players if s.player_id == player.id), None)
        if share is not None:
            seam = seam_of(game)
            mine.append(replace(share, name=seam.title() if seam is not NO_SEAM else game))
    mine.sort(key=lambda s: (-s.played, s.name.casefold()))
    return trends, share_bars(mine)
