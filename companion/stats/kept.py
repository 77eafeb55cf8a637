"""Each player's figures per game, kept in a table so the group and player pages read a few rows
whatever the length of the history.

A row of ``player_games`` holds, for one player and one game of their group: matches played and
won, the current and longest run of wins, how many results were stored with their sum and the
best of them, the game's own tallies combined (:mod:`companion.games.figures`), and which match
was counted last. Only finished matches that were not deleted count; what counts as a win is the
game's to say (:meth:`companion.games.base.Seam.won`), what is a better result too
(:attr:`~companion.games.base.Seam.lower_is_better`).

The rows are written by :mod:`.keeping` in the transaction that changes a match: one more match
at the end of a player's history adds to the row (:func:`added`); anything else (an undo after
the end, even one that changes only a seat's tallies, a deletion, a restore, an import, a merge
of players) recounts the row from the seats' stored results and tallies (:func:`recount`), which
is what a full rebuild (:func:`rebuild`, the migration's backfill) does for every row. A test
proves the kept rows equal to a rebuild after random sequences of all of these.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Connection, DateTime, Integer, String, delete, insert, select
from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db
from ..games.figures import Tallies, combined
from ..models import Match, Player, Seat
from .places import seam_of


class PlayerGame(db.Model):
    """One player's kept figures for one game (see the module's docstring)."""

    __tablename__ = "player_games"

    player_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(20), primary_key=True)
    group_id: Mapped[int] = mapped_column(Integer, index=True)
    played: Mapped[int] = mapped_column(Integer, default=0)
    won: Mapped[int] = mapped_column(Integer, default=0)
    streak: Mapped[int] = mapped_column(Integer, default=0)
    longest: Mapped[int] = mapped_column(Integer, default=0)
    results: Mapped[int] = mapped_column(Integer, default=0)
    result_sum: Mapped[int] = mapped_column(Integer, default=0)
    best: Mapped[int | None] = mapped_column(Integer)
    last_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    last_id: Mapped[int | None] = mapped_column(Integer)
    tallies: Mapped[dict[str, int] | None] = mapped_column(JSON(none_as_null=True))


TABLE = PlayerGame.__table__


@dataclass(frozen=True)
class Figures:
    """The numbers of one row, as the pages and the arithmetic use them."""

    player_id: int
    game: str
    group_id: int
    played: int = 0
    won: int = 0
    streak: int = 0
    longest: int = 0
    results: int = 0
    result_sum: int = 0
    best: int | None = None
    last_at: datetime | None = None
    last_id: int | None = None
    tallies: dict[str, int] | None = None

    def columns(self) -> dict[str, Any]:
        """The row's values for an INSERT."""
        return dict(self.__dict__)


def moment(when: datetime | None) -> datetime:
    """A comparable instant: SQLite gives naive UTC datetimes, PostgreSQL aware ones."""
    if when is None:
        return datetime.min
    return when.astimezone(UTC).replace(tzinfo=None) if when.tzinfo else when


def added(
    row: Figures,
    match_id: int,
    finished_at: datetime | None,
    won: bool,
    result: int | None,
    tallies: Tallies | None,
) -> Figures:
    """``row`` with one more match counted after every match it counts (its result only as
    the game ranks it: :meth:`~companion.games.base.Seam.ranked`)."""
    seam = seam_of(row.game)
    result = seam.ranked(result, tallies or {})
    streak = row.streak + 1 if won else 0
    best = row.best
    if result is not None:
        lower = seam.lower_is_better
        if best is None or (result < best if lower else result > best):
            best = result
    return replace(
        row,
        played=row.played + 1,
        won=row.won + int(won),
        streak=streak,
        longest=max(row.longest, streak),
        results=row.results + (result is not None),
        result_sum=row.result_sum + (result or 0),
        best=best,
        last_at=finished_at,
        last_id=match_id,
        tallies=combined(seam.kept_as, row.tallies or {}, tallies or {}),
    )


def after_last(row: Figures, match_id: int, finished_at: datetime | None) -> bool:
    """Whether a match ends after every match ``row`` counts (so :func:`added` is exact)."""
    return (moment(finished_at), match_id) > (moment(row.last_at), row.last_id or 0)


def counted() -> Any:
    """The seats that count, with what :func:`added` needs, oldest match first: a select to
    narrow by player or group."""
    return (
        select(
            Seat.player_id,
            Match.game,
            Match.group_id,
            Match.id.label("match_id"),
            Match.finished_at,
            Match.winners,
            Seat.position,
            Seat.result,
            Seat.tallies,
        )  # fmt: skip
        .join(Match, Match.id == Seat.match_id)
        .where(Match.status == "finished", Match.deleted_at.is_(None))
        .order_by(Seat.player_id, Match.game, Match.finished_at, Match.id)
    )


def folded(rows: Iterable[Any]) -> list[Figures]:
    """The figures of every (player, game) in ``rows`` (ordered as :func:`counted` orders)."""
    out: dict[tuple[int, str], Figures] = {}
    for seat in rows:
        key = (seat.player_id, seat.game)
        row = out.get(key) or Figures(seat.player_id, seat.game, seat.group_id)
        won = seam_of(seat.game).won(list(seat.winners or []), seat.position)
        out[key] = added(row, seat.match_id, seat.finished_at, won, seat.result, seat.tallies)
    return list(out.values())


def write(connection: Connection, rows: Iterable[Figures]) -> None:
    """Insert these rows (their old versions already deleted)."""
    values = [row.columns() for row in rows]
    if values:
        connection.execute(insert(TABLE), values)


def recount(connection: Connection, keys: set[tuple[int, str]]) -> None:
    """Count these (player, game) rows again from the seats' stored results."""
    for player_id, game in sorted(keys):
        connection.execute(
            delete(TABLE).where(TABLE.c.player_id == player_id, TABLE.c.game == game)
        )
        query = counted().where(Seat.player_id == player_id, Match.game == game)
        write(connection, folded(connection.execute(query)))


def rebuild(connection: Connection, group_ids: Iterable[int] | None = None) -> int:
    """Count every row of these groups (every group without ``group_ids``) again; returns how
    many rows were written."""
    rows: list[Figures] = []
    if group_ids is None:
        connection.execute(delete(TABLE))
        rows = folded(connection.execute(counted()))
    else:
        for group_id in sorted(set(group_ids)):
            connection.execute(delete(TABLE).where(TABLE.c.group_id == group_id))
            players = select(Player.id).where(Player.group_id == group_id)
            query = counted().where(Seat.player_id.in_(players))
            rows.extend(folded(connection.execute(query)))
    write(connection, rows)
    return len(rows)


def row_of(connection: Connection, player_id: int, game: str, group_id: int) -> Figures:
    """The kept row, or an empty one."""
    found = connection.execute(
        select(*TABLE.c).where(TABLE.c.player_id == player_id, TABLE.c.game == game)
    ).first()
    return Figures(**found._asdict()) if found is not None else Figures(player_id, game, group_id)


def save(connection: Connection, row: Figures) -> None:
    """Replace the kept row with ``row``."""
    connection.execute(
        delete(TABLE).where(TABLE.c.player_id == row.player_id, TABLE.c.game == row.game)
    )
    write(connection, [row])


def of_group(group_id: int) -> list[tuple[Figures, str]]:
    """Every kept row of the group with the player's name (a few rows per player)."""
    found = db.session.execute(
        select(*TABLE.c, Player.name)
        .join(Player, Player.id == TABLE.c.player_id)
        .where(TABLE.c.group_id == group_id, TABLE.c.played > 0)
    ).all()
    return [(Figures(*row[:-1]), row[-1]) for row in found]


def of_player(player_id: int) -> list[Figures]:
    """The player's kept rows, one per game they finished."""
    found = db.session.execute(
        select(*TABLE.c).where(TABLE.c.player_id == player_id, TABLE.c.played > 0)
    ).all()
    return [Figures(*row) for row in found]
