"""Layered configuration: safe defaults, then instance/config.py, then the environment."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask


def defaults(instance_path: str) -> dict[str, Any]:
    """Settings that work on a laptop at a kitchen table with no configuration at all."""
    return {
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(instance_path) / 'companion.sqlite'}",
        "SQLALCHEMY_ENGINE_OPTIONS": {},
        "PERMANENT_SESSION_LIFETIME": timedelta(days=400),
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_SECURE": False,
        "SESSION_COOKIE_NAME": "companion",
        "WTF_CSRF_TIME_LIMIT": None,
        "WTF_CSRF_SSL_STRICT": False,
        "MAX_CONTENT_LENGTH": 64 * 1024,
        "IMPORT_MAX_BYTES": 4 * 1024 * 1024,  # an export file: years of game nights fit in far less
        "MAX_FORM_MEMORY_SIZE": 64 * 1024,
        "BABEL_DEFAULT_LOCALE": "en",
        "LANGUAGES": ("en", "it", "de"),
        "PUBLIC_URL": None,
        "POLL_SECONDS": 2,
        # A phone seen this recently keeps its seat until it consents to hand it over.
        "SEAT_HELD_SECONDS": 180,
        "RATELIMIT_STORAGE_URI": "memory://",
        "RATELIMIT_HEADERS_ENABLED": True,
        "JOIN_RATE_LIMIT": "60 per minute",
        # A join code stops admitting new phones after this many hours without activity at the
        # table (join_codes.py); 0 keeps codes valid until the match ends.
        "JOIN_CODE_TTL_HOURS": 6,
        "CREATE_RATE_LIMIT": "30 per minute",
        "HISTORY_PAGE_SIZE": 20,
        "DB_POOL_SIZE": 20,
        "DB_MAX_OVERFLOW": 0,
        "DB_POOL_TIMEOUT": 3,
        # A pooled connection idle this long is checked before use (db_tuning.IdlePing).
        "DB_PING_IDLE_SECONDS": 2.0,
        # A database that hangs answers 503 "try again" within a few seconds (db_deadline.py):
        # a request stops waiting for PostgreSQL this long after its first wait for it;
        # connecting, each statement (the server's statement_timeout) and a lock wait have
        # their own limits, and SQLite's busy timeout bounds a wait for another writer.
        "DB_DEADLINE_SECONDS": 3.0,
        # under gevent, a request holds its worker this long waiting for an answer before
        # letting other requests run, as long as it has had the worker for less than the hold
        # (db_wait.py): a short request finishes first; 0 lets the others run at every wait.
        "DB_BRIEF_WAIT_SECONDS": 0.002,
        "DB_HOLD_SECONDS": 0.010,
        "DB_CONNECT_TIMEOUT": 3,
        "DB_STATEMENT_TIMEOUT_MS": 4000,
        "DB_LOCK_TIMEOUT_MS": 3000,
        "DB_BUSY_TIMEOUT_MS": 4000,
        # Pages and fragments go out compressed (Flask-Compress); static files are compressed
        # ahead of time by assets.py and carry their Content-Encoding, so they are left alone.
        # Brotli 5 takes about 0.3 ms for a 20 KB sheet and is a tenth smaller than gzip 6;
        # answers under 1 KB (a 204 poll, a short fragment) gain less than compressing costs,
        # and streams (the doorbell) must reach the phone at once, so they are never compressed.
        "COMPRESS_ALGORITHM": ["br", "gzip"],
        "COMPRESS_BR_LEVEL": 5,
        "COMPRESS_LEVEL": 6,
        "COMPRESS_MIN_SIZE": 1024,
        "COMPRESS_STREAMS": False,
        "COMPRESS_MIMETYPES": [
            "text/html",
            "text/css",
            "text/plain",
            "text/csv",
            "application/javascript",
            "application/json",
            "image/svg+xml",
        ],
    }


def load(app: Flask, test_config: Mapping[str, Any] | None) -> None:
    """Defaults, then instance/config.py, then FLASK_* and DATABASE_URL; tests pass a mapping."""
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(defaults(app.instance_path))
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env()
        if os.environ.get("DATABASE_URL"):
            app.config["SQLALCHEMY_DATABASE_URI"] = database_url(os.environ["DATABASE_URL"])
        if os.environ.get("PUBLIC_URL"):
            app.config["PUBLIC_URL"] = os.environ["PUBLIC_URL"]
    else:
        app.config.from_mapping(test_config)
    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    app.config["SQLALCHEMY_DATABASE_URI"] = database_url(uri)
    if uri.startswith("sqlite"):
        busy = int(app.config["DB_BUSY_TIMEOUT_MS"]) / 1000
        app.config["SQLALCHEMY_ENGINE_OPTIONS"] = {"connect_args": {"timeout": busy}}
    else:
        app.config["SQLALCHEMY_ENGINE_OPTIONS"] = server_pool(app.config)
    if str(app.config.get("PUBLIC_URL") or "").startswith("https://"):
        app.config["SESSION_COOKIE_SECURE"] = True
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret(app.instance_path)


def server_pool(config: Mapping[str, Any]) -> dict[str, Any]:
    """Pool settings for a database server (PostgreSQL), one pool per worker process.

    A gevent worker runs many requests at once and each holds a pooled connection while it runs,
    so the pool is sized for that: ``DB_POOL_SIZE`` connections, kept once opened, and
    ``DB_MAX_OVERFLOW`` more that are closed as soon as they are given back (four workers x 20
    stay under PostgreSQL's default 100 connections). None are overflow by default: a worker's
    busy moments pass 10 requests at once often, and with 10 kept and 10 overflow the capacity
    curve opened and closed about two connections a second (491 sessions in four minutes, 43
    with 20 kept), each a new server process. The pool hands out the connection given back
    last (LIFO), so the same few carry the everyday load and the rest wait for a crowd: the
    capacity curve's medians were lower with it (docs/performance.md), most likely because
    those few server processes stay warm (the driver prepares a statement on a connection
    only after a few runs of it there). A request that still finds none free within
    ``DB_POOL_TIMEOUT`` seconds gets the translated 503 "try again" (errors.py) rather than a
    500 after SQLAlchemy's default 30 s.
    """
    options = dict(config.get("SQLALCHEMY_ENGINE_OPTIONS") or {})
    options.setdefault("pool_pre_ping", False)  # idle connections only: db_tuning.IdlePing
    options.setdefault("pool_size", int(config["DB_POOL_SIZE"]))
    options.setdefault("max_overflow", int(config["DB_MAX_OVERFLOW"]))
    options.setdefault("pool_timeout", float(config["DB_POOL_TIMEOUT"]))
    options.setdefault("pool_use_lifo", True)
    options.setdefault("connect_args", server_timeouts(config))
    return options


def server_timeouts(config: Mapping[str, Any]) -> dict[str, Any]:
    """libpq settings so that a lost server is noticed (docs/security.md).

    ``connect_timeout`` bounds opening a connection; TCP keepalives find a dead peer of an idle
    connection (the doorbell's listener) within about 20 s, and ``tcp_user_timeout`` a path
    that stopped acknowledging what was sent; the server cancels a statement after
    ``statement_timeout`` and a lock wait after ``lock_timeout``, and ends a session left idle
    inside a transaction. A frozen server acknowledges packets and keeps no promise of its own:
    the request deadline (db_deadline.py) covers that.
    """
    settings = {
        "statement_timeout": int(config["DB_STATEMENT_TIMEOUT_MS"]),
        "lock_timeout": int(config["DB_LOCK_TIMEOUT_MS"]),
        "idle_in_transaction_session_timeout": 60_000,
    }
    return {
        "connect_timeout": int(config["DB_CONNECT_TIMEOUT"]),
        "keepalives": 1,
        "keepalives_idle": 10,
        "keepalives_interval": 3,
        "keepalives_count": 3,
        "tcp_user_timeout": 10_000,
        "options": " ".join(f"-c {name}={value}" for name, value in settings.items()),
    }


def database_url(url: str) -> str:
    """Use psycopg 3 for PostgreSQL URLs written the usual way (postgres:// or postgresql://)."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def instance_secret(instance_path: str) -> str:
    """A secret key kept in the instance folder, so sessions survive a restart without setup."""
    path = Path(instance_path) / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()
