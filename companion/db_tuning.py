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

BUSY_TIMEOUT_MS = 15_000
"""How long a writer waits for another writer's commit before giving up (as config.py's
``timeout``, which the driver applies the same way)."""


def init_app(app: Flask) -> None:
    """Tune every new connection of the app's engine (SQLite only)."""
    with app.app_context():
        engine = db.engine
    if engine.dialect.name == "sqlite" and not event.contains(engine, "connect", tune_sqlite):
        event.listen(engine, "connect", tune_sqlite)


def tune_sqlite(dbapi_connection: Any, _record: Any) -> None:
    """WAL journal, a busy timeout and foreign keys on one fresh SQLite connection."""
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")
    finally:
        cursor.close()
