"""A pooled database-server connection is checked before use only when it sat idle: a busy
server makes no extra round trip per request, a quiet one still finds a dead connection first."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.pool import NullPool

from companion.db_tuning import IdlePing
from companion.extensions import db

from ..conftest import TEST_DATABASE_URL, Phone, make_app

ON_PG = bool(TEST_DATABASE_URL and TEST_DATABASE_URL.startswith("postgres"))


class DriverError(Exception):
    """What the fake driver raises."""


class Dialect:
    """Just what IdlePing asks of a dialect: a ping, and the driver's error class."""

    loaded_dbapi = SimpleNamespace(Error=DriverError)

    def __init__(self, alive: bool = True) -> None:
        self.alive = alive
        self.pings = 0

    def do_ping(self, _connection: Any) -> bool:
        self.pings += 1
        if not self.alive:
            raise DriverError("server closed the connection unexpectedly")
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def record() -> Any:
    return SimpleNamespace(info={})


def back_in_the_pool(alive: bool = True) -> tuple[Dialect, Clock, Any, IdlePing]:
    """A connection that went back to the pool just now, and what checks it."""
    dialect, clock, rec = Dialect(alive), Clock(), record()
    ping = IdlePing(dialect, 2.0, clock)  # type: ignore[arg-type]
    ping.checkin(object(), rec)
    return dialect, clock, rec, ping


def test_a_connection_back_from_a_request_a_moment_ago_is_used_without_a_ping() -> None:
    dialect, clock, rec, ping = back_in_the_pool()
    clock.now += 1.9
    ping.checkout(object(), rec, None)
    assert dialect.pings == 0


def test_a_connection_idle_in_the_pool_is_pinged_before_use() -> None:
    dialect, clock, rec, ping = back_in_the_pool()
    clock.now += 2.0
    ping.checkout(object(), rec, None)
    assert dialect.pings == 1
    ping.checkout(object(), rec, None)  # still checked out: no second ping for the same use
    assert dialect.pings == 1


def test_a_new_connection_is_not_pinged() -> None:
    dialect = Dialect()
    IdlePing(dialect, 0.0, Clock()).checkout(object(), record(), None)  # type: ignore[arg-type]
    assert dialect.pings == 0


def test_a_dead_idle_connection_is_handed_back_for_another() -> None:
    _dialect, clock, rec, ping = back_in_the_pool(alive=False)
    clock.now += 60
    with pytest.raises(DisconnectionError):
        ping.checkout(object(), rec, None)


@pytest.mark.skipif(not ON_PG, reason="needs TEST_DATABASE_URL=postgresql://… (a scratch db)")
def test_postgres_a_restart_while_the_table_was_quiet_costs_no_request(tmp_path: Path) -> None:
    app = make_app(tmp_path, DB_PING_IDLE_SECONDS=0.0)
    phone = Phone(app)
    match_id = phone.new_match(["Ann", "Bob"])
    phone.claim(match_id, 0)
    assert phone.get(f"/m/{match_id}").status_code == 200
    with app.app_context():
        assert not db.engine.pool._pre_ping, "no ping on every use"
        held = [db.engine.connect() for _ in range(3)]  # a few connections wait in the pool
        for connection in held:
            connection.execute(sa.text("SELECT 1"))
            connection.close()
        url = db.engine.url
    killer = sa.create_engine(url, poolclass=NullPool)  # a restart, from outside the pool
    with killer.connect() as connection:
        killed = connection.execute(
            sa.text(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        ).scalar_one()
    killer.dispose()
    assert killed >= 3
    # Every pooled connection was cut while idle: each is pinged, thrown away and replaced
    # before a request uses it.
    for _ in range(3):
        assert phone.get(f"/m/{match_id}").status_code == 200
        assert phone.get(f"/m/{match_id}/live?v=0", hx=True).status_code == 200
