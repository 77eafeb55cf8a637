"""The in-process doorbell: publishes wake exactly the streams of their match, and only after
the transaction that changed the match commits."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from flask import Flask

from companion import create_app
from companion.db_tuning import IdlePing
from companion.extensions import db
from companion.live import postgres as doorbell_pg
from companion.live.doorbell import CHANNEL, Broker, broker, ring_later
from companion.live.postgres import APPLICATION_NAME, ensure_listener

from ..conftest import TEST_DATABASE_URL, Phone, make_app, own_limits
from .helpers import match_row, table

WAIT = 5.0


def waiter(
    local: Broker, match_id: int, after: int, timeout: float
) -> tuple[threading.Thread, list]:
    """A thread that waits on ``match_id`` for a version newer than ``after``."""
    got: list[int | None] = []
    ready = threading.Event()

    def run() -> None:
        with local.listen(match_id) as channel:
            ready.set()
            got.append(channel.wait(after, timeout, local.closed))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(WAIT)
    return thread, got


def test_publish_wakes_a_waiting_subscriber() -> None:
    local = Broker()
    thread, got = waiter(local, 7, after=3, timeout=WAIT * 4)
    local.publish(7, 4)
    thread.join(WAIT)
    assert not thread.is_alive()
    assert got == [4]


def test_wait_times_out_with_none_when_nothing_newer_is_rung() -> None:
    local = Broker()
    with local.listen(7) as channel:
        local.publish(7, 3)
        assert channel.wait(3, 0.05, local.closed) is None
        assert channel.wait(2, 0.05, local.closed) == 3


def test_other_matches_and_older_versions_do_not_wake_a_subscriber() -> None:
    local = Broker()
    with local.listen(1) as channel:
        local.publish(2, 99)
        local.publish(1, 5)
        local.publish(1, 4)
        assert channel.version == 5
        assert channel.wait(5, 0.05, local.closed) is None


def test_many_subscribers_all_wake_on_one_publish() -> None:
    local = Broker()
    waiting = [waiter(local, 3, after=0, timeout=WAIT * 4) for _ in range(25)]
    assert local.listening(3) == 25
    local.publish(3, 1)
    for thread, got in waiting:
        thread.join(WAIT)
        assert got == [1]
    assert local.listening(3) == 0, "a channel nobody listens to is forgotten"
    assert local.streams == 0


def test_close_ends_every_wait_at_once() -> None:
    local = Broker()
    thread, got = waiter(local, 1, after=0, timeout=WAIT * 4)
    local.close()
    thread.join(WAIT)
    assert got == [None]


def test_rings_only_after_commit_and_never_after_rollback(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    local = broker(app)
    with app.app_context(), local.listen(42) as channel:
        db.session.execute(sa.text("SELECT 1"))
        ring_later(db.session, 42, 2)
        assert channel.version == 0, "nothing rings before the commit"
        db.session.rollback()
        db.session.execute(sa.text("SELECT 1"))
        db.session.commit()
        assert channel.version == 0, "a rolled-back change rings nobody"
        ring_later(db.session, 42, 3)
        db.session.commit()
        assert channel.version == 3


def test_an_entry_rings_its_match_at_the_new_version(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    local = broker(phone.app)
    before = int(match_row(phone.app, match_id)["version"])
    with local.listen(match_id) as channel:
        assert phone.enter_heads(match_id, [3, 13]).status_code == 303
        after = int(match_row(phone.app, match_id)["version"])
        assert after > before
        assert channel.wait(before, WAIT, local.closed) == after


def test_host_changes_and_seat_claims_ring_too(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    local = broker(phone.app)
    with local.listen(match_id) as channel:
        seen = channel.version
        assert phone.post(f"/m/{match_id}/host/rotate").status_code == 303
        assert channel.wait(seen, WAIT, local.closed) == match_row(phone.app, match_id)["version"]
        seen = channel.version
        other.claim(match_id, 0)
        assert channel.wait(seen, WAIT, local.closed) == match_row(phone.app, match_id)["version"]


def test_sqlite_connections_use_wal_a_busy_timeout_and_foreign_keys(tmp_path: Path) -> None:
    limits = own_limits()  # the app's busy timeout, not the patient one of the other tests
    url = f"sqlite:///{tmp_path / 'wal.sqlite'}"
    app: Flask = make_app(tmp_path, SQLALCHEMY_DATABASE_URI=url, **limits)
    with app.app_context():
        pragma = {
            name: db.session.execute(sa.text(f"PRAGMA {name}")).scalar()
            for name in ("journal_mode", "busy_timeout", "foreign_keys")
        }
    busy = limits["DB_BUSY_TIMEOUT_MS"]
    assert busy == 4000
    assert pragma == {"journal_mode": "wal", "busy_timeout": busy, "foreign_keys": 1}


def test_server_databases_check_idle_pooled_connections_before_use(tmp_path: Path) -> None:
    url = TEST_DATABASE_URL or "postgresql://nobody@127.0.0.1:1/none"
    if not url.startswith("postgres"):
        url = "postgresql://nobody@127.0.0.1:1/none"
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "test-secret"})
    with app.app_context():
        assert db.engine.dialect.name == "postgresql"
        # no connection is opened here: this only reads settings
        assert not db.engine.pool._pre_ping, "not on every use: only after an idle spell"
        checks = [getattr(fn, "__self__", None) for fn in db.engine.pool.dispatch.checkout]
        assert any(isinstance(check, IdlePing) for check in checks)
        db.engine.dispose()


@pytest.fixture
def postgres_app(tmp_path: Path) -> Iterator[Flask]:
    """An app on TEST_DATABASE_URL (PostgreSQL only); its broker closed afterwards."""
    if not TEST_DATABASE_URL or not TEST_DATABASE_URL.startswith("postgres"):
        pytest.skip("set TEST_DATABASE_URL to a PostgreSQL URL to test LISTEN/NOTIFY")
    app = make_app(tmp_path)
    yield app
    broker(app).close()


def notify(app: Flask, payload: str) -> None:
    """A NOTIFY as another worker's commit sends it."""
    with app.app_context(), db.engine.begin() as connection:
        connection.execute(
            sa.text("SELECT pg_notify(:channel, :payload)"),
            {"channel": CHANNEL, "payload": payload},
        )


def test_postgresql_notifications_ring_the_local_broker(postgres_app: Flask) -> None:
    local = broker(postgres_app)
    with postgres_app.app_context():
        ensure_listener(local, db.engine.url)
    assert local.fanout_healthy
    with local.listen(9) as channel:
        notify(postgres_app, "9:oops")
        notify(postgres_app, "8:40")
        notify(postgres_app, "9:4")
        assert channel.wait(0, WAIT, local.closed) == 4


def test_the_listener_reconnects_after_losing_its_connection(postgres_app: Flask) -> None:
    local = broker(postgres_app)
    with postgres_app.app_context():
        ensure_listener(local, db.engine.url)
        with db.engine.begin() as connection:
            killed = connection.execute(
                sa.text(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                    "WHERE application_name = :name AND datname = current_database()"
                ),
                {"name": APPLICATION_NAME},
            ).scalar_one()
    assert killed >= 1
    deadline = time.monotonic() + WAIT * 12
    while not local.fanout_healthy and time.monotonic() < deadline:
        time.sleep(0.05)
    with local.listen(5) as channel:
        # Healthy again (or soon): a notification sent now still arrives.
        for attempt in range(1, 40):
            notify(postgres_app, f"5:{attempt}")
            if channel.wait(attempt - 1, 0.5, local.closed) is not None:
                break
        assert channel.version >= 1
    assert local.fanout_healthy


def test_an_idle_listener_lets_its_connection_go(
    postgres_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(doorbell_pg, "IDLE_SECONDS", 0.2)
    local = broker(postgres_app)
    with postgres_app.app_context():
        ensure_listener(local, db.engine.url)
    listener = local.listener
    assert listener is not None
    listener.thread.join(WAIT * 12)  # a state, not a time: generous for a loaded machine
    assert not listener.thread.is_alive()
    assert local.listener is None and not local.fanout_healthy
    with postgres_app.app_context():
        ensure_listener(local, db.engine.url)
    assert local.fanout_healthy, "the next stream starts a new one"
