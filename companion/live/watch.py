"""The watcher: one thread (a greenlet under gevent) per process that does, for every open
stream at once, what each stream would otherwise do on its own.

* **Versions.** Other processes' commits reach this one through PostgreSQL's NOTIFY when the
  listener is up; on SQLite with several workers, or while the listener is down, nothing tells
  this process. The watcher then reads the versions of every listened match in one query
  (every ``SSE_CHECK_SECONDS``; on SQLite only when another connection committed since the last
  look, :class:`CommitCounter`) and rings the broker, which wakes just the streams whose match
  moved. With the listener up it still reads
  them every keep-alive, and at once when the listener asks (:meth:`Broker.resync`).
* **Presence.** Once a minute it notes every listening member's phone as at the table
  (:mod:`.presence`), since a page that hears its stream makes no poll that would.
* **Hang-ups.** A phone that closes its page closes the connection; a stream waiting quietly
  would only notice at its next write. The watcher asks the kernel, in one ``poll`` over every
  stream's socket, which connections the other side has closed, and ends those streams within
  about a second, freeing their slot under the stream cap.
"""

from __future__ import annotations

import logging
import select
import sqlite3
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from sqlalchemy import select as query
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from ..db_deadline import within
from ..models import Match
from .doorbell import Broker
from .presence import Presence

log = logging.getLogger(__name__)
HANGUP_SECONDS = 1.0
"""How often the watcher looks for closed connections (at most this long to free a slot)."""
IDLE_SECONDS = 30.0
"""With no stream open for this long, the watcher stops; the next stream starts a new one."""
DEADLINE_SECONDS = 4.0
"""How long one version read may wait for the database."""
FAILURES = 3
"""Version reads that fail in a row (one a tick) before the streams end: a blip (a connection
the server just dropped) is read again a tick later; a database that stays away ends the
streams, and the pages poll and reconnect later."""
CHUNK = 500
"""Match ids per query (well under SQLite's limit on bound parameters)."""
CLOSED_EVENTS = getattr(select, "POLLRDHUP", 0x2000) | select.POLLHUP | select.POLLERR
"""poll() events that mean the other side closed the connection (or it broke)."""


def kernel_poll() -> Callable[[], Any]:
    """The operating system's ``poll`` even where gevent replaced it: the watcher asks with a
    zero timeout, so the cooperative version's per-socket bookkeeping would be pure cost."""
    try:
        from gevent import monkey

        if monkey.is_module_patched("select"):
            found: Callable[[], Any] = monkey.get_original("select", "poll")
            return found
    except ImportError:
        pass
    return select.poll


def sqlite_file(engine: Engine) -> Path | None:
    """An SQLite database's file (None for a server, or a database in memory)."""
    name = engine.url.database
    if engine.dialect.name != "sqlite" or not name or name == ":memory:":
        return None
    return Path(name)


class CommitCounter:
    """Whether any connection committed to an SQLite database since the last look: SQLite's own
    ``PRAGMA data_version``, asked on a connection of the watcher's that never writes.

    Looking at the files' modification times and sizes instead missed a ring now and then: a
    commit writes its pages to the write-ahead log first and becomes visible a moment later,
    when the log's index is updated. A look that fell in between saw the files changed, read the
    versions before the commit, and then found the files unchanged at every later look, until
    another commit. ``data_version`` moves only once a commit is visible, and asking costs less
    than looking at two files.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.connection: sqlite3.Connection | None = None
        self.last: int | None = None

    def moved(self) -> bool:
        """True when a commit became visible since the last call (and on the first call, or
        when the database cannot be asked: then the versions are read to be sure)."""
        try:
            if self.connection is None:
                # mode=rw: a database that is not there is an error, not a new empty file
                uri = f"{self.path.resolve().as_uri()}?mode=rw"
                self.connection = sqlite3.connect(
                    uri, uri=True, timeout=DEADLINE_SECONDS, check_same_thread=False
                )  # made where the watcher is made, then used by its thread alone
            (count,) = self.connection.execute("PRAGMA data_version").fetchone()
        except sqlite3.Error:
            self.close()
            return True
        moved = count != self.last
        self.last = int(count)
        return moved

    def close(self) -> None:
        """Close the watcher's connection (a later call opens a new one)."""
        if self.connection is not None:
            self.connection.close()
        self.connection, self.last = None, None


class Watcher:
    """The watcher of one broker (one process)."""

    def __init__(self, broker: Broker, engine: Engine, settings: Mapping[str, Any]) -> None:
        self.broker = broker
        self.engine = engine
        self.check_seconds = float(settings["SSE_CHECK_SECONDS"])
        self.keepalive = float(settings["SSE_KEEPALIVE_SECONDS"])
        path = sqlite_file(engine)
        self.commits = CommitCounter(path) if path is not None else None
        if self.commits is not None:
            self.commits.moved()  # where the count stands now: only later commits are read
        self.checked = time.monotonic()
        self.failures = 0
        self.used = time.monotonic()
        self.presence = Presence()
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self.run, name="doorbell-watch", daemon=True)

    def run(self) -> None:
        """Look for hang-ups and moved versions until the broker closes or nobody listens."""
        tick = min(self.check_seconds, HANGUP_SECONDS)
        try:
            while not self.broker.closed.is_set() and not self.stopped.is_set():
                asked = self.broker.recheck.wait(tick)
                self.broker.recheck.clear()
                try:
                    self.hang_ups()
                    self.versions(asked)
                    self.presence.note(self.broker, self.engine)
                except Exception:  # noqa: BLE001 - the thread must outlive any one failure
                    log.exception("doorbell watcher failed a round; going on")
                if self.idle():
                    return
        finally:
            if self.commits is not None:
                self.commits.close()

    def idle(self) -> bool:
        """Whether nobody has listened for IDLE_SECONDS (then the watcher stops)."""
        with _start_lock:
            now = time.monotonic()
            if self.broker.streams:
                self.used = now
            if now - self.used < IDLE_SECONDS:
                return False
            self.stopped.set()
            if self.broker.watcher is self:
                self.broker.watcher = None
            return True

    def hang_ups(self) -> None:
        """End the streams whose phone closed the connection, in one zero-timeout poll."""
        poller = kernel_poll()()
        seats = {}
        for seat in self.broker.seats():
            try:
                fd = seat.socket.fileno() if seat.socket is not None else None
            except OSError:
                fd = -1
            if fd is None:
                continue
            if fd < 0:
                self.broker.hang_up(seat)
                continue
            seats[fd] = seat
            poller.register(fd, CLOSED_EVENTS)
        if not seats:
            return
        for fd, _events in poller.poll(0):
            self.broker.hang_up(seats[fd])

    def versions(self, asked: bool) -> None:
        """Read the listened matches' versions when other processes may have moved them."""
        now = time.monotonic()
        every = self.keepalive if self.broker.fanout_healthy else self.check_seconds
        again = asked or self.failures > 0
        if not again and now - self.checked < every:
            return
        self.checked = now
        if again or self.commits is None or self.commits.moved():
            self.read()

    def read(self) -> None:
        """One query per CHUNK matches; rings the moved ones, ends the streams of deleted
        ones; a failed read is tried again next tick, and after FAILURES in a row every
        stream ends."""
        listened = self.broker.listened()
        ids = sorted(listened)
        found: dict[int, int] = {}
        try:
            with within(DEADLINE_SECONDS), self.engine.connect() as connection:
                for start in range(0, len(ids), CHUNK):
                    rows = connection.execute(
                        query(Match.id, Match.version).where(
                            Match.id.in_(ids[start : start + CHUNK]), Match.deleted_at.is_(None)
                        )
                    )
                    found.update((int(row.id), int(row.version)) for row in rows)
        except SQLAlchemyError as error:
            self.failures += 1
            log.warning("doorbell version check failed (%s), %d in a row", error, self.failures)
            if self.failures >= FAILURES:
                self.failures = 0
                for match_id in ids:
                    self.broker.vanish(match_id)
            return
        self.failures = 0
        for match_id in ids:
            if match_id in found:
                self.broker.publish(match_id, found[match_id])
            else:
                self.broker.vanish(match_id)


_start_lock = threading.Lock()


def ensure_watcher(broker: Broker, engine: Engine, settings: Mapping[str, Any]) -> None:
    """Start this process's watcher on first use (after gunicorn forked its workers)."""
    with _start_lock:
        if broker.closed.is_set():
            return
        if broker.watcher is not None:
            broker.watcher.used = time.monotonic()
            return
        watcher = broker.watcher = Watcher(broker, engine, settings)
    watcher.thread.start()
