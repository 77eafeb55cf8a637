"""Export then import gives back the same history: matches, seats, entries and replayed states,
for every game, on this test database and from SQLite into PostgreSQL."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion import rules
from companion.archive import export_group, import_group
from companion.extensions import db
from companion.models import Group, Match
from companion.sheet import replay

from ..conftest import TEST_DATABASE_URL, make_app
from .archive_builders import build_history


def replays(app: Flask, group_id: int) -> list[dict[str, Any]]:
    """Each match of the group as stored and as replayed, without ids, oldest first."""
    with app.app_context():
        matches = db.session.execute(
            db.select(Match).filter_by(group_id=group_id).order_by(Match.created_at, Match.id)
        ).scalars()
        result = []
        for match in matches:
            sheet = replay(match)
            result.append(
                {
                    "game": match.game, "options": match.options, "seed": match.seed,
                    "status": match.status, "winners": match.winners,
                    "seats": [s.player.name for s in match.seats],
                    "entries": [(e.seq, e.move, e.undoes, e.seat) for e in sheet.entries],
                    "state": rules.get(match.game).to_dict(sheet.state),
                    "standings": sheet.standings,
                }
            )  # fmt: skip
        return result


def without_ids(data: dict[str, Any]) -> dict[str, Any]:
    """An export with the installation's ids replaced by positions, and no export time."""
    data = copy.deepcopy(data)
    data.pop("exported_at")
    position = {m["id"]: i for i, m in enumerate(data["matches"])}
    for match in data["matches"]:
        match["id"] = position[match["id"]]
        if match["next_match"] is not None:
            match["next_match"] = position[match["next_match"]]
    return data


@pytest.fixture(scope="session")
def source(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A history of every game built on SQLite, its export (as JSON text) and its replays."""
    tmp = tmp_path_factory.mktemp("source")
    app = make_app(tmp, SQLALCHEMY_DATABASE_URI=f"sqlite:///{tmp / 'source.sqlite'}")
    group_id = build_history(app)
    with app.app_context():
        group = db.session.get(Group, group_id)
        assert group is not None
        data = export_group(group)
    text = json.dumps(data, ensure_ascii=False)
    return {"text": text, "replays": replays(app, group_id), "export": data}


def import_into(app: Flask, text: str) -> int:
    """Import export text (parsed fresh, as from a file) and commit; the new group's id."""
    with app.app_context():
        group = import_group(json.loads(text), None)
        db.session.commit()
        return group.id


def export_of(app: Flask, group_id: int) -> dict[str, Any]:
    with app.app_context():
        group = db.session.get(Group, group_id)
        assert group is not None
        return export_group(group)


def test_the_history_covers_every_game_and_every_ending(source: dict[str, Any]) -> None:
    """The fixture is worth something: all games, finished and not, with undos."""
    matches = source["export"]["matches"]
    assert {m["game"] for m in matches} == set(rules.REGISTRY)
    for slug in rules.REGISTRY:
        statuses = {m["status"] for m in matches if m["game"] == slug}
        assert {"finished", "abandoned", "playing"} & statuses >= {"finished", "abandoned"}
    assert any(e["undoes"] is not None for m in matches for e in m["entries"])
    finished = [m for m in matches if m["status"] == "finished"]
    assert all(m["winners"] is not None and m["finished_at"] for m in finished)


def test_export_then_import_gives_back_the_same_history(
    source: dict[str, Any], tmp_path: Path
) -> None:
    app = make_app(tmp_path)
    group_id = import_into(app, source["text"])
    assert replays(app, group_id) == source["replays"]
    again = export_of(app, group_id)
    assert without_ids(again) == without_ids(source["export"])
    second = import_into(app, json.dumps(again))
    assert second != group_id
    assert replays(app, second) == source["replays"], "a second round trip on this database"


@pytest.mark.skipif(
    not (TEST_DATABASE_URL or "").startswith("postgres"),
    reason="needs TEST_DATABASE_URL pointing at PostgreSQL to import a SQLite export there",
)
def test_a_sqlite_export_imports_into_postgresql(source: dict[str, Any], tmp_path: Path) -> None:
    app = make_app(tmp_path)
    with app.app_context():
        assert db.engine.dialect.name == "postgresql"
    group_id = import_into(app, source["text"])
    assert replays(app, group_id) == source["replays"]
    assert without_ids(export_of(app, group_id)) == without_ids(source["export"])
