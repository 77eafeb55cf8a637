"""Database connection settings for many phones writing at once.

SQLite serialises writers; with its default rollback journal a reader also blocks a writer, so a
table of phones polling while one submits a round would see "database is locked". Write-ahead
logging lets readers go on while one writer commits, a busy timeout makes a second writer wait
its turn instead of failing, and foreign keys are off in SQLite unless asked for.

PostgreSQL needs none of this, but a pooled connection may have died while it waited in the
pool (the server restarted, a network path dropped it). SQLAlchemy's ``pool_pre_ping`` finds
out with a round trip before every use; at a full evening that was a tenth of the workers' CPU,
for connections that had been in use a few milliseconds before. :class:`IdlePing` pings only a
connection that sat in the pool for ``DB_PING_IDLE_SECONDS`` (2 s), so a quiet table gets the
same check as before and a busy server none it does not need. A connection that dies within
those seconds fails its query instead: the pool throws it away and that one request answers the
translated 503 "try again" (errors.py), as any lost connection does.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from flask import Flask
from sqlalchemy import Engine, event
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DisconnectionError

from .extensions import db

IDLE_SINCE = "companion.idle_since"
"""Where a pooled connection's record keeps when it went back to the pool."""


class IdlePing:
    """Check a pooled connection before use only when it sat idle for ``seconds`` or more."""

    def __init__(
        self, dialect: Dialect, seconds: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.dialect = dialect
        self.seconds = seconds
        self.clock = clock

    def checkin(self, _dbapi_connection: Any, record: Any) -> None:
        """The connection went back to the pool: note when."""
        if record is not None:
            record.info[IDLE_SINCE] = self.clock()

    def checkout(self, dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        """Ping a connection that waited long enough to have died meanwhile; a dead one makes
        the pool throw it away and hand out another (SQLAlchemy's ``DisconnectionError``)."""
        since = record.info.pop(IDLE_SINCE, None)
        if since is None or self.clock() - since < self.seconds:
            return
        try:
            self.dialect.do_ping(dbapi_connection)
        except self.dialect.loaded_dbapi.Error as error:
            raise DisconnectionError(f"a pooled connection was lost: {error}") from error

    def install(self, engine: Engine) -> None:
        """Listen to the engine's pool."""
        event.listen(engine, "checkin", self.checkin)
        event.listen(engine, "checkout", self.checkout)


def init_app(app: Flask) -> None:
    """Tune every new connection of the app's engine (SQLite), or check idle pooled ones
    (a database server).

    The busy timeout (``DB_BUSY_TIMEOUT_MS``, as config.py's driver ``timeout``) is how long a
    writer waits for another writer's commit; past it the request answers 503 "try again"
    (errors.py) instead of hanging behind a stuck writer.
    """
    with app.app_context():
        engine = db.engine
    if engine.dialect.name != "sqlite":
        IdlePing(engine.dialect, float(app.config["DB_PING_IDLE_SECONDS"])).install(engine)
        return
    busy = int(app.config["DB_BUSY_TIMEOUT_MS"])

    def tune(dbapi_connection: Any, record: Any) -> None:
        tune_sqlite(dbapi_connection, record, busy)

    event.listen(engine, "connect", tune)


def tune_sqlite(dbapi_connection: Any, _record: Any, busy_ms: int) -> None:
    """WAL journal, a busy timeout and foreign keys on one fresh SQLite connection."""
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={int(busy_ms)}")
        cursor.execute("PRAGMA foreign_keys=ON")
    finally:
        cursor.close()
