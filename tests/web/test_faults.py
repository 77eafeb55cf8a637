"""Faults: the server killed mid-stream, the database connections cut under load.

A success answer means the entry is on disk: after a SIGKILL and a restart every one of them is
there, SQLite passes its integrity check, a form re-sent with its one-time key is not entered
twice, and the phones' polling carries on. When PostgreSQL drops every connection, requests
answer 503 "try again" (never 500) and the app recovers by itself, without a restart.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import requests
import sqlalchemy as sa
from flask import Flask
from sqlalchemy.exc import DBAPIError, OperationalError

from companion.extensions import db
from companion.models import Entry

from ..conftest import TEST_DATABASE_URL, Phone, code_of, make_app
from ..server_process import HttpPhone, Server, prepare_database

TRY_AGAIN = "Nothing was saved: try again in a moment."


class Stream:
    """One phone entering round after round until told to stop; remembers every answer."""

    def __init__(self, phone: HttpPhone, match_id: int, seat: int, seats: int) -> None:
        self.phone, self.match_id, self.seat, self.seats = phone, match_id, seat, seats
        self.accepted: list[str] = []
        self.unknown: list[dict[str, str]] = []  # forms whose answer never came
        self.statuses: list[int] = []
        self.refusals: list[requests.Response] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def heads(self) -> list[int]:
        return [1 if i == self.seat else 0 for i in range(self.seats)]

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                form = self.phone.heads_form(self.match_id)
            except (requests.RequestException, AssertionError):
                time.sleep(0.05)
                continue
            try:
                response = self.phone.enter_heads(self.match_id, form, self.heads())
            except requests.RequestException:
                self.unknown.append(form)
                continue
            self.statuses.append(response.status_code)
            if response.status_code == 303:
                self.accepted.append(form["heads-idem"])
            elif response.status_code != 200:
                self.refusals.append(response)


def under_way(streams: list[Stream], entries: int = 6, timeout: float = 30) -> None:
    """Wait until the streams have had a few entries accepted: the fault strikes mid-stream."""
    deadline = time.monotonic() + timeout
    while sum(len(s.accepted) for s in streams) < entries and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.2)


def seated_pair(app: Flask, server: Server) -> tuple[int, list[HttpPhone]]:
    """A two-player match that does not end soon, both phones joined and seated."""
    host, guest = HttpPhone(server.url), HttpPhone(server.url)
    match_id = host.new_match(["Ann", "Bob"], end="limit", limit="1000")
    guest.join(code_of(app, match_id))
    host.claim(match_id, 0)
    guest.claim(match_id, 1)
    return match_id, [host, guest]


def stored_keys(app: Flask, match_id: int) -> list[str | None]:
    with app.app_context():
        keys = list(db.session.scalars(db.select(Entry.idem_key).filter_by(match_id=match_id)))
        db.session.remove()
        return keys


def test_sigkill_mid_stream_loses_no_confirmed_entry(tmp_path: Path) -> None:
    app, url = prepare_database(tmp_path, sqlite=True)
    server = Server(url, log=tmp_path / "gunicorn.log").start()
    try:
        match_id, phones = seated_pair(app, server)
        streams = [Stream(phone, match_id, seat, 2) for seat, phone in enumerate(phones)]
        for stream in streams:
            stream.thread.start()
        under_way(streams)
        server.kill()
        time.sleep(0.3)
        for stream in streams:
            stream.stop.set()
            stream.thread.join(timeout=30)
        integrity = sqlite3.connect(tmp_path / "served.sqlite")
        assert integrity.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        integrity.close()
        server.start()
        accepted = [key for stream in streams for key in stream.accepted]
        assert accepted, "entries went through before the kill"
        keys = stored_keys(app, match_id)
        assert set(accepted) <= set(keys), "an entry confirmed before the kill is missing"
        statuses = [s for stream in streams for s in stream.statuses]
        assert set(statuses) <= {200, 303}, (statuses, server.errors()[-3000:])
        resend_after_restart(app, match_id, phones[0], streams[0])
        polling_resumes(app, match_id, phones[1])
    finally:
        server.stop()
        with app.app_context():
            db.engine.dispose()


def resend_after_restart(app: Flask, match_id: int, phone: HttpPhone, stream: Stream) -> None:
    """Forms whose answer was lost, and a confirmed one, sent again: never entered twice."""
    for form in stream.unknown:
        answer = phone.enter_heads(match_id, form, stream.heads())
        assert answer.status_code in (200, 303)
        assert stored_keys(app, match_id).count(form["heads-idem"]) <= 1
    form = phone.heads_form(match_id)
    assert phone.enter_heads(match_id, form, stream.heads()).status_code == 303
    before = stored_keys(app, match_id)
    again = phone.enter_heads(match_id, form, stream.heads())
    assert again.status_code == 303, "a re-sent form is answered like the first time"
    assert stored_keys(app, match_id) == before, "and not entered twice"


def polling_resumes(app: Flask, match_id: int, phone: HttpPhone) -> None:
    """The same cookie still works after the restart: the poll answers, then idles with 204."""
    live = f"/m/{match_id}/live"
    fresh = phone.get(live + "?v=0", headers={"HX-Request": "true"})
    assert fresh.status_code == 200 and 'id="scoreboard"' in fresh.text
    with app.app_context():
        from companion.models import Match

        version = db.session.get(Match, match_id).version  # type: ignore[union-attr]
        db.session.remove()
    assert phone.get(f"{live}?v={version}", headers={"HX-Request": "true"}).status_code == 204


@pytest.mark.parametrize(
    "error",
    [
        OperationalError("SELECT 1", {}, Exception("server closed the connection unexpectedly")),
        DBAPIError("SELECT 1", {}, Exception("connection reset"), connection_invalidated=True),
    ],
    ids=["operational", "disconnect"],
)
@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_a_lost_database_answers_503_try_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: Exception, lang: str
) -> None:
    app = make_app(tmp_path)
    phone = Phone(app)
    match_id = phone.new_match(["Ann", "Bob"])
    phone.claim(match_id, 0)
    phone.get(f"/lang/{lang}")

    def lost(*args: Any, **kwargs: Any) -> Any:
        raise error

    from companion.views import play

    monkeypatch.setattr(play, "replay", lost)
    for response in (phone.get(f"/m/{match_id}"), phone.enter_heads(match_id, [1, 2], form={
        "heads-version": "1", "heads-idem": "abcdefgh12"})):  # fmt: skip
        assert response.status_code == 503
        assert response.headers["Retry-After"].isdigit()
        text = response.get_data(as_text=True)
        if lang == "en":
            assert TRY_AGAIN in text
        else:
            again = {"it": "riprova", "de": "versuch es"}[lang]
            assert again in text.lower() and TRY_AGAIN not in text
    monkeypatch.undo()
    assert phone.get(f"/m/{match_id}").status_code == 200


def test_other_database_errors_stay_500_and_are_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    app = make_app(tmp_path)
    phone = Phone(app)
    match_id = phone.new_match(["Ann", "Bob"])
    from companion.views import play

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise DBAPIError("SELECT nonsense", {}, Exception("syntax error"))

    monkeypatch.setattr(play, "replay", broken)
    assert phone.get(f"/m/{match_id}").status_code == 500
    assert "Database error" in caplog.text


ON_PG = bool(TEST_DATABASE_URL and TEST_DATABASE_URL.startswith("postgres"))


@pytest.mark.skipif(not ON_PG, reason="needs TEST_DATABASE_URL=postgresql://… (a scratch db)")
def test_postgres_connections_cut_under_load_then_recovery(tmp_path: Path) -> None:
    app, url = prepare_database(tmp_path)
    server = Server(url, log=tmp_path / "gunicorn.log").start()
    try:
        match_id, phones = seated_pair(app, server)
        streams = [Stream(phone, match_id, seat, 2) for seat, phone in enumerate(phones)]
        for stream in streams:
            stream.thread.start()
        under_way(streams)
        for cut in range(60):
            cut_connections(app)
            time.sleep(0.1)
            if cut >= 15 and any(503 in stream.statuses for stream in streams):
                break
        time.sleep(0.5)
        for stream in streams:
            stream.stop.set()
            stream.thread.join(timeout=30)
        statuses = [s for stream in streams for s in stream.statuses]
        assert set(statuses) <= {200, 303, 503}, statuses
        assert 503 in statuses, "some requests met a cut connection"
        for refusal in (r for stream in streams for r in stream.refusals):
            assert refusal.status_code == 503 and TRY_AGAIN in refusal.text
        assert set(k for st in streams for k in st.accepted) <= set(stored_keys(app, match_id))
        form = phones[0].heads_form(match_id)
        assert phones[0].enter_heads(match_id, form, [1, 0]).status_code == 303
        assert form["heads-idem"] in stored_keys(app, match_id), "recovered without a restart"
        # Flask logs a request that died unhandled as "ERROR in app: Exception on ...". The pool
        # may log a traceback of its own ("Exception during reset or similar") when it rolls
        # back a connection the database has just cut, before it discards it: expected here.
        log = server.errors()
        assert "ERROR in app" not in log and "Exception on " not in log, log
    finally:
        server.stop()
        with app.app_context():
            db.engine.dispose()


def cut_connections(app: Flask) -> int:
    """What a PostgreSQL restart does to the app: every other connection to the db is killed."""
    with app.app_context():
        killed = db.session.execute(
            sa.text(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        ).scalar_one()
        db.session.remove()
        return int(killed)
