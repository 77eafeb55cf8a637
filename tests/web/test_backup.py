"""``flask backup`` / ``flask restore``: a sound copy, a careful way back, and pruning."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime
from pathlib import Path

import pytest
from flask import Flask

from companion.backup import export_all, integrity, prune, restore_json
from companion.extensions import db
from companion.models import Entry, Group, Match

from ..conftest import TEST_DATABASE_URL, Phone, count, make_app


def sqlite_app(tmp_path: Path) -> Flask:
    return make_app(tmp_path, SQLALCHEMY_DATABASE_URI=f"sqlite:///{tmp_path / 'live.sqlite'}")


def history(app: Flask, rounds: int = 2) -> int:
    phone = Phone(app)
    match_id = phone.new_match(["Ann", "Bob"])
    phone.claim(match_id, 0)
    for n in range(rounds):
        assert phone.enter_heads(match_id, [n, 1]).status_code == 303
    return match_id


def cli(app: Flask, *args: str) -> tuple[int, str]:
    result = app.test_cli_runner().invoke(args=list(args))
    return result.exit_code, result.output


def test_sqlite_backup_then_restore_brings_the_history_back(tmp_path: Path) -> None:
    app = sqlite_app(tmp_path)
    match_id = history(app)
    copy = tmp_path / "copy.sqlite"
    code, out = cli(app, "backup", str(copy))
    assert code == 0 and "Backed up" in out
    assert integrity(copy) == "ok"
    Phone(app).new_match(["Late", "Comer"])
    assert count(app, Group) == 2

    code, out = cli(app, "restore", str(copy))
    assert code != 0 and "--yes" in out, "no overwrite without --yes"
    assert count(app, Group) == 2, "refused: nothing changed"

    code, out = cli(app, "restore", str(copy), "--yes")
    assert code == 0, out
    assert count(app, Group) == 1 and count(app, Entry) == 2
    aside = list(tmp_path.glob("live.sqlite.before-restore-*"))
    assert len(aside) == 1 and integrity(aside[0]) == "ok", "the replaced data is kept aside"
    assert Phone(app).get(f"/m/{match_id}").status_code == 404, "served after the restore"


def test_a_damaged_or_foreign_file_is_not_restored(tmp_path: Path) -> None:
    app = sqlite_app(tmp_path)
    history(app)
    damaged = tmp_path / "damaged.sqlite"
    damaged.write_bytes(b"SQLite format 3\x00" + b"\xff" * 3000)
    code, out = cli(app, "restore", str(damaged), "--yes")
    assert code != 0 and "integrity" in out
    foreign = tmp_path / "foreign.sqlite"
    conn = sqlite3.connect(foreign)
    conn.execute("CREATE TABLE notes (x)")
    conn.commit()
    conn.close()
    code, out = cli(app, "restore", str(foreign), "--yes")
    assert code != 0 and "not a Companion database" in out
    assert count(app, Entry) == 2, "the live database is untouched"


def test_a_backup_into_a_folder_is_timestamped_and_pruned(tmp_path: Path) -> None:
    app = sqlite_app(tmp_path)
    history(app, rounds=1)
    folder = tmp_path / "backups"
    folder.mkdir()
    old = [folder / f"companion-2026010{d}-030000.sqlite" for d in range(1, 10)]
    for file in old:
        file.write_bytes(b"")
    (folder / "notes.txt").write_text("kept")
    code, out = cli(app, "backup", str(folder), "--keep-daily", "3", "--keep-weekly", "3")
    assert code == 0, out
    made = [f for f in folder.glob("companion-*.sqlite") if f not in old]
    assert len(made) == 1 and integrity(made[0]) == "ok"
    left = sorted(f.name for f in folder.iterdir())
    # 3 days: today's new one, 9 and 8 January; 3 weeks: today's, 5-11 and 29 Dec-4 January
    assert left == [
        "companion-20260104-030000.sqlite",
        "companion-20260108-030000.sqlite",
        "companion-20260109-030000.sqlite",
        made[0].name,
        "notes.txt",
    ]


def test_prune_keeps_the_newest_of_each_day_and_week(tmp_path: Path) -> None:
    names = ["companion-20260105-010000.json", "companion-20260105-230000.json",
             "companion-20260106-120000.json", "companion-20251229-120000.json",
             "companion-20251222-120000.json", "companion-bad.json"]  # fmt: skip
    for name in names:
        (tmp_path / name).write_text("{}")
    gone = {f.name for f in prune(tmp_path, daily=2, weekly=3)}
    assert gone == {"companion-20260105-010000.json"}
    gone = {f.name for f in prune(tmp_path, daily=1, weekly=1)}
    assert gone == {"companion-20260105-230000.json", "companion-20251229-120000.json",
                    "companion-20251222-120000.json"}  # fmt: skip


def test_the_json_backup_restores_every_group_into_an_empty_database(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    history(app, rounds=3)
    history(app, rounds=1)
    with app.app_context():
        document = json.dumps(export_all())
    (tmp_path / "fresh").mkdir()
    fresh = make_app(tmp_path / "fresh")
    with fresh.app_context():
        assert restore_json(document.encode()) == 2
    assert count(fresh, Group) == 2 and count(fresh, Entry) == 4
    with fresh.app_context():
        again = export_all()
    assert [g["matches"] for g in again["groups"]] == [
        g["matches"] for g in json.loads(document)["groups"]
    ]


def test_a_restored_match_opens_on_the_phones_that_had_it(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    host = Phone(app)
    match_id = host.new_match(["Ann", "Bob"])
    host.claim(match_id, 0)
    assert host.enter_heads(match_id, [2, 3]).status_code == 303
    with app.app_context():
        document = json.dumps(export_all())
    (tmp_path / "fresh").mkdir()
    fresh = make_app(tmp_path / "fresh")
    with fresh.app_context():
        assert restore_json(document.encode()) == 1
        (restored,) = db.session.scalars(db.select(Match)).all()
        new_id = restored.id
    same_phone = Phone(fresh)
    same_phone.client.set_cookie("companion", host.client.get_cookie("companion").value)
    sheet = same_phone.get(f"/m/{new_id}")
    assert sheet.status_code == 200, "the host's phone opens its restored match"
    assert "Host controls" in sheet.get_data(as_text=True)
    assert Phone(fresh).get(f"/m/{new_id}").status_code == 404, "a stranger still cannot"


@pytest.mark.parametrize("raw", [b"not json", b"{}", b'{"format": "companion-backup"}'])
def test_a_file_that_is_not_a_json_backup_is_refused(tmp_path: Path, raw: bytes) -> None:
    app = make_app(tmp_path)
    file = tmp_path / "x.json"
    file.write_bytes(raw)
    code, out = cli(app, "restore", str(file))
    assert code != 0 and "Nothing restored" in out
    assert count(app, Group) == 0


ON_PG = bool(TEST_DATABASE_URL and TEST_DATABASE_URL.startswith("postgres"))


@pytest.mark.skipif(not ON_PG, reason="needs TEST_DATABASE_URL=postgresql://… (a scratch db)")
def test_postgres_backup_and_restore_by_json(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    history(app, rounds=2)
    folder = tmp_path / "pg"
    folder.mkdir()
    code, out = cli(app, "backup", str(folder))
    assert code == 0, out
    (file,) = folder.glob("companion-*.json")
    assert json.loads(file.read_text())["format"] == "companion-backup"
    code, out = cli(app, "restore", str(file))
    assert code != 0 and "--yes" in out
    with app.app_context():
        db.session.execute(db.text("TRUNCATE groups RESTART IDENTITY CASCADE"))
        db.session.commit()
    code, out = cli(app, "restore", str(file))
    assert code == 0, out
    assert count(app, Group) == 1 and count(app, Entry) == 2


def test_timestamps_sort_by_name() -> None:
    """The names prune reads are the ones backup writes."""
    from companion.backup import NAME_PREFIX, STAMP

    name = f"{NAME_PREFIX}{datetime(2026, 1, 2, 3, 4, 5).strftime(STAMP)}.sqlite"
    assert name == "companion-20260102-030405.sqlite"
