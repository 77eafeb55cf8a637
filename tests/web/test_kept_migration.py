"""The migrations that add ``player_games`` and the tallies: down and up again on SQLite and on
PostgreSQL, the rows of an existing history counted by the latest one's backfill exactly as the
app kept them."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from ..conftest import TEST_DATABASE_URL

ROOT = Path(__file__).resolve().parents[2]
BEFORE = "b5b1289d26bf"

SCRIPT = """
import flask_migrate
import sqlalchemy as sa
from companion import create_app
from companion.extensions import db
from companion.models import Group
from companion.stats import kept
from tests.web.history_helpers import add_match
app = create_app({{"SQLALCHEMY_DATABASE_URI": "{url}", "SECRET_KEY": "x"}})

def rows():
    found = db.session.execute(sa.select(*kept.TABLE.c)).all()
    return sorted(tuple(row) for row in found)

with app.app_context():
    flask_migrate.upgrade()
    group = Group(name="Old")
    db.session.add(group)
    db.session.commit()
    group_id = group.id
for heads in ([70, 3], [2, 80], [1, 90], [70, 70]):
    add_match(app, group_id, "sixnimmt", ["Ann", "Bob"], [{{"type": "round", "heads": heads}}])
add_match(app, group_id, "sixnimmt", ["Bob", "Cy"], [{{"type": "round", "heads": [90, 1]}}])
with app.app_context():
    kept_by_app = rows()
    db.session.remove()
    flask_migrate.downgrade(revision="{before}")
    names = sa.inspect(db.engine).get_table_names()
    indexes = [i["name"] for i in sa.inspect(db.engine).get_indexes("matches")]
    assert "player_games" not in names and "ix_matches_group_end" not in indexes
    db.session.remove()
    flask_migrate.upgrade()
    indexes = [i["name"] for i in sa.inspect(db.engine).get_indexes("seats")]
    assert "ix_seats_match_player" in indexes, indexes
    backfilled = rows()
    assert backfilled == kept_by_app, (backfilled, kept_by_app)
    print([(row[0], row[3], row[4], row[5], row[6]) for row in backfilled])
"""


def run(url: str, script: str = "", before: str = BEFORE) -> str:
    """Run a migration script (this module's by default) against ``url`` in a process of its
    own (Alembic configures logging): the last line it printed."""
    code = textwrap.dedent((script or SCRIPT).format(url=url, before=before))
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout.strip().splitlines()[-1]


# Fewest heads wins. Ann: lost, won, won, tied (a win): 4 played, 3 won, a run of 3 now.
# Bob: won, lost, lost, tied, then lost to Cy: 5 played, 2 won, no run now, longest 1.
EXPECTED = "[(1, 4, 3, 3, 3), (2, 5, 2, 0, 1), (3, 1, 1, 1, 1)]"


def test_down_and_up_on_sqlite(tmp_path: Path) -> None:
    assert run(f"sqlite:///{tmp_path / 'migrated.sqlite'}") == EXPECTED


@pytest.fixture
def scratch_postgres() -> Iterator[str]:
    """An empty PostgreSQL database beside the test database, dropped afterwards."""
    if not TEST_DATABASE_URL or not TEST_DATABASE_URL.startswith("postgresql"):
        pytest.skip("needs TEST_DATABASE_URL on PostgreSQL")
    name = f"migrate_{uuid.uuid4().hex[:8]}"
    server = sa.create_engine(TEST_DATABASE_URL, isolation_level="AUTOCOMMIT")
    with server.connect() as connection:
        connection.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        yield TEST_DATABASE_URL.rsplit("/", 1)[0] + "/" + name
    finally:
        with server.connect() as connection:
            connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        server.dispose()


def test_down_and_up_on_postgres(scratch_postgres: str) -> None:
    assert run(scratch_postgres) == EXPECTED
