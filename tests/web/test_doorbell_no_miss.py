"""On PostgreSQL the doorbell misses no version: not while its listener reconnects, not while
the process is too busy to read its notifications.

The stream here is the real one (``companion.live.events.stream``) with its timers pushed out
to an hour, so a version can only reach it by a notification or by the re-read the listener
asks for when it listens again: a version that slipped between the two would never arrive.
Writes come from "another worker": a transaction that bumps the version and sends the NOTIFY,
as ``sheet.append`` does, on a connection of its own that bypasses the test's proxy.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import sqlalchemy as sa
from flask import Flask

from companion.extensions import db
from companion.live import postgres as doorbell_pg
from companion.live.doorbell import CHANNEL, Broker, broker
from companion.live.events import stream
from companion.live.postgres import ensure_listener

from ..conftest import TEST_DATABASE_URL, Phone, make_app
from .freezer import Freezer

WAIT = 15.0
"""Longest wait for an expected version: generous, the machine may be busy."""
HOUR = {
    "SSE_KEEPALIVE_SECONDS": 3600,
    "SSE_LIFE_SECONDS": 3600,
    "SSE_CHECK_SECONDS": 3600,
    "SSE_RETRY_MS": 3000,
}

pytestmark = pytest.mark.skipif(
    not (TEST_DATABASE_URL and TEST_DATABASE_URL.startswith("postgres")),
    reason="needs TEST_DATABASE_URL=postgresql://… (LISTEN/NOTIFY)",
)


class Heard:
    """The versions one real stream sends, read in a thread."""

    def __init__(self, app: Flask, local: Broker, match_id: int) -> None:
        with app.app_context():
            engine = db.engine
        self.versions: queue.Queue[int] = queue.Queue()
        self.events = stream(engine, local, match_id, HOUR)
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()

    def read(self) -> None:
        for event in self.events:
            if "event: version\n" in event:  # a beat's data is seconds, not a version
                data = event.split("event: version\ndata: ", 1)[1]
                self.versions.put(int(data.split("\n", 1)[0]))

    def reaches(self, version: int) -> bool:
        """Whether the stream sends ``version`` (or a newer one) within WAIT seconds."""
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            try:
                if self.versions.get(timeout=max(end - time.monotonic(), 0.01)) >= version:
                    return True
            except queue.Empty:
                return False
        return False


@pytest.fixture
def freezer() -> Iterator[Freezer]:
    assert TEST_DATABASE_URL
    parts = urlsplit(TEST_DATABASE_URL)
    proxy = Freezer((parts.hostname or "127.0.0.1", parts.port or 5432))
    yield proxy
    proxy.close()


@pytest.fixture
def app(tmp_path: Path, freezer: Freezer) -> Iterator[Flask]:
    """The app (and its listener) reach PostgreSQL through the test's proxy."""
    assert TEST_DATABASE_URL
    made = make_app(tmp_path, SQLALCHEMY_DATABASE_URI=freezer.url_for(TEST_DATABASE_URL))
    yield made
    broker(made).close()


BUMP = sa.text("UPDATE matches SET version = version + 1 WHERE id = :id RETURNING version")


def other_worker_writes(match_id: int) -> int:
    """A commit of another worker: the version bumped and the NOTIFY sent, in one transaction,
    on a direct connection (the proxy's state does not matter to it)."""
    assert TEST_DATABASE_URL
    engine = sa.create_engine(TEST_DATABASE_URL.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with engine.begin() as connection:
            version = connection.execute(
                sa.text(
                    "UPDATE matches SET version = version + 1 WHERE id = :id RETURNING version"
                ),
                {"id": match_id},
            ).scalar_one()
            connection.execute(
                sa.text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": f"{match_id}:{version}"},
            )
    finally:
        engine.dispose()
    return int(version)


def listening(app: Flask) -> tuple[Broker, int]:
    match_id = Phone(app).new_match(["Ann", "Bob"])
    local = broker(app)
    with app.app_context():
        ensure_listener(local, db.engine.url)
    assert local.fanout_healthy
    return local, match_id


def until(condition: Any) -> bool:
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.01)
    return False


def test_a_commit_while_the_listener_reconnects_is_not_missed(app: Flask, freezer: Freezer) -> None:
    local, match_id = listening(app)
    heard = Heard(app, local, match_id)
    assert heard.reaches(1)
    for _ in range(5):
        freezer.cut()  # the listener's connection drops (a restart, a network blip)
        assert until(lambda: not local.fanout_healthy), "the listener noticed"
        version = other_worker_writes(match_id)  # committed while nobody listens
        assert heard.reaches(version), f"version {version} was missed"
        assert until(lambda: local.fanout_healthy), "listening again"
        version = other_worker_writes(match_id)  # and rung once it listens
        assert heard.reaches(version)


def test_a_listener_on_a_silent_line_gives_it_up_and_misses_nothing(
    app: Flask, freezer: Freezer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A frozen line raises nothing: the listener's own check notices it."""
    monkeypatch.setattr(doorbell_pg, "HEALTH_SECONDS", 0.5)
    monkeypatch.setattr(doorbell_pg, "ANSWER_SECONDS", 0.5)
    local, match_id = listening(app)
    heard = Heard(app, local, match_id)
    assert heard.reaches(1)
    freezer.freeze()
    assert until(lambda: not local.fanout_healthy), "the silent line was given up"
    version = other_worker_writes(match_id)
    freezer.thaw()
    assert heard.reaches(version), f"version {version} was missed"


def test_notifications_that_arrive_while_the_process_is_busy_are_all_rung(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A busy process reads its notifications late, never loses them."""
    local, match_id = listening(app)
    heard = Heard(app, local, match_id)
    assert heard.reaches(1)
    busy = threading.Event()
    ring = doorbell_pg.Listener.ring

    def slow_ring(self: Any, payload: str) -> None:
        busy.wait(WAIT)
        ring(self, payload)

    monkeypatch.setattr(doorbell_pg.Listener, "ring", slow_ring)
    versions = [other_worker_writes(match_id) for _ in range(20)]
    busy.set()
    assert heard.reaches(versions[-1])
