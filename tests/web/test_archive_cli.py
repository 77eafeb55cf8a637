"""``flask export-group`` and ``flask import-group``: the same files as the web pages."""

from __future__ import annotations

import json
from pathlib import Path

from flask import Flask

from companion.extensions import db
from companion.models import Group, Match

from ..conftest import count
from .archive_builders import build_small


def test_export_then_import_from_the_command_line(app: Flask, tmp_path: Path) -> None:
    group_id = build_small(app)
    runner = app.test_cli_runner()
    file = tmp_path / "group.json"
    exported = runner.invoke(args=["export-group", str(group_id), str(file)])
    assert exported.exit_code == 0, exported.output
    assert "Exported 5 matches of 'Quick'" in exported.output
    data = json.loads(file.read_text(encoding="utf-8"))
    assert data["format"] == "companion-group" and len(data["matches"]) == 5
    again = runner.invoke(args=["import-group", str(file)])
    assert again.exit_code == 0, again.output
    assert "Nothing to add: all 5 matches are already here." in again.output
    assert count(app, Group) == 1 and count(app, Match) == 5, "the same file adds nothing"
    for match in data["matches"]:
        del match["uid"]  # a file from before matches carried a uid
    file.write_text(json.dumps(data), encoding="utf-8")
    imported = runner.invoke(args=["import-group", str(file)])
    assert imported.exit_code == 0, imported.output
    assert "with 5 matches" in imported.output
    assert count(app, Group) == 2 and count(app, Match) == 10


def test_a_bad_file_is_refused_by_the_command_line(app: Flask, tmp_path: Path) -> None:
    group_id = build_small(app)
    runner = app.test_cli_runner()
    file = tmp_path / "group.json"
    assert runner.invoke(args=["export-group", str(group_id), str(file)]).exit_code == 0
    data = json.loads(file.read_text(encoding="utf-8"))
    data["matches"][2]["entries"][0]["move"] = {"type": "hunt", "footprints": "lots"}
    data["matches"][2]["uid"] = "a-match-from-elsewhere"
    file.write_text(json.dumps(data), encoding="utf-8")
    refused = runner.invoke(args=["import-group", str(file)])
    assert refused.exit_code == 1
    assert "Nothing imported: In match 3 (pirsch), entry 1:" in refused.output
    file.write_text(file.read_text()[:100], encoding="utf-8")
    truncated = runner.invoke(args=["import-group", str(file)])
    assert truncated.exit_code == 1 and "truncated" in truncated.output
    assert count(app, Group) == 1
    with app.app_context():
        assert db.session.query(Match).count() == 5


def test_export_of_a_missing_group_is_refused(app: Flask, tmp_path: Path) -> None:
    result = app.test_cli_runner().invoke(args=["export-group", "42", str(tmp_path / "x.json")])
    assert result.exit_code == 1 and "There is no group 42." in result.output
