"""Keeps ``player_games`` (:mod:`.kept`) right in the transaction that changes a match.

Every way a match changes goes through the ORM session: the end of a match and an undo after it
(:func:`companion.sheet.append`), the host's "end now", a deletion and its restore, an import,
a merge of groups or players, a JSON restore. So the session itself is watched rather than each
of those writers: after each flush the matches, seats and players that changed are noted in
``session.info``; just before the commit the rows they touch are brought up to date, once per
transaction however many flushes it made (an import of thousands of matches recounts each row
once). A match that ends after everything a row counts adds to it; anything else recounts the
rows of its players. A rollback forgets what was noted.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import event, inspect, select
from sqlalchemy.orm import Session

from ..models import Match, Player, Seat
from .kept import added, after_last, rebuild, recount, row_of, save
from .places import seam_of

WATCHED = ("status", "winners", "deleted_at", "finished_at", "group_id")
"""The match columns that change what a match counts for."""
SEAT_NUMBERS = ("result", "place", "tallies")
"""The seat columns a match's end writes; an undo after the end may change any one alone (a
round that cost nobody a life changes only the rounds survived)."""


@dataclass
class Noted:
    """What one transaction changed, as far as the kept rows go."""

    ended: set[int] = field(default_factory=set)
    """Matches that went from another status to finished (the common case: add to the rows)."""
    changed: set[int] = field(default_factory=set)
    """Matches whose players' rows must be recounted."""
    seats: set[int] = field(default_factory=set)
    """Matches whose seats' results, places or tallies were rewritten (part of an end, or else
    a recount)."""
    players: set[tuple[int, int]] = field(default_factory=set)
    """(player, match) pairs a seat left: that player's row of the match's game is recounted."""
    groups: set[int] = field(default_factory=set)
    """Groups recounted whole (a player was removed: a merge)."""


def noted(session: Session) -> Noted:
    """This transaction's notes."""
    found = session.info.get("kept")
    if found is None:
        found = session.info["kept"] = Noted()
    return found


def changes(obj: Any, name: str) -> tuple[list[Any], list[Any]]:
    """(old values, new values) of an attribute in this flush; both empty when unchanged."""
    history = inspect(obj).attrs[name].history
    if not history.has_changes():
        return [], []
    return list(history.deleted or ()), list(history.added or ())


def note_match(notes: Noted, match: Match, new: bool) -> None:
    """A match that was added or whose counted columns changed."""
    if new:
        notes.changed.add(match.id)
        return
    touched = [name for name in WATCHED if changes(match, name) != ([], [])]
    if not touched:
        return
    old_status, new_status = changes(match, "status")
    ended = new_status == ["finished"] and old_status and old_status != ["finished"]
    if ended and set(touched) <= {"status", "winners", "finished_at"}:
        notes.ended.add(match.id)
    else:
        notes.changed.add(match.id)


def note_seat(notes: Noted, seat: Seat, new: bool, gone: bool) -> None:
    """A seat added, removed, moved to another player or given new results."""
    if new or gone:
        notes.changed.add(seat.match_id)
        notes.players.add((seat.player_id, seat.match_id))
        return
    old_player, _ = changes(seat, "player_id")
    if old_player:
        notes.changed.add(seat.match_id)
        notes.players.update((pid, seat.match_id) for pid in old_player if pid is not None)
    elif any(changes(seat, name) != ([], []) for name in SEAT_NUMBERS):
        notes.seats.add(seat.match_id)


def after_flush(session: Session, context: Any) -> None:
    """Note what this flush changed (the session still shows it as new, dirty or deleted)."""
    notes = noted(session)
    for objects, new, gone in (
        (session.new, True, False),
        (session.dirty, False, False),
        (session.deleted, False, True),
    ):
        for obj in objects:
            if isinstance(obj, Match):
                note_match(notes, obj, new or gone)
            elif isinstance(obj, Seat):
                note_seat(notes, obj, new, gone)
            elif isinstance(obj, Player) and gone:
                notes.groups.add(obj.group_id)


def before_commit(session: Session) -> None:
    """Bring the rows the transaction touched up to date, in the same transaction."""
    session.flush()
    notes = session.info.pop("kept", None)
    if notes is None:
        return
    if not (notes.ended or notes.changed or notes.seats or notes.players or notes.groups):
        return
    connection = session.connection()
    if notes.groups:
        rebuild(connection, notes.groups)
    slow = notes.changed | (notes.seats - notes.ended)
    keys = keys_of(connection, slow, notes.players, notes.groups)
    for match_id in ordered(connection, notes.ended - slow):
        keys |= add_match(connection, match_id, keys, notes.groups)
    recount(connection, keys)


def after_rollback(session: Session, previous: Any) -> None:
    """Forget what a rolled-back transaction noted (a savepoint rolled back keeps the notes:
    a recount of a row that did not change after all costs time, never correctness)."""
    if not getattr(previous, "nested", False):
        session.info.pop("kept", None)


def listen() -> None:
    """Watch every session of the process (once, however many apps it creates)."""
    for name, listener in (
        ("after_flush", after_flush),
        ("before_commit", before_commit),
        ("after_soft_rollback", after_rollback),
    ):
        if not event.contains(Session, name, listener):
            event.listen(Session, name, listener)


def keys_of(
    connection: Any, match_ids: set[int], pairs: set[tuple[int, int]], skip: set[int]
) -> set[tuple[int, str]]:
    """The (player, game) rows these matches count for, now and before their seats moved,
    leaving out groups already recounted whole."""
    ids = match_ids | {match_id for _, match_id in pairs}
    if not ids:
        return set()
    keys: set[tuple[int, str]] = set()
    games = dict(
        connection.execute(
            select(Match.id, Match.game).where(Match.id.in_(ids), Match.group_id.not_in(skip))
        ).all()
    )
    seated = connection.execute(
        select(Seat.player_id, Seat.match_id).where(Seat.match_id.in_(ids))
    ).all()
    for player_id, match_id in [*seated, *pairs]:
        if match_id in games and (match_id in match_ids or (player_id, match_id) in pairs):
            keys.add((player_id, games[match_id]))
    return keys


def ordered(connection: Any, match_ids: set[int]) -> list[int]:
    """The ended matches that still count, in the order they ended."""
    if not match_ids:
        return []
    return list(
        connection.execute(
            select(Match.id)
            .where(Match.id.in_(match_ids), Match.status == "finished", Match.deleted_at.is_(None))
            .order_by(Match.finished_at, Match.id)
        ).scalars()
    )


def add_match(
    connection: Any, match_id: int, recounted: set[tuple[int, str]], skip: set[int]
) -> set[tuple[int, str]]:
    """Add a match that just ended to its players' rows; returns the rows that need a recount
    instead (the match ended before something they already count)."""
    match = connection.execute(
        select(Match.game, Match.group_id, Match.finished_at, Match.winners).where(
            Match.id == match_id
        )
    ).one()
    if match.group_id in skip:
        return set()
    seats = connection.execute(
        select(Seat.player_id, Seat.position, Seat.result, Seat.tallies).where(
            Seat.match_id == match_id
        )
    ).all()
    seam = seam_of(match.game)
    later: set[tuple[int, str]] = set()
    by_player: dict[int, list[Any]] = defaultdict(list)
    for seat in seats:
        by_player[seat.player_id].append(seat)
    for player_id, (seat, *_) in by_player.items():
        key = (player_id, match.game)
        if key in recounted:
            continue
        row = row_of(connection, player_id, match.game, match.group_id)
        if not after_last(row, match_id, match.finished_at):
            later.add(key)
            continue
        won = seam.won(list(match.winners or []), seat.position)
        save(connection, added(row, match_id, match.finished_at, won, seat.result, seat.tallies))
    return later
