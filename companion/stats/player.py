"""A player's record in a group, game by game: played, won, results, places, streaks, figures.

Everything but the latest matches' list is the rows kept per player and game (:mod:`.kept`): the
counts, the streaks, the results' average and best, and the game's own figures, read from the
tallies each seat stored when its match ended (:mod:`companion.games.figures`). So the figures
cover every match and the page costs the same at ten matches and at thousands: it reads a few
rows and the latest :data:`RECENT` matches of each game, and replays no log.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flask_babel import format_percent

from ..extensions import db
from ..games.figures import Figures, average_of
from ..i18n import gettext as _
from ..models import Group, Match, Player
from . import kept
from .places import NO_SEAM, place_label, seam_of
from .replays import Finished, load, seated

RECENT = 10
"""Latest matches of each game listed with the player's place."""


@dataclass
class GameRecord:
    """One game's line of the player page."""

    game: str
    title: str
    team: bool
    played: int
    won: int
    win_rate: str | None
    average_result: str | None
    best_result: int | None
    lower_is_better: bool
    current_streak: int
    longest_streak: int
    figures: Figures
    recent: list[tuple[Finished, str]] = field(default_factory=list)


def latest_of(group: Group, player: Player, game: str) -> list[Finished]:
    """The player's latest :data:`RECENT` finished matches of ``game`` in the group, oldest
    first (the index on the group, game, status and end serves it)."""
    newest = load(
        db.select(Match)
        .filter(
            Match.group_id == group.id,
            Match.game == game,
            Match.status == "finished",
            Match.deleted_at.is_(None),
            seated(player.id),
        )
        .order_by(Match.finished_at.desc(), Match.id.desc())
        .limit(RECENT)
    )
    return newest[::-1]


def recent_of(matches: list[Finished], player: Player) -> list[tuple[Finished, str]]:
    """The latest matches, newest first, with the player's place as stored when each ended."""
    out = []
    for match in reversed(matches):
        stored = [seat.place for seat in match.seats]
        mine = next((s.place for s in match.seats if s.player_id == player.id), None)
        label = "" if mine is None else place_label(mine, stored.count(mine) > 1)
        out.append((match, label))
    return out


def team_results(matches: list[Finished], label: str | None) -> list[tuple[Finished, str]]:
    """The latest matches of a team game, newest first, each with the team's result (The
    Game's cards left): a team has no place to list."""
    out = []
    for match in reversed(matches):
        result = next((s.result for s in match.seats if s.result is not None), None)
        said = (
            ""
            if result is None or label is None
            else _("%(label)s: %(value)d", label=label, value=result)
        )
        out.append((match, said))
    return out


def record(group: Group, player: Player, row: kept.Figures) -> GameRecord:
    """One game's figures, from the kept row, and its latest matches."""
    seam = seam_of(row.game)
    team = seam.cooperative
    matches = latest_of(group, player, row.game)
    return GameRecord(
        game=row.game,
        title=seam.title() if seam is not NO_SEAM else row.game,
        team=team,
        played=row.played,
        won=row.won,
        win_rate=None if team else format_percent(row.won / row.played),
        average_result=average_of(row.result_sum, row.results),
        best_result=row.best,
        lower_is_better=seam.lower_is_better,
        current_streak=row.streak,
        longest_streak=row.longest,
        figures=seam.figures_of(row.tallies or {}),
        recent=team_results(matches, seam.result_label()) if team else recent_of(matches, player),
    )


def player_record(group: Group, player: Player) -> list[GameRecord]:
    """Every game the player finished in the group, most played first."""
    rows = [row for row in kept.of_player(player.id) if row.group_id == group.id]
    records = [record(group, player, row) for row in rows]
    return sorted(records, key=lambda r: (-r.played, r.title.casefold()))
