"""The PostgreSQL side of the doorbell: hear other workers' commits through LISTEN/NOTIFY.

One thread per process holds one dedicated connection (never one of the pool's: a pooled
connection would be handed to a request mid-LISTEN) and rings the local broker for every
notification. While it is down, :attr:`Listener.healthy` is clear and the streams fall back to
checking the version themselves every second, so a lost connection slows the doorbell to a
poll instead of silencing it. A process whose streams have all ended for a while closes its
listening connection too.
"""

from __future__ import annotations

import logging
import threading
import time

from psycopg import sql
from sqlalchemy.engine import URL

from ..db_deadline import DeadlineConnection, within
from .doorbell import CHANNEL, Broker

log = logging.getLogger(__name__)
WAIT_SECONDS = 1.0
"""How long one wait for notifications lasts before the thread checks whether to stop."""
BACKOFF_SECONDS = (0.5, 1, 2, 5, 10)
APPLICATION_NAME = "companion-doorbell"
"""How the listening connections show in ``pg_stat_activity``."""
IDLE_SECONDS = 30.0
"""With no stream open for this long, the listener closes its connection."""
STARTUP_SECONDS = 2.0
"""How long the first stream of a process waits for the listener to connect."""
HEALTH_SECONDS = 5.0
"""How often the listener checks that its connection still answers."""
ANSWER_SECONDS = 3.0
"""How long that check may take before the connection counts as lost (then streams read the
version every second until the listener is back)."""
LINE = {
    "connect_timeout": 5,
    "keepalives": 1,
    "keepalives_idle": 10,
    "keepalives_interval": 3,
    "keepalives_count": 3,
    "tcp_user_timeout": 10_000,
}
"""TCP settings of the listening connection (idle most of the time): a dead peer is noticed."""


def conninfo(url: URL) -> str:
    """A libpq connection string from the app's SQLAlchemy URL (without the driver name)."""
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


class Listener:
    """The LISTEN thread of one process."""

    def __init__(self, broker: Broker, url: URL) -> None:
        self.broker = broker
        self.dsn = conninfo(url)
        self.healthy = threading.Event()
        self.used = time.monotonic()
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self.run, name="doorbell-listen", daemon=True)

    def start(self) -> Listener:
        """Start listening in the background; returns self."""
        self.thread.start()
        return self

    def stop(self) -> None:
        """Stop within about a second (the thread closes its connection)."""
        self.stopped.set()

    def run(self) -> None:
        """Listen until stopped, reconnecting with a growing pause after a failure."""
        failures = 0
        while not self.stopped.is_set():
            try:
                self.listen()
                failures = 0
            except Exception as error:  # noqa: BLE001 - this thread must outlive any failure
                self.healthy.clear()
                pause = BACKOFF_SECONDS[min(failures, len(BACKOFF_SECONDS) - 1)]
                failures += 1
                log.warning("doorbell listener lost its connection (%s); retrying", error)
                self.stopped.wait(pause)
        self.healthy.clear()

    def listen(self) -> None:
        """One connection's life: LISTEN, then ring the broker for each notification.

        Once LISTEN holds, every stream reads its version again (:meth:`Broker.resync`): a
        commit made while no connection listened is read then, and every later one is rung.
        A connection that went silent (a frozen server, a dead path) hears nothing and raises
        nothing, so it is asked a question every ``HEALTH_SECONDS`` and given up on when the
        answer does not come in time; keepalives catch what is left.
        """
        with DeadlineConnection.connect(
            self.dsn, autocommit=True, application_name=APPLICATION_NAME, **LINE
        ) as connection:
            connection.execute(sql.SQL("LISTEN {}").format(sql.Identifier(CHANNEL)))
            self.healthy.set()
            self.broker.resync()
            asked = time.monotonic()
            while not self.stopped.is_set() and not self.idle():
                for note in connection.notifies(timeout=WAIT_SECONDS):
                    self.ring(note.payload)
                if time.monotonic() - asked >= HEALTH_SECONDS:
                    with within(ANSWER_SECONDS):
                        connection.execute("SELECT 1")
                    asked = time.monotonic()
        self.healthy.clear()

    def idle(self) -> bool:
        """Whether nobody has listened for IDLE_SECONDS: then the thread lets its connection
        go (and stops), and the next stream starts a new listener."""
        with _start_lock:
            now = time.monotonic()
            if self.broker.streams:
                self.used = now
            if now - self.used < IDLE_SECONDS:
                return False
            self.stopped.set()
            if self.broker.listener is self:
                self.broker.listener = None
            return True

    def ring(self, payload: str) -> None:
        """Ring the broker for a ``"<match id>:<version>"`` payload; ignore anything else."""
        match_id, _sep, version = payload.partition(":")
        if match_id.isdigit() and version.isdigit():
            self.broker.publish(int(match_id), int(version))


_start_lock = threading.Lock()


def ensure_listener(broker: Broker, url: URL) -> None:
    """Start this process's listener on first use (after gunicorn forked its workers); the
    first stream waits briefly for LISTEN, so a write right after it opens is not missed."""
    with _start_lock:
        if broker.closed.is_set():
            return
        if broker.listener is not None:
            broker.listener.used = time.monotonic()
            return
        listener = broker.listener = Listener(broker, url).start()
    listener.healthy.wait(STARTUP_SECONDS)
