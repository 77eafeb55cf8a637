"""The stored data: groups, players, matches, seats, the entry log and devices.

Scores are never stored: a match's state is always the replay of its entry log through the rules.
"""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db

NO_RESULT = "no_result"
"""The status of a match ended before anything counted: in the history, out of the statistics."""


def utcnow() -> datetime:
    """The current time in UTC, for every timestamp column."""
    return datetime.now(UTC)


def new_uid() -> str:
    """A random id that stays with a row wherever it goes (export, import, BG Stats).

    Every row gets one (this default, or the migration that added the column); the column
    allows NULL only because SQLite cannot add a NOT NULL column in place.
    """
    return uuid.uuid4().hex


class Group(db.Model):
    """The people who play together; owns players and matches."""

    __tablename__ = "groups"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    players: Mapped[list[Player]] = relationship(back_populates="group", order_by="Player.name")
    matches: Mapped[list[Match]] = relationship(back_populates="group")


class Player(db.Model):
    """A name in a group; unique per group ignoring case (``key`` is the folded name)."""

    __tablename__ = "players"

    __table_args__ = (UniqueConstraint("group_id", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    key: Mapped[str] = mapped_column(String(40))
    uid: Mapped[str] = mapped_column(
        String(32), unique=True, index=True, nullable=True, default=new_uid
    )
    """Stable across renames: the id BG Stats knows this player by."""

    group: Mapped[Group] = relationship(back_populates="players")


class Match(db.Model):
    """One game of one slug. ``version`` goes up in the same transaction as every change."""

    __tablename__ = "matches"
    __table_args__ = (
        Index("ix_matches_history", "group_id", "status", "finished_at"),
        Index("ix_matches_group_game", "group_id", "game", "status", "finished_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    uid: Mapped[str] = mapped_column(
        String(32), unique=True, index=True, nullable=True, default=new_uid
    )
    """The match's id on every installation: an import skips a match it already holds."""
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id"), index=True)
    game: Mapped[str] = mapped_column(String(20))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    seed: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(10), default="playing", index=True)
    version: Mapped[int] = mapped_column(Integer, default=1)
    code: Mapped[str | None] = mapped_column(String(6), unique=True)
    key_generation: Mapped[int] = mapped_column(Integer, default=0)
    viewer_generation: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """Bumped when the host revokes the TV link; independent of the join code's generation."""
    join_locked: Mapped[bool] = mapped_column(Boolean, default=False)
    host_device_id: Mapped[str | None] = mapped_column(ForeignKey("devices.id"))
    winners: Mapped[list[int] | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    next_match_id: Mapped[int | None] = mapped_column(ForeignKey("matches.id"))
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    """Set when the host deletes a mistaken match: hidden everywhere, its entries kept 30 days."""
    active_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=utcnow)
    """When something last happened at the table (an entry, a seat, a host action, a phone
    joining): the join code stops admitting phones after a long pause (join_codes.py)."""
    start_key: Mapped[str | None] = mapped_column(String(64), unique=True, index=True)
    """The one-time key of the new-match form that started it: the same form sent again (a
    second tap, a resent POST) lands on this match instead of starting another. Unique across
    all matches (the keys are 128 random bits); None for rematches, imports and older rows."""

    group: Mapped[Group] = relationship(back_populates="matches")
    seats: Mapped[list[Seat]] = relationship(
        back_populates="match", order_by="Seat.position", cascade="all, delete-orphan"
    )
    entries: Mapped[list[Entry]] = relationship(
        back_populates="match", order_by="Entry.seq", cascade="all, delete-orphan"
    )

    @property
    def is_open(self) -> bool:
        """Whether entries and joining are still possible."""
        return self.status in ("lobby", "playing")


class Seat(db.Model):
    """A player's place in a match; ``position`` is the seat index the rules use.

    ``result`` and ``place`` are the seat's final number and place, and ``tallies`` what the
    match adds to the player's figures for its game (:mod:`companion.games.figures`), written
    when the match ends and rewritten by every change after the end (:mod:`companion.results`),
    so the charts and the player page read them without replaying logs; None while the match
    is open.
    """

    __tablename__ = "seats"

    __table_args__ = (UniqueConstraint("match_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    result: Mapped[int | None] = mapped_column(Integer)
    place: Mapped[int | None] = mapped_column(Integer)
    tallies: Mapped[dict[str, int] | None] = mapped_column(JSON(none_as_null=True))

    match: Mapped[Match] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship()


class Entry(db.Model):
    """One line of the append-only log: a move, or an undo of an earlier entry."""

    __tablename__ = "entries"

    __table_args__ = (
        UniqueConstraint("match_id", "seq"),
        UniqueConstraint("match_id", "idem_key"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    move_json: Mapped[str] = mapped_column(Text)
    undoes: Mapped[int | None] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer)
    device_id: Mapped[str | None] = mapped_column(ForeignKey("devices.id"))
    idem_key: Mapped[str | None] = mapped_column(String(64))
    version: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    match: Mapped[Match] = relationship(back_populates="entries")

    @property
    def move(self) -> dict[str, Any]:
        """The move as a JSON object."""
        value: dict[str, Any] = json.loads(self.move_json)
        return value


class Device(db.Model):
    """An anonymous phone or browser, known by a random id kept in its signed session cookie."""

    __tablename__ = "devices"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Membership(db.Model):
    """A device that joined a match, and the seat it claimed there (if any).

    ``last_seen`` says whether the phone is still at the table (a recently seen holder must
    consent before its seat changes hands); ``asks_seat`` is the seat it asked another phone for,
    and ``turned_down_seat`` one it asked for in vain (its phone or the host said no: said on this
    phone's sheet until it asks, takes a seat or says it has read it); ``host_news`` what this
    phone is told about the host rights until it says it has read it (:mod:`..host_rights`).
    """

    __tablename__ = "memberships"

    __table_args__ = (UniqueConstraint("device_id", "match_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    device_id: Mapped[str] = mapped_column(ForeignKey("devices.id"), index=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id"), index=True)
    seat: Mapped[int | None] = mapped_column(Integer)
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    last_seen: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    asks_seat: Mapped[int | None] = mapped_column(Integer)
    turned_down_seat: Mapped[int | None] = mapped_column(Integer)
    host_news: Mapped[str | None] = mapped_column(String(10))


class Pending(db.Model):
    """A move waiting for one player's choice (6 nimmt!: which row to take with a too-low card).

    It is valid only while the match is still at ``version``: any other change makes it moot, so a
    stale choice can never be applied. Nothing here counts until it becomes an Entry.
    """

    __tablename__ = "pending"

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    move_json: Mapped[str] = mapped_column(Text)
    seat: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)
    device_id: Mapped[str | None] = mapped_column(ForeignKey("devices.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    @property
    def move(self) -> dict[str, Any]:
        """The move as a JSON object."""
        value: dict[str, Any] = json.loads(self.move_json)
        return value
