"""Replayed match states kept in memory, so a poll or a page does not replay the whole log again.

A match's state is always the replay of its log; this only remembers the result. The key is the
match's identity and its version: every write bumps the version in the same transaction as the
new entry, and :func:`companion.sheet.replay` folds exactly the entries whose version is at most
the match's, so one key always names one log. A newer version simply misses and is replayed once.
The cache lives in each worker process (nothing is shared between workers, so nothing shared can
be wrong), holds immutable states only, and is bounded: the least recently used state goes first.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable
from typing import Any

from flask import Flask

from .caches import Kept, kept
from .models import Match

SIZE = 512
"""How many match states one worker keeps: a busy café has a few dozen open tables."""
EXTENSION = "companion.snapshots"


def snapshots(app: Flask | None = None) -> Kept:
    """This app's replayed states."""
    return kept(EXTENSION, SIZE, app)


def key_of(match: Match, players: list[str]) -> tuple[Hashable, ...]:
    """What the replayed state depends on: the log (id and version) and what ``setup`` reads.

    Names, options, seed and creation time are part of the key as well, so a renamed player or
    a match id that the database hands out again can never find another log's state.
    """
    return (
        match.id,
        match.version,
        match.game,
        match.seed,
        str(match.created_at),
        json.dumps(match.options, sort_keys=True, default=str),
        tuple(players),
    )


def state_for(key: tuple[Hashable, ...], replay: Callable[[], Any]) -> Any:
    """The state for ``key``: remembered, or replayed now and remembered."""
    cache = snapshots()
    state = cache.get(key)
    if state is None:
        state = replay()
        cache.put(key, state)
    return state
