"""A database that hangs costs a request a few seconds, never longer: the request deadline.

A stuck server or a dead network path looks, from the app, like a socket that never answers.
The kernel of a frozen server still acknowledges packets, so TCP keepalives and
``tcp_user_timeout`` see nothing wrong, and ``statement_timeout`` is the server's own promise,
which a frozen server cannot keep. So the app keeps its own: every wait for PostgreSQL inside a
request ends by the request's deadline (``DB_DEADLINE_SECONDS`` from its start). When it passes,
the connection is closed, the pool throws it away, and the request answers the translated 503
(errors.py). The next request opens a fresh connection: no restart needed.

psycopg 3 waits for the server in ``Connection.wait`` (queries, commits, rollbacks, pings) and
accepts a timeout there; :class:`DeadlineConnection` passes the time left. Connecting has its
own ``connect_timeout`` (config.py). Outside a request (the CLI, the doorbell's listener) only
the server's timeouts and the keepalives apply; the doorbell's stream sets a deadline around its
short version checks with :func:`within`.

A write whose deadline passed *while its COMMIT was on the way* may or may not be stored: the
server may have committed and the answer been lost. That answer says so (not "nothing was
saved"), and the form keeps its one-time key: sending it again stores the entry once at most
(companion/sheet.py).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

import psycopg
from flask import Flask, current_app
from psycopg import errors as pg_errors
from sqlalchemy import event

from .db_wait import KERNEL_POLL, Hold, wait_holding
from .extensions import db


@dataclass
class Budget:
    """A request's time with the database: ``seconds`` in all from its first wait (a slow
    upload before it costs nothing), and at most ``cap`` for any single wait; under gevent, how
    its waits share the worker (``hold``, :mod:`.db_wait`)."""

    seconds: float
    cap: float
    due: float | None = None
    hold: Hold | None = None

    def left(self) -> float:
        """How long the next wait may last (a sliver once the deadline has passed)."""
        now = time.monotonic()
        if self.due is None:
            self.due = now + self.seconds
        return max(min(self.due - now, self.cap), 0.001)

    def passed(self) -> bool:
        """Whether the deadline is behind us."""
        return self.due is not None and time.monotonic() >= self.due


DEADLINE: ContextVar[Budget | None] = ContextVar("companion_db_deadline", default=None)
WAIT_TIMEOUT = getattr(pg_errors, "_WaitTimeout", pg_errors.OperationalError)
"""What psycopg raises when a wait's timeout expires (an OperationalError subclass)."""


class DeadlinePassed(psycopg.OperationalError):
    """The database did not answer before the request's deadline; ``committing`` says the
    wait was for a COMMIT, whose outcome is then unknown."""

    def __init__(self, committing: bool) -> None:
        self.committing = committing
        what = "commit" if committing else "query"
        super().__init__(f"the database did not answer a {what} before the request's deadline")


class DeadlineConnection(psycopg.Connection[Any]):
    """psycopg's connection, whose waits for the server end by the current deadline."""

    committing = False

    def wait(self, gen: Any, interval: float = 0.1, timeout: float | None = None) -> Any:
        """Wait as psycopg does, but no later than the deadline, then close and raise; under
        gevent, briefly holding the worker first (:mod:`.db_wait`)."""
        budget = DEADLINE.get()
        if budget is None or timeout is not None:
            return super().wait(gen, interval, timeout)
        try:
            if KERNEL_POLL is None or budget.hold is None:
                return super().wait(gen, interval, budget.left())
            return wait_holding(gen, self.pgconn.socket, interval, budget.left(), budget.hold)
        except WAIT_TIMEOUT:
            self.pgconn.finish()  # broken: SQLAlchemy invalidates it, the pool opens another
            raise DeadlinePassed(self.committing) from None

    def commit(self) -> None:
        """Commit, remembering meanwhile that a timeout now leaves the outcome unknown."""
        self.committing = True
        try:
            super().commit()
        finally:
            self.committing = False


@contextmanager
def within(seconds: float) -> Iterator[None]:
    """Database waits in the block end ``seconds`` from now."""
    token = DEADLINE.set(Budget(seconds, seconds))
    try:
        yield
    finally:
        DEADLINE.reset(token)


def start_request() -> None:
    """Every request gets its budget (counted from its first wait for the database)."""
    config = current_app.config
    seconds = float(config["DB_DEADLINE_SECONDS"])
    brief, limit = float(config["DB_BRIEF_WAIT_SECONDS"]), float(config["DB_HOLD_SECONDS"])
    hold = Hold(brief, limit) if brief > 0 else None
    DEADLINE.set(Budget(seconds, seconds, hold=hold))


def allow_longer(seconds: float) -> None:
    """This request does heavy work (an import replays a whole history): it may take
    ``seconds`` in all. Each wait for the database is still cut off as before, so a database
    that hangs is noticed just as soon."""
    budget = DEADLINE.get()
    if budget is not None:
        budget.seconds = seconds
        budget.due = None if budget.due is None else time.monotonic() + seconds


def end_request(_error: BaseException | None) -> None:
    """No deadline outside a request (a streamed answer sets its own around its checks).

    Runs as the very last teardown, so the session's closing rollback is still bounded."""
    DEADLINE.set(None)


def connect(_dialect: Any, _record: Any, cargs: Any, cparams: Any) -> DeadlineConnection:
    """Open the engine's connections as :class:`DeadlineConnection` (SQLAlchemy's do_connect);
    inside a request, no longer than its deadline allows (libpq counts whole seconds, at
    least 2), and not at all once it has passed."""
    budget = DEADLINE.get()
    if budget is not None:
        if budget.passed():
            raise DeadlinePassed(committing=False)
        left = math.ceil(budget.left())
        configured = int(cparams.get("connect_timeout") or 0) or left
        cparams = {**cparams, "connect_timeout": min(configured, max(left, 2))}
    return DeadlineConnection.connect(*cargs, **cparams)


def init_app(app: Flask) -> None:
    """On PostgreSQL: deadline-aware connections, and a deadline for every request."""
    with app.app_context():
        engine = db.engine
    if engine.dialect.name != "postgresql":
        return
    if not event.contains(engine, "do_connect", connect):
        event.listen(engine, "do_connect", connect)
    app.before_request_funcs.setdefault(None, []).insert(0, start_request)
    app.teardown_appcontext_funcs.insert(0, end_request)  # run in reverse: this one last
