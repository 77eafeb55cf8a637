"""A player's record in a group, game by game: played, won, results, places, streaks, figures.

The counts, the streaks and the results' average and best are the rows kept per player and
game (:mod:`.kept`), a few rows whatever the history. The game's own figures need the matches'
states, so they are replayed from the latest :data:`WINDOW` matches of each game only (the page
says so once a player has played more), read with the latest matches' list in a few queries
(:mod:`.replays`): the page costs the same at ten matches and at thousands.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flask_babel import format_decimal, format_percent

from ..extensions import db
from ..games.base import Figures, Played
from ..models import Group, Match, Player
from . import kept
from .places import NO_SEAM, place_label, places, seam_of
from .replays import Finished, final_states, load, seated

RECENT = 10


WINDOW = 20
"""Latest matches of a game replayed for its own figures (the list of a page of history)."""


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
    figures_over: int | None = None
    """How many latest matches the game's own figures cover, when fewer than all."""


def latest_of(group: Group, player: Player, game: str) -> list[Finished]:
    """The player's latest :data:`WINDOW` finished matches of ``game`` in the group, oldest
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
        .limit(WINDOW)
    )
    return newest[::-1]


def played_in(matches: list[Finished], player: Player) -> list[Played]:
    """The player's side of these matches, replayed (a log that no longer replays is left out)."""
    states = final_states(matches)
    out = []
    for match in matches:
        state = states.get(match.id)
        seat = next((s.position for s in match.seats if s.player_id == player.id), None)
        if state is None or seat is None:
            continue
        place, shared = places(match, state)[seat]
        won = seam_of(match.game).won(match.winners, seat)
        out.append(Played(match, state, seat, place, shared, won))
    return out


def recent_of(matches: list[Finished], player: Player) -> list[tuple[Finished, str]]:
    """The latest matches, newest first, with the player's place as stored when each ended."""
    out = []
    for match in reversed(matches[-RECENT:]):
        stored = [seat.place for seat in match.seats]
        mine = next((s.place for s in match.seats if s.player_id == player.id), None)
        label = "" if mine is None else place_label(mine, stored.count(mine) > 1)
        out.append((match, label))
    return out


def record(group: Group, player: Player, row: kept.Figures) -> GameRecord:
    """One game's figures: the kept row, and the game's own figures over the latest matches."""
    seam = seam_of(row.game)
    team = seam.cooperative
    matches = latest_of(group, player, row.game)
    average = None
    if row.results:
        average = format_decimal(row.result_sum / row.results, "#,##0.0")
    return GameRecord(
        game=row.game,
        title=seam.title() if seam is not NO_SEAM else row.game,
        team=team,
        played=row.played,
        won=row.won,
        win_rate=None if team else format_percent(row.won / row.played),
        average_result=average,
        best_result=row.best,
        lower_is_better=seam.lower_is_better,
        current_streak=row.streak,
        longest_streak=row.longest,
        figures=seam.figures(played_in(matches, player)),
        recent=recent_of(matches, player),
        figures_over=len(matches) if row.played > len(matches) else None,
    )


def player_record(group: Group, player: Player) -> list[GameRecord]:
    """Every game the player finished in the group, most played first."""
    rows = [row for row in kept.of_player(player.id) if row.group_id == group.id]
    records = [record(group, player, row) for row in rows]
    return sorted(records, key=lambda r: (-r.played, r.title.casefold()))
