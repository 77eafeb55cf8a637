"""What the group and player charts draw, read from the results stored on the seats.

Every figure here comes from ``Match.winners`` and ``Seat.result`` / ``Seat.place``, written
when a match ends (:mod:`companion.results`): no log is replayed, and a page's charts cost three
statements whatever the history and however many games (the latest matches of every game,
their seats, the win shares). Over-time charts show the latest :data:`LATEST` matches of
each game; the win shares count every match, read from the rows kept per player and game
(:mod:`.kept`).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import union_all

from ..extensions import db
from ..games import SEAMS
from ..models import Group, Match, Player, Seat
from .kept import of_group
from .places import seam_of
from .replays import chunks, seated

LATEST = 40
"""Matches per game on an over-time chart: enough for a season, still legible at 360 px."""


@dataclass(frozen=True)
class Sitting:
    """One seat of a charted match: who, and the numbers stored at the end."""

    player_id: int
    name: str
    position: int
    result: int | None
    place: int | None
    tallies: dict[str, int] | None = None
    """What the game counted for the seat at the end (The Game: whether the fire lost it)."""


@dataclass(frozen=True)
class Outing:
    """One finished match as the charts need it."""

    id: int
    finished_at: datetime | None
    winners: tuple[int, ...]
    seats: tuple[Sitting, ...]

    def won(self, game: str, sitting: Sitting) -> bool:
        """Whether this seat counts a win (the game's seam decides: ties, teams)."""
        return seam_of(game).won(self.winners, sitting.position)


@dataclass(frozen=True)
class Share:
    """A player's wins of one game against the matches they played of it."""

    player_id: int
    name: str
    played: int
    won: int

    @property
    def rate(self) -> float:
        """Won over played, 0 to 1."""
        return self.won / self.played if self.played else 0.0


def finished_in(group: Group) -> Any:
    """The group's finished matches that were not deleted."""
    return db.select(Match.id).filter(
        Match.group_id == group.id, Match.status == "finished", Match.deleted_at.is_(None)
    )


def outings(ids: list[int]) -> dict[int, tuple[Sitting, ...]]:
    """The seats of these matches with their stored numbers, by match."""
    seats: dict[int, list[Sitting]] = defaultdict(list)
    for part in chunks(ids):
        rows = db.session.execute(
            db.select(
                Seat.match_id,
                Seat.player_id,
                Player.name,
                Seat.position,
                Seat.result,
                Seat.place,
                Seat.tallies,
            )
            .join(Player, Player.id == Seat.player_id)
            .filter(Seat.match_id.in_(part))
            .order_by(Seat.match_id, Seat.position)
        ).all()
        for match_id, *sitting in rows:
            seats[match_id].append(Sitting(*sitting))
    return {match_id: tuple(found) for match_id, found in seats.items()}


def latest_by_game(query: Any) -> dict[str, list[Outing]]:
    """The newest :data:`LATEST` matches of each game ``query`` finds, oldest first, the game
    played most recently first. One statement for every game (a UNION ALL of one short, indexed
    read per game, each stopping after LATEST rows) and one more for the seats: the work does not
    grow with the history, as a window over every match would."""
    newest = (Match.finished_at.desc(), Match.id.desc())
    columns = (Match.id, Match.game, Match.finished_at, Match.winners)
    branches = [
        db.select(
            query.filter(Match.game == game)
            .with_only_columns(*columns)
            .order_by(*newest)
            .limit(LATEST)
            .subquery()
        )
        for game in sorted(SEAMS)
    ]
    rows = db.session.execute(union_all(*branches)).all()
    seats = outings([row.id for row in rows])
    by_game: dict[str, list[Outing]] = defaultdict(list)
    for id_, game, finished_at, winners in rows:
        by_game[game].append(Outing(id_, finished_at, tuple(winners or ()), seats.get(id_, ())))
    order = sorted(by_game, key=lambda game: -moment(by_game[game][0]))
    return {game: by_game[game][::-1] for game in order}


def moment(outing: Outing) -> float:
    """When a match ended, as a number to order games by their latest match."""
    return outing.finished_at.timestamp() if outing.finished_at else 0.0


def group_latest(group: Group) -> dict[str, list[Outing]]:
    """The group's latest matches of each game it finished."""
    return latest_by_game(finished_in(group))


def player_latest(group: Group, player: Player) -> dict[str, list[Outing]]:
    """The player's latest matches of each game in the group."""
    return latest_by_game(finished_in(group).filter(seated(player.id)))


def shares(group: Group) -> dict[str, list[Share]]:
    """Per game, each player's played and won, most wins first: the kept rows of the group
    (:mod:`.kept`), a few per player, whatever the length of the history."""
    counts: dict[str, list[Share]] = defaultdict(list)
    for row, name in of_group(group.id):
        counts[row.game].append(Share(row.player_id, name, row.played, row.won))
    return {
        game: sorted(players, key=lambda s: (-s.won, -s.rate, s.name.casefold()))
        for game, players in counts.items()
    }
