"""The doorbell: tells open pages "match N is at version V" the moment a change commits.

* :class:`Broker`, one per process: the latest version rung per match, and a condition that
  wakes the streams waiting on that match. Holds nothing for matches nobody listens to. Its
  watcher (:mod:`.watch`) reads the versions of every listened match in one query when other
  processes may have changed them, and ends the streams of phones that hung up.
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
    "SSE_CHECK_SECONDS": 0.2,
    "SSE_RETRY_MS": 3000,
    "SSE_MAX_STREAMS": None,
    "SSE_WORKER_CONNECTIONS": 1000,
    "SSE_RESERVED_CONNECTIONS": 500,
}
"""Defaults; instance config, ``FLASK_SSE_*`` variables and tests override them."""


CLOSE_SECONDS = 5.0
"""How long closing waits for the watcher's read in progress (bounded by its deadline)."""


class Channel:
    """One match's latest version and the streams waiting for a newer one."""

    def __init__(self) -> None:
        self.condition = threading.Condition()
        self.version = 0
        self.listeners = 0
        self.gone = False


class Seat:
    """One stream's place in a channel: its client socket (so the worker's watcher can see
    the phone hang up) and whether it has. Small on purpose: a worker holds hundreds."""

    __slots__ = ("channel", "socket", "hung_up", "member")

    def __init__(
        self, channel: Channel, socket: Any = None, member: tuple[int, str] | None = None
    ) -> None:
        self.channel = channel
        self.socket = socket
        self.hung_up = False
        self.member = member
        """(match id, device id) of a member's stream, which marks the phone present
        (:mod:`.presence`); None for the read-only viewer link."""

    @property
    def version(self) -> int:
        """The latest version rung for this seat's match in this process."""
        return self.channel.version

    @property
    def ended(self) -> bool:
        """Whether the stream should stop: the phone hung up or the match is gone."""
        return self.hung_up or self.channel.gone

    def wait(self, after: int, timeout: float, closed: threading.Event) -> int | None:
        """The version once it is newer than ``after``; None after ``timeout`` seconds, or
        sooner when the stream has ended (:attr:`ended`, or ``closed`` for the process)."""
        channel = self.channel

        def ready() -> bool:
            return channel.version > after or closed.is_set() or self.ended

        with channel.condition:
            channel.condition.wait_for(ready, timeout)
            return channel.version if channel.version > after else None


class Broker:
    """In-process fan-out: a publish wakes only the streams of that match."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._channels: dict[int, Channel] = {}
        self._seats: set[Seat] = set()
        self.closed = threading.Event()
        self.recheck = threading.Event()
        self.streams = 0
        self.listener: Any = None
        self.watcher: Any = None

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

    def vanish(self, match_id: int) -> None:
        """The match was deleted: end its streams (the page's poll then says so)."""
        with self._lock:
            channel = self._channels.get(match_id)
        if channel is not None:
            with channel.condition:
                channel.gone = True
                channel.condition.notify_all()

    def hang_up(self, seat: Seat) -> None:
        """The phone behind ``seat`` closed its connection: end that stream now."""
        with seat.channel.condition:
            seat.hung_up = True
            seat.channel.condition.notify_all()

    @contextmanager
    def listen(
        self, match_id: int, socket: Any = None, device: str | None = None
    ) -> Iterator[Seat]:
        """A seat in ``match_id``'s channel for the life of a stream (taken before reading
        the database, so a ring between that read and the first wait is not lost); ``device``
        is the listening member's phone (None for the viewer link)."""
        with self._lock:
            channel = self._channels.setdefault(match_id, Channel())
            channel.listeners += 1
            seat = Seat(channel, socket, (match_id, device) if device else None)
            self._seats.add(seat)
            self.streams += 1
        try:
            yield seat
        finally:
            with self._lock:
                self._seats.discard(seat)
                channel.listeners -= 1
                self.streams -= 1
                if channel.listeners == 0 and self._channels.get(match_id) is channel:
                    self._channels.pop(match_id, None)

    def members(self) -> set[tuple[int, str]]:
        """(match id, device id) of every member whose phone listens in this process."""
        with self._lock:
            return {seat.member for seat in self._seats if seat.member is not None}

    def listened(self) -> dict[int, int]:
        """Match id -> latest version rung, for every match a stream of this process waits on."""
        with self._lock:
            return {match_id: channel.version for match_id, channel in self._channels.items()}

    def seats(self) -> list[Seat]:
        """Every open stream's seat (the watcher looks for phones that hung up)."""
        with self._lock:
            return list(self._seats)

    def resync(self) -> None:
        """Have the watcher read every listened match's version now: the PostgreSQL listener
        has just (re)started listening, and a commit made while it was not may have rung
        nobody. The read happens after LISTEN took effect, so every version is read or rung."""
        self.recheck.set()

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
        self.recheck.set()
        with self._lock:
            channels = list(self._channels.values())
        for channel in channels:
            with channel.condition:
                channel.condition.notify_all()
        if self.listener is not None:
            self.listener.stop()
        watcher = self.watcher
        if (
            watcher is not None
            and watcher.thread.is_alive()
            and (watcher.thread is not threading.current_thread())
        ):
            watcher.thread.join(CLOSE_SECONDS)  # its read finished: the engine may go now


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
