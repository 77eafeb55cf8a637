"""Bounded in-memory caches, one per app and purpose, each safe to share between the requests
of a worker.

cachetools keeps the least-recently-used order and the bound; what it leaves to its user is a
lock (a gevent or threaded worker serves many requests at once), a place per app (two apps in
one process, as in the tests, never see each other's entries) and the hit counts the tests and
the bench read. Those three are all this module adds.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any

from cachetools import LRUCache
from flask import Flask, current_app


class Kept:
    """A locked least-recently-used map with hit and miss counts."""

    def __init__(self, size: int) -> None:
        self.entries: LRUCache[Hashable, Any] = LRUCache(maxsize=size)
        self.lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable) -> Any | None:
        """The value kept for ``key`` (which counts as just used), or None."""
        with self.lock:
            value = self.entries.get(key)
            if value is None:
                self.misses += 1
            else:
                self.hits += 1
            return value

    def put(self, key: Hashable, value: Any) -> None:
        """Keep ``value``; the least recently used entry goes when the cache is full."""
        with self.lock:
            self.entries[key] = value

    def clear(self) -> None:
        """Forget everything (tests, or a restore that rewrote the database under the app)."""
        with self.lock:
            self.entries.clear()

    def __len__(self) -> int:
        return len(self.entries)


def kept(name: str, size: int, app: Flask | None = None) -> Kept:
    """The cache called ``name`` of ``app`` (default: the current one), made on first use."""
    found: Kept = of_app(name, lambda: Kept(size), app)
    return found


def of_app(name: str, make: Callable[[], Any], app: Flask | None = None) -> Any:
    """The per-app object called ``name`` of ``app`` (default: the current one), made by
    ``make`` on first use."""
    target = app or current_app._get_current_object()  # type: ignore[attr-defined]
    found = target.extensions.get(name)
    if found is None:
        found = target.extensions.setdefault(name, make())
    return found
