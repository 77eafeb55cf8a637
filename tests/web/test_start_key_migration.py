"""The migration that adds ``matches.start_key``: up, down and up again on SQLite and on
PostgreSQL, existing matches kept (with no key), the unique index refusing a key twice."""

from __future__ import annotations

from pathlib import Path

from .test_kept_migration import run as run_script
from .test_kept_migration import scratch_postgres

__all__ = ["scratch_postgres"]  # the fixture, for the PostgreSQL test below

BEFORE = "c4e7b1d9a2f3"

SCRIPT = """
import flask_migrate
import sqlalchemy as sa
from companion import create_app
from companion.extensions import db
from companion.models import Group
from tests.web.history_helpers import add_match
app = create_app({{"SQLALCHEMY_DATABASE_URI": "{url}", "SECRET_KEY": "x"}})

def columns():
    return [c["name"] for c in sa.inspect(db.engine).get_columns("matches")]

with app.app_context():
    flask_migrate.upgrade()
    group = Group(name="Old")
    db.session.add(group)
    db.session.commit()
    group_id = group.id
add_match(app, group_id, "sixnimmt", ["Ann", "Bob"], [{{"type": "round", "heads": [70, 3]}}])
add_match(app, group_id, "sixnimmt", ["Ann", "Bob"], [{{"type": "round", "heads": [3, 70]}}])
with app.app_context():
    db.session.remove()
    flask_migrate.downgrade(revision="{before}")
    assert "start_key" not in columns(), columns()
    db.session.remove()
    flask_migrate.upgrade()
    indexes = {{i["name"]: i["unique"] for i in sa.inspect(db.engine).get_indexes("matches")}}
    assert indexes.get("ix_matches_start_key") in (1, True), indexes
    with db.engine.begin() as connection:
        keys = connection.execute(sa.text("SELECT start_key FROM matches")).scalars().all()
        assert keys == [None, None], keys
        connection.execute(sa.text("UPDATE matches SET start_key = 'k' WHERE id = 1"))
    try:
        with db.engine.begin() as connection:
            connection.execute(sa.text("UPDATE matches SET start_key = 'k' WHERE id = 2"))
    except sa.exc.IntegrityError:
        print("refused twice")
"""


def run(url: str) -> str:
    """This module's script against ``url`` (:func:`.test_kept_migration.run`)."""
    return run_script(url, SCRIPT, BEFORE)


def test_down_and_up_on_sqlite(tmp_path: Path) -> None:
    assert run(f"sqlite:///{tmp_path / 'migrated.sqlite'}") == "refused twice"


def test_down_and_up_on_postgres(scratch_postgres: str) -> None:
    assert run(scratch_postgres) == "refused twice"
