"""Exports and backups read one instant; a backup is replayed before it is kept; deleted
matches still within their 30 days travel in backups and come back deleted.

A round committed *between* two of an export's queries is the race that once produced a file
with a "playing" match whose log finishes it. Here a hook on the engine commits such a round
from another pooled connection just before the entries query runs, every time; the export must
still be the database at one instant (SQLite here, PostgreSQL with TEST_DATABASE_URL).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event, text

from companion import backup
from companion.archive.backup_json import export_all, restore_json
from companion.extensions import db
from companion.models import Group, Match

from ..conftest import Phone, count, make_app
from .test_backup import cli, history


def without_stamps(data: dict[str, Any]) -> dict[str, Any]:
    """An export minus the moment it was taken."""
    return {k: v for k, v in data.items() if k not in ("exported_at", "created_at")}


@contextmanager
def a_round_lands_between_queries(app: Flask, match_id: int) -> Iterator[list[bool]]:
    """Commit a finishing round of ``match_id`` from another connection just before the first
    query that reads entries (after the matches were read)."""
    engine = db.engine
    landed: list[bool] = []

    def before(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if landed or "FROM entries" not in statement:
            return
        landed.append(True)
        with engine.connect() as other:
            version, seq = other.execute(
                text(
                    "SELECT m.version, COALESCE(MAX(e.seq), 0) FROM matches m LEFT JOIN entries e "
                    "ON e.match_id = m.id WHERE m.id = :id GROUP BY m.version"
                ),
                {"id": match_id},
            ).one()
            other.execute(
                text(
                    "INSERT INTO entries (match_id, seq, move_json, version, created_at) "
                    "VALUES (:id, :seq, :move, :version, CURRENT_TIMESTAMP)"
                ),
                {
                    "id": match_id,
                    "seq": seq + 1,
                    "move": '{"type":"round","heads":[70,0]}',
                    "version": version + 1,
                },  # fmt: skip
            )
            other.execute(
                text("UPDATE matches SET version = :v, status = 'finished' WHERE id = :id"),
                {"v": version + 1, "id": match_id},
            )
            other.commit()

    event.listen(engine, "before_cursor_execute", before)
    try:
        yield landed
    finally:
        event.remove(engine, "before_cursor_execute", before)


def test_an_export_is_one_instant_while_a_round_lands(app: Flask) -> None:
    match_id = history(app, rounds=2)
    host = MEMBERS[match_id]
    group_id = group_of_match(app, match_id)
    before = json.loads(host.get(f"/g/{group_id}/export.json").data)
    with app.app_context(), a_round_lands_between_queries(app, match_id) as landed:
        during = host.get(f"/g/{group_id}/export.json")
        assert landed, "the round was committed between the export's queries"
    assert during.status_code == 200
    assert without_stamps(json.loads(during.data)) == without_stamps(before)
    after = json.loads(host.get(f"/g/{group_id}/export.json").data)
    (match,) = after["matches"]
    assert match["status"] == "finished" and len(match["entries"]) == 3, "the round is there now"


def group_of_match(app: Flask, match_id: int) -> int:
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        return match.group_id


MEMBERS: dict[int, Phone] = {}
"""The phone that made each match in ``history``, so a test can ask for exports as it."""


@pytest.fixture(autouse=True)
def remember_the_host(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep the phone ``history`` creates, so the test can ask for the group's export as it."""
    made = Phone.new_match

    def new_match(self: Phone, names: list[str], **fields: Any) -> int:
        match_id = made(self, names, **fields)
        MEMBERS[match_id] = self
        return match_id

    monkeypatch.setattr(Phone, "new_match", new_match)


def test_the_backup_document_is_one_instant_while_a_round_lands(app: Flask) -> None:
    match_id = history(app, rounds=2)
    with app.app_context():
        before = export_all()
        with a_round_lands_between_queries(app, match_id) as landed:
            during = export_all()
        assert landed
    assert [g["matches"] for g in during["groups"]] == [g["matches"] for g in before["groups"]]


def json_backups(monkeypatch: pytest.MonkeyPatch) -> None:
    """Take the PostgreSQL (JSON) path of ``flask backup`` whatever the test database is."""
    monkeypatch.setattr(backup, "sqlite_path", lambda: None)


def test_a_json_backup_taken_while_a_round_lands_restores(
    app: Flask, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    json_backups(monkeypatch)
    match_id = history(app, rounds=2)
    folder = tmp_path / "backups"
    folder.mkdir()
    with app.app_context(), a_round_lands_between_queries(app, match_id) as landed:
        code, out = cli(app, "backup", str(folder))
        assert landed
    assert code == 0, out
    (file,) = folder.glob("companion-*.json")
    (tmp_path / "fresh").mkdir()
    fresh = make_app(tmp_path / "fresh")
    with fresh.app_context():
        assert restore_json(file.read_bytes()) == 1
    assert count(fresh, Group) == 1


def test_a_backup_that_would_not_restore_is_not_kept(
    app: Flask, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    json_backups(monkeypatch)
    history(app, rounds=2)
    real = backup.export_all

    def damaged() -> dict[str, Any]:
        document = real()
        document["groups"][0]["matches"][0]["entries"][0]["move"] = {"type": "round", "heads": []}
        return document

    monkeypatch.setattr(backup, "export_all", damaged)
    folder = tmp_path / "backups"
    folder.mkdir()
    code, out = cli(app, "backup", str(folder))
    assert code != 0 and "does not replay, so it was not kept" in out, out
    assert list(folder.iterdir()) == [], "no backup, no partial file"
    assert count(app, Group) == 1 and count(app, Match) == 1, "the check left nothing behind"


def test_a_deleted_match_is_backed_up_and_comes_back_deleted_and_restorable(
    app: Flask, tmp_path: Path
) -> None:
    host = Phone(app)
    match_id = host.new_match(["Ann", "Bob"])
    host.claim(match_id, 0)
    assert host.enter_heads(match_id, [2, 3]).status_code == 303
    kept_id = host.new_match(["Ann", "Bob"], group=str(group_of_match(app, match_id)))
    assert host.post(f"/m/{match_id}/delete", {}).status_code == 303
    with app.app_context():
        document = export_all()
    (deleted,) = [m for m in document["groups"][0]["matches"] if m["id"] == match_id]
    assert deleted["deleted_at"] and len(deleted["entries"]) == 1
    (live,) = [m for m in document["groups"][0]["matches"] if m["id"] == kept_id]
    assert "deleted_at" not in live

    (tmp_path / "fresh").mkdir()
    fresh = make_app(tmp_path / "fresh")
    with fresh.app_context():
        assert restore_json(json.dumps(document).encode()) == 1
        restored = db.session.scalars(db.select(Match).order_by(Match.id)).all()
        assert [m.deleted_at is not None for m in restored] == [True, False]
        assert restored[0].code is None, "a deleted match cannot be joined"
        new_id, group_id = restored[0].id, restored[0].group_id
    same = Phone(fresh)
    same.client.set_cookie("companion", host.client.get_cookie("companion").value)  # type: ignore[union-attr]
    assert same.get(f"/m/{new_id}").status_code == 404, "still deleted"
    assert "6 nimmt!" in same.get(f"/g/{group_id}/deleted").get_data(as_text=True)
    assert same.post(f"/m/{new_id}/restore", {}).status_code == 303
    assert same.get(f"/m/{new_id}").status_code == 200, "the host brings it back, as before"


def test_a_person_s_export_still_leaves_deleted_matches_out(app: Flask) -> None:
    host = Phone(app)
    match_id = host.new_match(["Ann", "Bob"])
    group_id = group_of_match(app, match_id)
    host.new_match(["Ann", "Bob"], group=str(group_id))
    assert host.post(f"/m/{match_id}/delete", {}).status_code == 303
    exported = json.loads(host.get(f"/g/{group_id}/export.json").data)
    assert [m["id"] for m in exported["matches"]] == [match_id + 1]
    assert all("deleted_at" not in m for m in exported["matches"])
