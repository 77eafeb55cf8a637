"""A match as plain rows, for the pages and polls that only read it.

The sheet page and the poll after a change show a match, its group, its seats and their players,
and the move held for a player's choice (:mod:`companion.pending`), and change none of them.
Loading those as ORM objects cost more than the query itself (identity map, instrumented
attributes, the joined-eager bookkeeping); here one joined select returns plain rows, folded
into frozen objects with the same attribute names as the models, so the templates, the rules
seam and the snapshot key read them alike. Views that change a match load the ORM object
instead (:func:`companion.security.member_match_or_404`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Row, bindparam, select

from .extensions import db
from .models import Group, Match, Pending, Player, Seat

UNREAD = frozenset({"start_key"})
"""Columns no sheet shows: only the new-match form's retry looks for its key (views/new_keys.py)."""
MATCH_COLUMNS = tuple(c.key for c in Match.__table__.columns if c.key not in UNREAD)
SEAT_COLUMNS = ("id", "match_id", "player_id", "position", "result", "place")
PLAYER_COLUMNS = ("id", "group_id", "name", "key", "uid")
PENDING_COLUMNS = ("move_json", "seat", "version", "device_id")


@dataclass(frozen=True, slots=True)
class GroupRow:
    """The match's group: what a sheet names and links to."""

    id: int
    name: str


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """A seat's player."""

    id: int
    group_id: int
    name: str
    key: str
    uid: str | None


@dataclass(frozen=True, slots=True)
class PendingRow:
    """The move held for a player's choice (as :class:`companion.models.Pending`)."""

    move_json: str
    seat: int
    version: int
    device_id: str | None

    @property
    def move(self) -> dict[str, Any]:
        """The move as a JSON object."""
        value: dict[str, Any] = json.loads(self.move_json)
        return value


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat, with its player."""

    id: int
    match_id: int
    player_id: int
    position: int
    result: int | None
    place: int | None
    player: PlayerRow


@dataclass(frozen=True, slots=True)
class MatchRow:
    """Every column of ``matches`` a sheet reads (all but :data:`UNREAD`), the group, the seats
    in seat order and the held move."""

    id: int
    uid: str | None
    group_id: int
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    version: int
    code: str | None
    key_generation: int
    viewer_generation: int
    join_locked: bool
    host_device_id: str | None
    winners: list[int] | None
    created_at: datetime
    finished_at: datetime | None
    next_match_id: int | None
    deleted_at: datetime | None
    active_at: datetime | None
    group: GroupRow
    seats: list[SeatRow]
    pending: PendingRow | None
    """The held move, only while it is current (held at the match's version)."""

    @property
    def is_open(self) -> bool:
        """Whether entries and joining are still possible (as :attr:`Match.is_open`)."""
        return self.status in ("lobby", "playing")


matches, seats, players, groups, held = (
    Match.__table__,
    Seat.__table__,
    Player.__table__,
    Group.__table__,
    Pending.__table__,
)
SEATED = (
    select(
        *(matches.c[name].label(f"m_{name}") for name in MATCH_COLUMNS),
        groups.c.name.label("g_name"),
        *(seats.c[name].label(f"s_{name}") for name in SEAT_COLUMNS),
        *(players.c[name].label(f"p_{name}") for name in PLAYER_COLUMNS),
        *(held.c[name].label(f"h_{name}") for name in PENDING_COLUMNS),
    )
    .select_from(matches)
    .join(groups, groups.c.id == matches.c.group_id)
    .outerjoin(held, (held.c.match_id == matches.c.id) & (held.c.version == matches.c.version))
    .outerjoin(seats, seats.c.match_id == matches.c.id)
    .outerjoin(players, players.c.id == seats.c.player_id)
    .where(matches.c.id == bindparam("match_id"))
    .order_by(seats.c.position)
)
"""Built once: the match, its group, its seated players and its current held move in one
statement."""


def seated_match(match_id: int) -> MatchRow | None:
    """The match ``match_id`` as plain rows (deleted ones too: the caller decides), or None."""
    rows = db.session.connection().execute(SEATED, {"match_id": match_id}).all()
    if not rows:
        return None
    first = rows[0]._mapping
    fields = {name: first[f"m_{name}"] for name in MATCH_COLUMNS}
    group = GroupRow(id=fields["group_id"], name=first["g_name"])
    seated = [seat_of(row) for row in rows if row._mapping["s_id"] is not None]
    pending = None
    if first["h_seat"] is not None:
        pending = PendingRow(**{name: first[f"h_{name}"] for name in PENDING_COLUMNS})
    return MatchRow(**fields, group=group, seats=seated, pending=pending)


def seat_of(row: Row[Any]) -> SeatRow:
    """One seat and its player from a row of :data:`SEATED`."""
    values = row._mapping
    player = PlayerRow(**{name: values[f"p_{name}"] for name in PLAYER_COLUMNS})
    return SeatRow(**{name: values[f"s_{name}"] for name in SEAT_COLUMNS}, player=player)
