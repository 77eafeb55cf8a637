"""The doorbell stream against a real server in a thread: who may listen, what it says first,
how soon a write on another phone rings, keep-alives, bounded life and the fallbacks."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from werkzeug.serving import WSGIRequestHandler, make_server

from companion.extensions import db
from companion.live.doorbell import broker
from companion.live.presence import Presence
from companion.models import Match, Membership, utcnow
from companion.seats import aware
from companion.security import viewer_token

from ..conftest import code_of, make_app
from .doorbell_client import WAIT, Doorbell, HttpPhone


class _Quiet(WSGIRequestHandler):
    def log_request(self, *args: Any, **kwargs: Any) -> None:
        return None


@dataclass
class Live:
    """A running app with two phones at one match (seats 0 and 1)."""

    app: Flask
    url: str
    host: HttpPhone
    guest: HttpPhone
    match_id: int

    def bell(self, phone: HttpPhone, path: str | None = None) -> Doorbell:
        """Listen to the match's stream (or ``path``) as ``phone``."""
        return Doorbell(phone.client, path or f"/m/{self.match_id}/events")


@contextmanager
def running(tmp_path: Path, **config: Any) -> Iterator[Live]:
    """Serve a fresh app in a thread; end every stream, then the server, afterwards."""
    settings = {"SSE_KEEPALIVE_SECONDS": 1, **config}
    app = make_app(tmp_path, **settings)
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=_Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_port}"
    host, guest = HttpPhone(url), HttpPhone(url)
    try:
        match_id = host.new_match(["Ann", "Bob"])
        guest.join(code_of(app, match_id))
        host.claim(match_id, 0)
        guest.claim(match_id, 1)
        yield Live(app, url, host, guest, match_id)
    finally:
        broker(app).close()
        host.close()
        guest.close()
        server.shutdown()
        thread.join(WAIT)
        server.server_close()


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Live]:
    with running(tmp_path) as started:
        yield started


def stored_version(app: Flask, match_id: int) -> int:
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        return match.version


def test_stream_answers_the_current_version_first(live: Live) -> None:
    bell = live.bell(live.guest)
    assert bell.first_status() == 200
    assert bell.next_version() == stored_version(live.app, live.match_id)
    bell.close()
    with live.guest.client.stream("GET", f"/m/{live.match_id}/events") as response:
        assert response.headers["Content-Type"].startswith("text/event-stream")
        assert "no-cache" in response.headers["Cache-Control"]
        first = next(response.iter_lines())
        assert first.startswith("retry: "), "the browser is told how soon to reconnect"


def test_a_write_on_another_phone_rings_the_stream(live: Live) -> None:
    bell = live.bell(live.guest)
    start = bell.next_version()
    assert live.host.enter_heads(live.match_id, [3, 13]).status_code == 303
    rung = bell.next_version()
    assert rung > start
    assert rung == stored_version(live.app, live.match_id)
    assert live.guest.totals(live.match_id)[-2:] == ["3", "13"]
    bell.close()


def test_phones_that_did_not_join_get_404(live: Live) -> None:
    stranger = HttpPhone(live.url)
    try:
        assert stranger.client.get(f"/m/{live.match_id}/events").status_code == 404
        assert stranger.client.get(f"/m/{live.match_id + 1}/events").status_code == 404
        assert stranger.client.get(f"/v/{live.match_id}/not-the-token/events").status_code == 404
    finally:
        stranger.close()


def test_the_viewer_link_has_its_own_stream(live: Live) -> None:
    with live.app.app_context():
        token = viewer_token(db.session.get(Match, live.match_id))
    viewer = HttpPhone(live.url)
    try:
        page = viewer.client.get(f"/v/{live.match_id}/{token}").text
        path = f"/v/{live.match_id}/{token}/events"
        assert f'data-events="{path}"' in page
        bell = Doorbell(viewer.client, path)
        start = bell.next_version()
        live.host.enter_heads(live.match_id, [1, 2])
        assert bell.next_version() > start
        bell.close()
    finally:
        viewer.close()


def test_a_quiet_stream_beats_and_holds_no_connection_while_waiting(live: Live) -> None:
    bell = live.bell(live.guest)
    bell.next_version()
    assert bell.events.get(timeout=WAIT) == ("beat", "1"), "the first beat says how often"
    name, data = bell.events.get(timeout=WAIT)
    assert (name, data) == ("beat", "1"), "a quiet stream beats every keep-alive"
    with live.app.app_context():
        pool = db.engine.pool
    # The worker's watcher may be reading versions for a moment: wait for it, then the stream
    # still holds nothing.
    deadline = time.monotonic() + WAIT
    while pool.checkedout() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert pool.checkedout() == 0, "a waiting stream holds no database connection"
    assert broker(live.app).listening(live.match_id) == 1
    bell.close()


def test_a_stream_ends_after_its_life_and_the_page_can_reconnect(tmp_path: Path) -> None:
    with running(tmp_path, SSE_LIFE_SECONDS=1) as live:
        bell = live.bell(live.guest)
        bell.next_version()
        while True:
            name, _data = bell.events.get(timeout=WAIT)
            if name == "closed":
                break
        again = live.bell(live.guest)
        assert again.next_version() == stored_version(live.app, live.match_id)
        again.close()


def test_a_change_from_another_process_is_found_by_the_version_check(tmp_path: Path) -> None:
    """Several SQLite workers share no broker: the stream checks the version every second."""
    with running(tmp_path, SSE_CHECK_SECONDS=0.2) as live:
        bell = live.bell(live.guest)
        start = bell.next_version()
        engine = sa.create_engine(live.app.config["SQLALCHEMY_DATABASE_URI"])
        try:
            with engine.begin() as connection:
                connection.execute(
                    sa.update(Match.__table__)
                    .where(Match.__table__.c.id == live.match_id)
                    .values(version=start + 5)
                )
        finally:
            engine.dispose()
        assert bell.version_at_least(start + 5) == start + 5
        bell.close()


def test_switched_off_there_is_no_stream_and_no_link(tmp_path: Path) -> None:
    with running(tmp_path, SSE_ENABLED=False) as live:
        assert live.guest.client.get(f"/m/{live.match_id}/events").status_code == 404
        assert "data-events" not in live.guest.client.get(f"/m/{live.match_id}").text
    (tmp_path / "on").mkdir()
    with running(tmp_path / "on") as live:
        page = live.guest.client.get(f"/m/{live.match_id}").text
        assert f'data-events="/m/{live.match_id}/events"' in page


def test_over_the_stream_limit_the_answer_is_204_and_polling_goes_on(tmp_path: Path) -> None:
    with running(tmp_path, SSE_MAX_STREAMS=1) as live:
        first = live.bell(live.host)
        first.next_version()
        assert live.guest.client.get(f"/m/{live.match_id}/events").status_code == 204
        first.close()


def test_a_quiet_stream_on_sqlite_does_not_query_while_nothing_is_committed(
    tmp_path: Path,
) -> None:
    with running(tmp_path, SSE_CHECK_SECONDS=0.1) as live:
        if not live.app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
            pytest.skip("the commit count is SQLite's")
        queries: list[str] = []
        with live.app.app_context():
            engine = db.engine

        def count(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
            if "matches" in statement:
                queries.append(statement)

        bell = live.bell(live.guest)
        bell.next_version()
        sa.event.listen(engine, "before_cursor_execute", count)
        try:
            time.sleep(1.0)  # ten check intervals of a quiet match
            assert queries == []
            live.host.enter_heads(live.match_id, [2, 2])
            assert bell.next_version() == stored_version(live.app, live.match_id)
        finally:
            sa.event.remove(engine, "before_cursor_execute", count)
        bell.close()


def test_a_listening_member_is_noted_at_the_table_and_a_viewer_is_not(live: Live) -> None:
    """A page that hears its stream makes no poll: the worker notes its phone as present."""
    with live.app.app_context():
        token = viewer_token(db.session.get(Match, live.match_id))
        db.session.execute(
            sa.update(Membership)
            .where(Membership.match_id == live.match_id)
            .values(last_seen=utcnow() - timedelta(minutes=10))
        )
        db.session.commit()
    bell = live.bell(live.guest)
    bell.next_version()
    viewer = HttpPhone(live.url)
    watching = Doorbell(viewer.client, f"/v/{live.match_id}/{token}/events")
    try:
        watching.next_version()
        local = broker(live.app)
        with live.app.app_context():
            guest = db.session.execute(
                sa.select(Membership.device_id).filter_by(match_id=live.match_id, seat=1)
            ).scalar_one()
            assert local.members() == {(live.match_id, guest)}, "the viewer is no member"
            assert Presence().note(local, db.engine) == 0, "not before a minute has passed"
            assert Presence(every=0).note(local, db.engine) == 1
            seen = dict(
                db.session.execute(
                    sa.select(Membership.seat, Membership.last_seen).filter_by(
                        match_id=live.match_id
                    )
                ).all()
            )
        assert utcnow() - aware(seen[1]) < timedelta(minutes=1), "the listening guest is present"
        assert utcnow() - aware(seen[0]) > timedelta(minutes=9), "the host did not listen"
    finally:
        bell.close()
        watching.close()
        viewer.close()
