"""The doorbell: tells open pages "match N is at version V" the moment a change commits.

* :class:`Broker`, one per process: the latest version rung per match, and a condition that
  wakes the streams waiting on that match. Holds nothing for matches nobody listens to.
* :func:`ring_later` marks a match in the current database transaction; the session hooks at
  the bottom (registered by :func:`companion.live.init_app`) ring it only when the transaction
  commits, never for a rolled-back write. On PostgreSQL the ring is also a ``pg_notify`` inside
  that transaction, which PostgreSQL delivers to every listener exactly when the commit
  succeeds: that is how other workers hear it (:mod:`companion.live.postgres`).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask, current_app
from sqlalchemy import text
from sqlalchemy.orm import Session, SessionTransaction

CHANNEL = "companion_doorbell"
"""The PostgreSQL NOTIFY channel; payloads are ``"<match id>:<version>"``."""
PENDING = "doorbell_pending"
"""Key in ``Session.info``: match id → version, rung when the transaction commits."""
SETTINGS = {
    "SSE_ENABLED": True,
    "SSE_LIFE_SECONDS": 300,
    "SSE_KEEPALIVE_SECONDS": 15,
    "SSE_CHECK_SECONDS": 1.0,
    "SSE_RETRY_MS": 3000,
    "SSE_MAX_STREAMS": 500,
}
"""Defaults; instance config, ``FLASK_SSE_*`` variables and tests override them."""


class Channel:
    """One match's latest version and the streams waiting for a newer one."""

    def __init__(self) -> None:
        self.condition = threading.Condition()
        self.version = 0
        self.listeners = 0
        self.resyncs = 0

    def wait(
        self, after: int, timeout: float, closed: threading.Event, resyncs: int | None = None
    ) -> int | None:
        """The version once it is newer than ``after``; None after ``timeout`` seconds, or
        sooner when the broker asks every stream to read the version again (``resyncs`` is the
        count the caller has already handled)."""

        def ready() -> bool:
            moved = resyncs is not None and self.resyncs != resyncs
            return self.version > after or closed.is_set() or moved

        with self.condition:
            self.condition.wait_for(ready, timeout)
            return self.version if self.version > after else None


class Broker:
    """In-process fan-out: a publish wakes only the streams of that match."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._channels: dict[int, Channel] = {}
        self.closed = threading.Event()
        self.streams = 0
        self.listener: Any = None

    def publish(self, match_id: int, version: int) -> None:
        """Ring ``match_id`` at ``version``; older or repeated rings change nothing."""
        with self._lock:
            channel = self._channels.get(match_id)
        if channel is None:
            return
        with channel.condition:
            if version > channel.version:
                channel.version = version
                channel.condition.notify_all()

    @contextmanager
    def listen(self, match_id: int) -> Iterator[Channel]:
        """A channel for ``match_id`` for the life of a stream (opened before reading the
        database, so a ring between that read and the first wait is not lost)."""
        with self._lock:
            channel = self._channels.setdefault(match_id, Channel())
            channel.listeners += 1
            self.streams += 1
        try:
            yield channel
        finally:
            with self._lock:
                channel.listeners -= 1
                self.streams -= 1
                if channel.listeners == 0:
                    self._channels.pop(match_id, None)

    def resync(self) -> None:
        """Ask every stream to read its match's version now: the PostgreSQL listener has just
        (re)started listening, and a commit made while it was not may have rung nobody. The
        reads happen after LISTEN took effect, so every version is either read or rung."""
        with self._lock:
            channels = list(self._channels.values())
        for channel in channels:
            with channel.condition:
                channel.resyncs += 1
                channel.condition.notify_all()

    def listening(self, match_id: int) -> int:
        """How many streams of this process wait on ``match_id`` (for tests and the bench)."""
        with self._lock:
            channel = self._channels.get(match_id)
            return channel.listeners if channel else 0

    @property
    def fanout_healthy(self) -> bool:
        """Whether other workers' writes reach this process's broker (PostgreSQL listener up)."""
        return self.listener is not None and self.listener.healthy.is_set()

    def close(self) -> None:
        """End every stream of this process now (shutdown, tests) and stop the listener."""
        self.closed.set()
        with self._lock:
            channels = list(self._channels.values())
        for channel in channels:
            with channel.condition:
                channel.condition.notify_all()
        if self.listener is not None:
            self.listener.stop()


def add_broker(app: Flask) -> None:
    """Settings with defaults and this app's broker."""
    for key, value in SETTINGS.items():
        app.config.setdefault(key, value)
    app.extensions["doorbell"] = Broker()


def broker(app: Flask | None = None) -> Broker:
    """The broker of ``app`` (default: the current one)."""
    target = app if app is not None else current_app
    found: Broker = target.extensions["doorbell"]
    return found


def ring_later(session: Session, match_id: int, version: int) -> None:
    """Ring ``match_id`` at ``version`` once the current transaction commits."""
    pending: dict[int, int] = session.info.setdefault(PENDING, {})
    pending[match_id] = max(version, pending.get(match_id, 0))


def notify_servers(session: Session) -> None:
    """On PostgreSQL, queue the NOTIFYs in the committing transaction (delivered on commit)."""
    pending = session.info.get(PENDING)
    if not pending:
        return
    bind = session.get_bind()
    if bind.dialect.name != "postgresql":
        return
    for match_id, version in pending.items():
        session.execute(
            text("SELECT pg_notify(:channel, :payload)"),
            {"channel": CHANNEL, "payload": f"{match_id}:{version}"},
        )


def ring_here(session: Session) -> None:
    """Ring this process's broker for every match the committed transaction changed."""
    pending = session.info.pop(PENDING, None)
    if not pending:
        return
    try:
        local = broker()
    except (RuntimeError, KeyError):
        return
    for match_id, version in pending.items():
        local.publish(match_id, version)


def forget(session: Session, transaction: SessionTransaction) -> None:
    """A change rolled back (or left uncommitted when the session closed) rings nobody; a
    committed one has already rung in :func:`ring_here`."""
    if transaction.parent is None:
        session.info.pop(PENDING, None)
