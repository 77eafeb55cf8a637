"""Database connection settings for many phones writing at once.

SQLite serialises writers; with its default rollback journal a reader also blocks a writer, so a
table of phones polling while one submits a round would see "database is locked". Write-ahead
logging lets readers go on while one writer commits, a busy timeout makes a second writer wait
its turn instead of failing, and foreign keys are off in SQLite unless asked for. PostgreSQL
needs none of this; its pooled connections are checked before use (``pool_pre_ping``).
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from sqlalchemy import event

from .extensions import db


def init_app(app: Flask) -> None:
    """Tune every new connection of the app's engine (SQLite only).

    The busy timeout (``DB_BUSY_TIMEOUT_MS``, as config.py's driver ``timeout``) is how long a
    writer waits for another writer's commit; past it the request answers 503 "try again"
    (errors.py) instead of hanging behind a stuck writer.
    """
    with app.app_context():
        engine = db.engine
    if engine.dialect.name != "sqlite":
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
