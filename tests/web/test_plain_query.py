"""The poll's membership query, run by the driver on a pooled connection of its own: it reads
what SQLAlchemy would read, gives its connection back whatever happens, and a failure comes out
as SQLAlchemy's own error, so the poll answers it as any other request does. A changed poll's
other reads run outside a transaction too."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event
from sqlalchemy.exc import DBAPIError

from companion.extensions import db
from companion.member_state import MEMBER_STATE
from companion.plain_query import Prepared

from ..conftest import Phone
from .helpers import viewer_path
from .test_poll_cost import version_of

TRY_AGAIN = "The score sheet cannot reach its database right now."


def seated_phone(app: Flask) -> tuple[Phone, int, str]:
    """A phone holding seat 0 of a new match, with its device id."""
    phone = Phone(app)
    match_id = phone.new_match(["Ann", "Bob"])
    phone.claim(match_id, 0)
    with phone.client.session_transaction() as session:
        device = str(session["device"])
    return phone, match_id, device


def test_a_row_reads_as_sqlalchemy_reads_it(app: Flask) -> None:
    _phone, match_id, device = seated_phone(app)
    values = {"match_id": match_id, "device": device}
    with app.app_context():
        plain = MEMBER_STATE.one_or_none(db.engine, values)
        assert db.engine.pool.checkedout() == 0, "the connection went back to the pool"
        orm = tuple(db.session.execute(MEMBER_STATE.statement, values).one())
    assert plain == orm
    assert plain is not None and isinstance(plain[2], datetime), "last_seen is a date, not text"
    assert plain[3] == 0


def test_a_stranger_finds_no_row(app: Flask) -> None:
    _phone, match_id, _device = seated_phone(app)
    with app.app_context():
        assert MEMBER_STATE.one_or_none(db.engine, {"match_id": match_id, "device": "x"}) is None


def without_table(prepared: Prepared) -> Prepared:
    """The statement as a driver refuses it: its table is not there."""
    return replace(prepared, sql=prepared.sql.replace("memberships", "gone_table"))


def test_a_driver_error_is_sqlalchemys_and_the_connection_goes_back(app: Flask) -> None:
    _phone, match_id, device = seated_phone(app)
    with app.app_context():
        engine = db.engine
        real = MEMBER_STATE.for_dialect(engine.dialect)
        gone = without_table(real)
        MEMBER_STATE.prepared[f"{engine.dialect.name}+{engine.dialect.driver}"] = gone
        try:
            with pytest.raises(DBAPIError) as raised:
                MEMBER_STATE.one_or_none(engine, {"match_id": match_id, "device": device})
        finally:
            MEMBER_STATE.prepared.clear()
        assert isinstance(raised.value.orig, engine.dialect.loaded_dbapi.Error)
        assert not raised.value.connection_invalidated
        assert engine.pool.checkedout() == 0


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_lost_connection_is_thrown_away_and_the_poll_says_try_again(
    app: Flask, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    phone, match_id, _device = seated_phone(app)
    version = version_of(phone, match_id)
    phone.get(f"/lang/{lang}")
    with app.app_context():
        engine = db.engine
        real = MEMBER_STATE.for_dialect(engine.dialect)
    gone = without_table(real)
    monkeypatch.setattr(MEMBER_STATE, "for_dialect", lambda _dialect: gone)
    monkeypatch.setattr(type(engine.dialect), "is_disconnect", lambda *_args: True)
    invalidated: list[object] = []
    monkeypatch.setattr(
        "sqlalchemy.pool.base._ConnectionFairy.invalidate",
        lambda self, *args, **kwargs: invalidated.append(self),
    )
    poll = phone.get(f"/m/{match_id}/live?v={version}", hx=True)
    assert poll.status_code == 503 and poll.headers["Retry-After"].isdigit()
    text = poll.get_data(as_text=True)
    assert (TRY_AGAIN in text) == (lang == "en") and ("riprova" in text.lower()) == (lang == "it")
    assert len(invalidated) == 1, "the lost connection is thrown away"
    monkeypatch.undo()
    assert engine.pool.checkedout() == 0
    assert phone.get(f"/m/{match_id}/live?v={version}", hx=True).status_code == 204


def pooled_autocommit(app: Flask) -> bool:
    """Whether the connection the pool hands out next is in autocommit."""
    with app.app_context():
        connection = db.engine.raw_connection()
        try:
            return bool(connection.driver_connection.autocommit)  # type: ignore[union-attr]
        finally:
            connection.close()


@pytest.mark.parametrize("fails", [False, True], ids=["answered", "refused"])
def test_on_postgresql_the_connection_goes_back_to_the_pool_out_of_autocommit(
    app: Flask, monkeypatch: pytest.MonkeyPatch, fails: bool
) -> None:
    with app.app_context():
        engine = db.engine
    if engine.dialect.name != "postgresql":
        pytest.skip("SQLite's driver opens no transaction for a read")
    phone, match_id, _device = seated_phone(app)
    version = version_of(phone, match_id)
    engine.dispose()  # one pooled connection from here: the poll's
    real_prepared = MEMBER_STATE.for_dialect(engine.dialect)
    prepared = without_table(real_prepared) if fails else real_prepared
    monkeypatch.setattr(MEMBER_STATE, "for_dialect", lambda _dialect: prepared)

    poll = phone.get(f"/m/{match_id}/live?v={version}", hx=True)
    assert poll.status_code == (500 if fails else 204)
    assert engine.pool.checkedin() == 1 and engine.pool.checkedout() == 0
    assert not pooled_autocommit(app), "the pooled connection is back in transactions"


def transaction_states(app: Flask, request: Callable[[], Any]) -> list[str]:
    """psycopg's transaction status after each statement ``request`` sends through the engine
    ("IDLE": no transaction, so no BEGIN went before it and no ROLLBACK follows)."""
    states: list[str] = []

    def after(connection: Any, *_args: Any) -> None:
        status = connection.connection.driver_connection.info.transaction_status
        states.append(status.name)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "after_cursor_execute", after)
    try:
        request()
    finally:
        event.remove(engine, "after_cursor_execute", after)
    return states


def test_on_postgresql_a_changed_poll_and_the_tvs_read_outside_a_transaction(
    app: Flask,
) -> None:
    with app.app_context():
        if db.engine.dialect.name != "postgresql":
            pytest.skip("SQLite's driver opens no transaction for a read")
    phone, match_id, _device = seated_phone(app)
    version = version_of(phone, match_id)
    phone.enter_heads(match_id, [3, 4])

    def changed_poll() -> None:
        assert phone.get(f"/m/{match_id}/live?v={version}", hx=True).status_code == 200

    viewer = viewer_path(phone, match_id)

    def tv_poll() -> None:
        assert Phone(app).get(f"{viewer}/live?v={version}", hx=True).status_code == 200

    def sheet() -> None:
        assert phone.get(f"/m/{match_id}").status_code == 200

    for poll in (changed_poll, tv_poll):
        polled = transaction_states(app, poll)
        assert polled and set(polled) == {"IDLE"}, (poll.__name__, polled)
    assert "INTRANS" in transaction_states(app, sheet), "the measure tells a transaction apart"
    assert not pooled_autocommit(app), "the pooled connection is back in transactions"
