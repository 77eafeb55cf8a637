"""Backups taken while phones play restore, every one (on PostgreSQL: one snapshot each).

Three phones play 2-round 6 nimmt! matches back to back through a real gunicorn server, each
finished match followed by a rematch, while the test takes SOAK_BACKUPS backups (the JSON
document, whatever the database) and restores each into a fresh SQLite database.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
import requests

from companion import backup, create_app
from companion.archive.backup_json import restore_json
from companion.extensions import db

from ..conftest import CREATED
from ..server_process import HttpPhone, Server, prepare_database
from .conftest import size

PACE = 1.0
"""Seconds between one phone's taps: a round every few seconds at each of three tables is far
quicker than people play (a round takes minutes), so every backup still overlaps writes and
finished matches. Every backup holds the whole history and replays it, so a quicker pace only
grows the history (at 0.2 s a run reached 2,500 matches and its last backups took minutes each)
without testing anything more."""


class Player:
    """One host playing 2-round matches alone at a table of two, rematch after rematch."""

    def __init__(self, base: str) -> None:
        self.phone = HttpPhone(base)
        self.match_id = self.phone.new_match(["Ann", "Bob"], end="rounds", rounds="2")
        self.phone.claim(self.match_id, 0)
        self.stop = threading.Event()
        self.finished = 0
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        while not self.stop.wait(PACE):
            try:
                form = self.phone.heads_form(self.match_id)
                self.phone.enter_heads(self.match_id, form, [1, 2])
            except (requests.RequestException, AssertionError):
                pass
            try:
                again = self.phone.post(f"/m/{self.match_id}/rematch", {})
            except requests.RequestException:
                continue
            if again.status_code == 303:
                self.match_id = int(again.headers["Location"].rstrip("/").split("/")[-1])
                self.finished += 1


def test_every_backup_taken_under_load_restores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, url = prepare_database(tmp_path)
    monkeypatch.setattr(backup, "sqlite_path", lambda: None)  # the JSON backup everywhere
    server = Server(url, log=tmp_path / "gunicorn.log").start()
    folder = tmp_path / "backups"
    folder.mkdir()
    players = [Player(server.url) for _ in range(3)]
    restored = 0
    started = time.monotonic()
    try:
        for player in players:
            player.thread.start()
        for number in range(size("SOAK_BACKUPS", 50)):
            with app.app_context():
                file = backup.backup_to(folder / f"b{number}.json")
            fresh = create_app(
                {
                    "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / f'r{number}.sqlite'}",
                    "SECRET_KEY": "x",
                    "TESTING": True,
                }  # fmt: skip
            )
            CREATED.append(fresh)
            with fresh.app_context():
                db.create_all()
                restore_json(file.read_bytes())
                db.session.remove()
                db.engine.dispose()
            restored += 1
    finally:
        for player in players:
            player.stop.set()
            player.thread.join(timeout=30)
        server.stop()
    finished = sum(player.finished for player in players)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{restored} backups restored; {finished} matches finished meanwhile; "
          f"{time.monotonic() - started:.0f} s; load average {load}")  # fmt: skip
    assert finished > 0, "matches finished during the run"
    assert restored == size("SOAK_BACKUPS", 50)
