"""The app as gunicorn serves it for ``make bench``, plus one bench-only route: ``/bench/bare``.

The bare endpoint is the yardstick of the server-time budgets (a Flask view that does nothing).
It exists only in this module, never in the production app. Settings come from the environment
that ``tests/bench/served.py`` sets: the database, a fixed secret, rate limits off (every
simulated phone comes from 127.0.0.1, which a café's phones do not), and optionally the brief
wait for PostgreSQL (companion/db_wait.py).
"""

from __future__ import annotations

import os

from flask import Flask

from companion import create_app


def brief_wait() -> dict[str, float]:
    """``BENCH_DB_BRIEF_WAIT_SECONDS`` when set (0 compares with psycopg's own cooperative
    waits, as before 26 November 2026), else the app's default."""
    found = os.environ.get("BENCH_DB_BRIEF_WAIT_SECONDS")
    return {} if found is None else {"DB_BRIEF_WAIT_SECONDS": float(found)}


def bench_app() -> Flask:
    """create_app() on the bench database, with the bare endpoint added."""
    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": os.environ["BENCH_DATABASE_URL"],
            "SECRET_KEY": "bench-secret",
            "RATELIMIT_ENABLED": False,
            "PUBLIC_URL": "http://table.test",
            **brief_wait(),
        }
    )

    @app.get("/bench/bare")
    def bare() -> str:
        return "ok"

    return app


app = bench_app()
