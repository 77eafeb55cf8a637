"""A match's log folded through the rules, kept in memory and carried forward version by version.

A match's state is always the fold of its log; this only remembers the result, with the log's
lines as plain rows (no ORM object per entry). What is kept is the newest fold of each match,
under the match's identity (:func:`identity_of`); a request at a newer version reads only the
entries stored since and applies them to the kept state, so a write or a poll costs what
changed, not the length of the log. An undo among them folds the kept lines afresh (in memory,
no query). A request that read the match before the kept version (another phone's write came
in between) folds its own version from the database and keeps nothing.

Every write bumps the version in the same transaction as its entry and only entries whose
version is at most the match's are read, so a version always names one log. The cache lives in
each worker process (nothing shared between workers, so nothing shared can be wrong), holds
immutable states only, and is bounded: the least recently used match goes first.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flask import Flask
from sqlalchemy import bindparam

from .caches import Kept, kept
from .extensions import db
from .models import Entry, Match

SIZE = 512
"""How many matches one worker keeps: a busy café has a few dozen open tables."""
EXTENSION = "companion.snapshots"


@dataclass(frozen=True)
class Line:
    """One log entry as a plain row: all that the sheet, its log and the rules read of it."""

    seq: int
    version: int
    move_json: str
    undoes: int | None
    seat: int | None
    device_id: str | None
    created_at: datetime

    @property
    def move(self) -> dict[str, Any]:
        """The move as a JSON object (a fresh one each time: callers may change it)."""
        value: dict[str, Any] = json.loads(self.move_json)
        return value


@dataclass(frozen=True)
class Folded:
    """The log of one version and the state it folds to; ``undone`` names the undone entries."""

    version: int
    state: Any
    lines: tuple[Line, ...]
    undone: frozenset[int]


LINES = (
    db.select(
        Entry.seq,
        Entry.version,
        Entry.move_json,
        Entry.undoes,
        Entry.seat,
        Entry.device_id,
        Entry.created_at,
    )
    .filter(
        Entry.match_id == bindparam("match_id"),
        Entry.version > bindparam("after"),
        Entry.version <= bindparam("upto"),
    )
    .order_by(Entry.seq)
)
"""Built once: the entries of a match between two versions, as plain rows in log order."""


def snapshots(app: Flask | None = None) -> Kept:
    """This app's folded logs."""
    return kept(EXTENSION, SIZE, app)


def identity_of(match: Match, players: list[str]) -> tuple[Hashable, ...]:
    """What a match's fold depends on besides its log: what ``setup`` reads.

    Names, options, seed and creation time are part of it, so a renamed player or a match id
    that the database hands out again can never find another match's state.
    """
    return (
        match.id,
        match.game,
        match.seed,
        str(match.created_at),
        json.dumps(match.options, sort_keys=True, default=str),
        tuple(players),
    )


def key_of(match: Match, players: list[str]) -> tuple[Hashable, ...]:
    """One version of one match's log: its identity and version (what shared fragments key on)."""
    return (match.version, *identity_of(match, players))


def read_lines(match_id: int, after: int, upto: int) -> list[Line]:
    """The entries with a version in (``after``, ``upto``], oldest first."""
    params = {"match_id": match_id, "after": after, "upto": upto}
    return [Line(*row) for row in db.session.execute(LINES, params)]


def fold(
    lines: Iterable[Line],
    version: int,
    apply: Callable[[Any, dict[str, Any]], Any],
    start: Callable[[], Any],
    without: int | None = None,
) -> Folded:
    """Fold ``lines`` from the starting state; ``without`` leaves one more entry out (an undo
    being checked) and counts as undone."""
    lines = tuple(lines)
    undone = frozenset(line.undoes for line in lines if line.undoes is not None)
    if without is not None:
        undone = undone | {without}
    state = start()
    for line in lines:
        if line.undoes is None and line.seq not in undone:
            state = apply(state, line.move)
    return Folded(version, state, lines, undone)


def fold_on(
    kept: Folded,
    newer: list[Line],
    version: int,
    apply: Callable[[Any, dict[str, Any]], Any],
    start: Callable[[], Any],
) -> Folded:
    """The kept fold carried to ``version`` by the entries stored since: applied one by one,
    or all lines folded afresh when an undo is among them (it changes the past)."""
    lines = kept.lines + tuple(newer)
    if any(line.undoes is not None for line in newer):
        return fold(lines, version, apply, start)
    state = kept.state
    for line in newer:
        state = apply(state, line.move)
    return Folded(version, state, lines, kept.undone)


def folded(
    match: Match,
    players: list[str],
    apply: Callable[[Any, dict[str, Any]], Any],
    start: Callable[[], Any],
) -> Folded:
    """The fold of ``match`` at its version: kept, carried on from a kept older version, or
    read and folded whole (and then kept, unless a newer version is kept already)."""
    identity = identity_of(match, players)
    cache = snapshots()
    known: Folded | None = cache.get(identity)
    if known is not None and known.version == match.version:
        return known
    if known is not None and known.version < match.version:
        newer = read_lines(match.id, known.version, match.version)
        result = fold_on(known, newer, match.version, apply, start)
    else:
        result = fold(read_lines(match.id, -1, match.version), match.version, apply, start)
    remember(identity, result)
    return result


def remember(identity: tuple[Hashable, ...], result: Folded) -> None:
    """Keep ``result`` as the match's fold unless a newer version is kept already."""
    cache = snapshots()
    with cache.lock:
        known = cache.entries.get(identity)
        if known is None or known.version <= result.version:
            cache.entries[identity] = result
