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
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from flask import Flask, current_app

from .models import Match

SIZE = 512
"""How many match states one worker keeps: a busy café has a few dozen open tables."""
EXTENSION = "companion.snapshots"


class Snapshots:
    """A thread-safe least-recently-used map from a log key to the state it replays to."""

    def __init__(self, size: int = SIZE) -> None:
        self.size = size
        self.states: OrderedDict[Hashable, Any] = OrderedDict()
        self.lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable) -> Any | None:
        """The state stored for ``key``, or None (and the key counts as just used)."""
        with self.lock:
            state = self.states.get(key)
            if state is None:
                self.misses += 1
                return None
            self.states.move_to_end(key)
            self.hits += 1
            return state

    def put(self, key: Hashable, state: Any) -> None:
        """Remember ``state`` for ``key``, forgetting the least recently used beyond the size."""
        with self.lock:
            self.states[key] = state
            self.states.move_to_end(key)
            while len(self.states) > self.size:
                self.states.popitem(last=False)

    def clear(self) -> None:
        """Forget everything (tests, or a restore that rewrote the database under the app)."""
        with self.lock:
            self.states.clear()


def snapshots(app: Flask | None = None) -> Snapshots:
    """This app's cache: one per app object, so two apps (tests) never see each other's states."""
    app = app or current_app._get_current_object()  # type: ignore[attr-defined]
    found = app.extensions.get(EXTENSION)
    if found is None:
        found = app.extensions.setdefault(EXTENSION, Snapshots())
    return found  # type: ignore[no-any-return]


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
