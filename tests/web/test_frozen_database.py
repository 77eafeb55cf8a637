"""A database that hangs: 503 "try again" within the request's deadline, recovery without a
restart, and a write whose answer was lost is safe to send again.

PostgreSQL is reached through a proxy of the test's own (tests/web/freezer.py) that can stop
forwarding (a frozen server, whose kernel still acknowledges packets) or drop every connection.
SQLite's counterpart is a writer that holds the lock past the busy timeout.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask import Flask
from sqlalchemy import event

from companion.extensions import db
from companion.models import Entry

from ..conftest import TEST_DATABASE_URL, Phone, count, make_app, own_limits
from .freezer import Freezer

TRY_AGAIN = "Nothing was saved: try again in a moment."
UNSURE = "if it was saved, it will not be saved twice"
DEADLINE = 1.5
"""The test app's deadline; a 503 must come well before a freeze that never ends on its own."""
ANSWERED_WITHIN = DEADLINE + 4.5
"""The deadline plus a busy machine's slack (libpq's shortest connect timeout is 2 s)."""
ON_PG = bool(TEST_DATABASE_URL and TEST_DATABASE_URL.startswith("postgres"))
needs_pg = pytest.mark.skipif(not ON_PG, reason="needs TEST_DATABASE_URL=postgresql://…")


@pytest.fixture
def freezer() -> Iterator[Freezer]:
    assert TEST_DATABASE_URL
    parts = urlsplit(TEST_DATABASE_URL)
    proxy = Freezer((parts.hostname or "127.0.0.1", parts.port or 5432))
    yield proxy
    proxy.close()


def proxied_app(tmp_path: Path, freezer: Freezer, **config: Any) -> Flask:
    assert TEST_DATABASE_URL
    return make_app(
        tmp_path,
        SQLALCHEMY_DATABASE_URI=freezer.url_for(TEST_DATABASE_URL),
        **{**own_limits(), "DB_DEADLINE_SECONDS": DEADLINE, **config},
    )


def seated(app: Flask) -> tuple[Phone, int]:
    phone = Phone(app)
    match_id = phone.new_match(["Ann", "Bob"])
    phone.claim(match_id, 0)
    assert phone.enter_heads(match_id, [1, 2]).status_code == 303
    return phone, match_id


def timed(call: Any) -> tuple[Any, float]:
    start = time.monotonic()
    response = call()
    return response, time.monotonic() - start


@needs_pg
def test_a_frozen_database_answers_503_within_the_deadline_then_recovers(
    tmp_path: Path, freezer: Freezer
) -> None:
    app = proxied_app(tmp_path, freezer)
    phone, match_id = seated(app)
    form = phone.entry_form(match_id)
    freezer.freeze()
    try:
        page, took = timed(lambda: phone.get(f"/m/{match_id}"))
        assert page.status_code == 503 and took < ANSWERED_WITHIN, (page.status_code, took)
        assert TRY_AGAIN in page.get_data(as_text=True) and page.headers["Retry-After"]
        entry, took = timed(lambda: phone.enter_heads(match_id, [3, 4], form=form))
        assert entry.status_code == 503 and took < ANSWERED_WITHIN, (entry.status_code, took)
        assert TRY_AGAIN in entry.get_data(as_text=True)
        poll, took = timed(lambda: phone.get(f"/m/{match_id}/live?v=1", hx=True))
        assert poll.status_code == 503 and took < ANSWERED_WITHIN
    finally:
        freezer.thaw()
    assert phone.get(f"/m/{match_id}").status_code == 200, "recovered with no restart"
    assert count(app, Entry) == 1, "nothing of the refused entry was stored"
    assert phone.enter_heads(match_id, [3, 4], form=form).status_code == 303, "sent again"
    assert count(app, Entry) == 2


@needs_pg
def test_dropped_connections_answer_503_and_the_app_reconnects(
    tmp_path: Path, freezer: Freezer
) -> None:
    app = proxied_app(tmp_path, freezer)
    phone, match_id = seated(app)
    freezer.cut()
    statuses = {phone.get(f"/m/{match_id}").status_code for _ in range(3)}
    assert statuses <= {200, 503} and 200 in statuses, statuses


def freeze_at_the_next_commit(app: Flask, freezer: Freezer) -> None:
    """Freeze the line just as the app sends its next COMMIT (the phone's write)."""
    with app.app_context():
        engine = db.engine

    armed = [True]

    def on_commit(_connection: Any) -> None:
        if armed:
            armed.clear()
            freezer.freeze()

    event.listen(engine, "commit", on_commit)


@needs_pg
@pytest.mark.parametrize("then", ["thaw", "cut"])
def test_a_write_cut_off_during_its_commit_is_safe_to_send_again(
    tmp_path: Path, freezer: Freezer, then: str
) -> None:
    """The server may commit after the app gave up (``thaw``: the COMMIT waiting in the line
    arrives) or never see it (``cut``). The phone is told it may have been saved, and sending
    the same form again (same one-time key) stores the entry exactly once either way."""
    app = proxied_app(tmp_path, freezer)
    phone, match_id = seated(app)
    form = phone.entry_form(match_id)
    freeze_at_the_next_commit(app, freezer)
    answer, took = timed(lambda: phone.enter_heads(match_id, [3, 4], form=form))
    assert answer.status_code == 503 and took < ANSWERED_WITHIN, (answer.status_code, took)
    assert UNSURE in answer.get_data(as_text=True)
    getattr(freezer, then)()
    freezer.thaw()
    if then == "thaw":
        stored_by_then = time.monotonic() + 30
        while count(app, Entry) < 2 and time.monotonic() < stored_by_then:
            time.sleep(0.05)
        assert count(app, Entry) == 2, "the COMMIT arrived after the phone was answered"
    again = phone.enter_heads(match_id, [3, 4], form=form)
    assert again.status_code == 303, again.get_data(as_text=True)
    assert count(app, Entry) == 2, "stored once, whatever became of the first COMMIT"


@needs_pg
def test_the_connections_carry_the_timeouts(tmp_path: Path) -> None:
    app = make_app(tmp_path, **own_limits())  # not the patient limits of the other tests
    with app.app_context():
        settings = dict(
            db.session.execute(
                db.text(
                    "SELECT name, setting FROM pg_settings WHERE name IN "
                    "('statement_timeout', 'lock_timeout')"
                )
            ).all()
        )
    assert settings == {"statement_timeout": "4000", "lock_timeout": "3000"}
    client = app.config["SQLALCHEMY_ENGINE_OPTIONS"]["connect_args"]
    assert client["keepalives"] == 1 and client["connect_timeout"] == 3
    assert client["tcp_user_timeout"] > 0


def test_sqlite_a_writer_stuck_past_the_busy_timeout_gives_503_then_recovery(
    tmp_path: Path,
) -> None:
    path = tmp_path / "busy.sqlite"
    app = make_app(tmp_path, SQLALCHEMY_DATABASE_URI=f"sqlite:///{path}", DB_BUSY_TIMEOUT_MS=300)
    phone, match_id = seated(app)
    form = phone.entry_form(match_id)
    stuck = sqlite3.connect(path, isolation_level=None)
    stuck.execute("BEGIN IMMEDIATE")  # holds the write lock, like a writer that hangs
    try:
        answer = phone.enter_heads(match_id, [3, 4], form=form)
        assert answer.status_code == 503 and TRY_AGAIN in answer.get_data(as_text=True)
    finally:
        stuck.execute("ROLLBACK")
        stuck.close()
    assert phone.enter_heads(match_id, [3, 4], form=form).status_code == 303
    assert count(app, Entry) == 2
