"""The watcher's look for other workers' commits on SQLite (:mod:`companion.live.watch`): it
reads the listened versions exactly when another connection committed, never on a quiet
database, and never misses a commit that became visible after its last look."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from flask import Flask

from companion.extensions import db
from companion.live.doorbell import Broker, broker
from companion.live.watch import CommitCounter, Watcher

from ..conftest import Phone, make_app


def another_worker_moves(path: Path, match_id: int) -> int:
    """Commit a new version of the match on a connection of its own, as another worker would;
    returns the new version."""
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE matches SET version = version + 1 WHERE id = ?", (match_id,))
        (version,) = connection.execute(
            "SELECT version FROM matches WHERE id = ?", (match_id,)
        ).fetchone()
    connection.close()
    return int(version)


def sqlite_app(tmp_path: Path) -> tuple[Flask, Path]:
    path = tmp_path / "watch.sqlite"
    return make_app(tmp_path, SQLALCHEMY_DATABASE_URI=f"sqlite:///{path}"), path


def watched_match(tmp_path: Path) -> tuple[Path, int, Broker, Watcher]:
    """A match on an SQLite file, its app's broker, and a watcher (not started) that looks at
    every call of ``versions``."""
    app, path = sqlite_app(tmp_path)
    match_id = Phone(app).new_match(["Ann", "Bob"])
    settings = {"SSE_CHECK_SECONDS": 0.0, "SSE_KEEPALIVE_SECONDS": 0.0}
    with app.app_context():
        watcher = Watcher(broker(app), db.engine, settings)
    return path, match_id, broker(app), watcher


def test_the_count_moves_once_for_each_commit_of_another_connection(tmp_path: Path) -> None:
    app, path = sqlite_app(tmp_path)
    match_id = Phone(app).new_match(["Ann", "Bob"])
    counter = CommitCounter(path)
    try:
        assert counter.moved()  # the first look cannot know: read once
        assert not counter.moved()
        assert not counter.moved()
        another_worker_moves(path, match_id)
        assert counter.moved()
        assert not counter.moved()
    finally:
        counter.close()


def test_a_database_that_is_not_there_is_read_and_not_created(tmp_path: Path) -> None:
    missing = tmp_path / "gone.sqlite"
    counter = CommitCounter(missing)
    assert counter.moved() and counter.moved()
    assert not missing.exists()


def test_the_watcher_rings_another_workers_commit_and_stays_quiet_otherwise(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, match_id, local, watcher = watched_match(tmp_path)
    reads: list[int] = []
    read = watcher.read
    monkeypatch.setattr(watcher, "read", lambda: reads.append(1) or read())
    try:
        with local.listen(match_id) as seat:
            quiet = len(reads)
            for _ in range(5):
                watcher.versions(asked=False)
            assert len(reads) == quiet, "a quiet database was read"
            version = another_worker_moves(path, match_id)
            watcher.versions(asked=False)
            assert len(reads) == quiet + 1
            assert seat.channel.version == version
    finally:
        if watcher.commits is not None:
            watcher.commits.close()


def test_a_commit_that_lands_just_after_a_read_is_rung_at_the_next_look(tmp_path: Path) -> None:
    path, match_id, local, watcher = watched_match(tmp_path)
    read = watcher.read
    landed: list[int] = []

    def read_then_another_commit() -> None:
        read()
        if not landed:
            landed.append(another_worker_moves(path, match_id))

    watcher.read = read_then_another_commit  # type: ignore[method-assign]
    try:
        with local.listen(match_id) as seat:
            another_worker_moves(path, match_id)
            watcher.versions(asked=False)
            assert landed and seat.channel.version < landed[0]
            watcher.versions(asked=False)
            assert seat.channel.version == landed[0]
    finally:
        if watcher.commits is not None:
            watcher.commits.close()
