"""A player's record in a group, game by game: played, won, results, places, streaks, figures.

The player's finished matches are read in two queries (matches, then seats and players), their
logs in one more, and replayed in memory (:mod:`.replays`); nothing is cached, so a renamed or
merged player, an undo after the end or a deleted match shows at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flask_babel import format_percent

from ..extensions import db
from ..games.base import Figures, Played, average
from ..models import Group, Match, Player, Seat
from .places import NO_SEAM, place_label, places, seam_of
from .replays import Finished, final_states, load

RECENT = 10


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


def matches_of(group: Group, player: Player) -> list[Finished]:
    """The player's finished matches in the group that were not deleted, oldest first."""
    seated = db.select(Seat.match_id).filter(Seat.player_id == player.id)
    return load(
        db.select(Match)
        .filter(
            Match.group_id == group.id,
            Match.status == "finished",
            Match.deleted_at.is_(None),
            Match.id.in_(seated),
        )
        .order_by(Match.finished_at, Match.id)
    )


def played_by(group: Group, player: Player) -> dict[str, list[Played]]:
    """The player's matches per game, replayed, oldest first."""
    matches = matches_of(group, player)
    states = final_states(matches)
    by_game: dict[str, list[Played]] = {}
    for match in matches:
        state = states.get(match.id)
        seat = next((s.position for s in match.seats if s.player_id == player.id), None)
        if state is None or seat is None:
            continue
        place, shared = places(match, state)[seat]
        won = seam_of(match.game).won(match.winners, seat)
        by_game.setdefault(match.game, []).append(Played(match, state, seat, place, shared, won))
    return by_game


def streaks(wins: list[bool]) -> tuple[int, int]:
    """The current run of wins (ending with the latest match) and the longest one."""
    current = longest = 0
    for won in wins:
        current = current + 1 if won else 0
        longest = max(longest, current)
    return current, longest


def record(game: str, games: list[Played]) -> GameRecord:
    """One game's figures from the player's matches of that game."""
    seam = seam_of(game)
    team = seam.cooperative
    wins = [g.won for g in games]
    current, longest = streaks(wins)
    results = [r for g in games if (r := seam.result(g.state, g.seat)) is not None]
    lower = seam.lower_is_better
    best = (min(results) if lower else max(results)) if results else None
    return GameRecord(
        game=game,
        title=seam.title() if seam is not NO_SEAM else game,
        team=team,
        played=len(games),
        won=sum(wins),
        win_rate=None if team else format_percent(sum(wins) / len(games)),
        average_result=average(results),
        best_result=best,
        lower_is_better=lower,
        current_streak=current,
        longest_streak=longest,
        figures=seam.figures(games),
        recent=[(g.match, place_label(g.place, g.shared)) for g in reversed(games[-RECENT:])],
    )


def player_record(group: Group, player: Player) -> list[GameRecord]:
    """Every game the player finished in the group, most played first."""
    by_game = played_by(group, player)
    records = [record(game, games) for game, games in by_game.items()]
    return sorted(records, key=lambda r: (-r.played, r.title.casefold()))
