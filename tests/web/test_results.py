"""Each seat's stored final result, place and tallies: written at the end, equal to a fresh
replay, rewritten by an undo after the end, cleared when the match reopens, and backfilled."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from flask import Flask

from companion.extensions import db
from companion.models import Match, Seat
from companion.results import backfill, backfill_tallies, final_results, final_tallies
from companion.sheet import replay

from ..conftest import Phone
from .archive_builders import build_history
from .helpers import match_row, table, undo

ROOT = Path(__file__).resolve().parents[2]


def stored(app: Flask) -> dict[int, list[tuple[int | None, int | None]]]:
    """``(result, place)`` per seat of every match, as stored."""
    with app.app_context():
        rows = db.session.execute(
            db.select(Seat.match_id, Seat.result, Seat.place).order_by(Seat.match_id, Seat.position)
        ).all()
    out: dict[int, list[tuple[int | None, int | None]]] = {}
    for match_id, result, place in rows:
        out.setdefault(match_id, []).append((result, place))
    return out


def replayed(app: Flask) -> dict[int, list[tuple[int | None, int | None]]]:
    """What a fresh replay of every match gives (None for a match that is not finished)."""
    out: dict[int, list[tuple[int | None, int | None]]] = {}
    with app.app_context():
        for match in db.session.execute(db.select(Match)).scalars():
            seats = len(match.seats)
            if match.status != "finished":
                out[match.id] = [(None, None)] * seats
                continue
            state = replay(match, without=0).state
            out[match.id] = list(final_results(match.game, match.winners, seats, state))
    return out


def test_every_finished_match_stores_what_its_replay_gives(app: Flask) -> None:
    build_history(app)
    assert stored(app) == replayed(app)
    places = [place for seats in stored(app).values() for _, place in seats]
    assert 1 in places, "finished matches have places"


def stored_tallies(app: Flask) -> dict[int, list[dict[str, int] | None]]:
    """The tallies per seat of every match, as stored."""
    with app.app_context():
        rows = db.session.execute(
            db.select(Seat.match_id, Seat.tallies).order_by(Seat.match_id, Seat.position)
        ).all()
    out: dict[int, list[dict[str, int] | None]] = {}
    for match_id, tallies in rows:
        out.setdefault(match_id, []).append(tallies)
    return out


def replayed_tallies(app: Flask) -> dict[int, list[dict[str, int] | None]]:
    """The tallies a fresh replay of every match gives (None for a match not finished)."""
    out: dict[int, list[dict[str, int] | None]] = {}
    with app.app_context():
        for match in db.session.execute(db.select(Match)).scalars():
            seats = len(match.seats)
            if match.status != "finished":
                out[match.id] = [None] * seats
                continue
            state = replay(match, without=0).state
            out[match.id] = list(final_tallies(match.game, match.winners, seats, state))
    return out


def test_every_finished_match_stores_the_tallies_its_replay_gives(app: Flask) -> None:
    build_history(app)
    assert stored_tallies(app) == replayed_tallies(app)
    games = {name for seats in stored_tallies(app).values() for t in seats if t for name in t}
    assert {"heads", "survived", "best_hunt", "beaten", "crosses"} <= games, games


def test_the_tallies_backfill_fills_what_the_migration_found_empty(app: Flask) -> None:
    build_history(app)
    before = stored_tallies(app)
    with app.app_context():
        db.session.execute(db.update(Seat).values(tallies=None))
        db.session.commit()
        with db.engine.begin() as connection:
            filled = backfill_tallies(connection)
    assert filled == sum(1 for seats in before.values() if any(seats))
    assert stored_tallies(app) == before


def test_the_backfill_fills_what_the_migration_found_empty(app: Flask) -> None:
    build_history(app)
    before = stored(app)
    with app.app_context():
        db.session.execute(db.update(Seat).values(result=None, place=None))
        db.session.commit()
        with db.engine.begin() as connection:
            filled = backfill(connection)
    assert filled == sum(1 for seats in before.values() if any(p for _, p in seats))
    assert stored(app) == before


def test_an_undo_after_the_end_rewrites_or_clears_the_results(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, names=["Ann", "Bob", "Cy"], end="rounds", rounds="2")
    phone.enter_heads(match_id, [3, 10, 1])
    phone.enter_heads(match_id, [5, 1, 20])
    assert match_row(phone.app, match_id)["status"] == "finished"
    assert stored(phone.app)[match_id] == [(8, 1), (11, 2), (21, 3)]
    undo(phone, match_id, 2)
    assert match_row(phone.app, match_id)["status"] == "playing"
    assert stored(phone.app)[match_id] == [(None, None)] * 3, "reopened: nothing stored"
    phone.enter_heads(match_id, [9, 1, 1])
    assert stored(phone.app)[match_id] == [(12, 3), (11, 2), (2, 1)]


def test_a_reopened_match_stores_no_tallies(phone: Phone, other: Phone) -> None:
    """Cleared tallies are the database's NULL, as cleared results are (not JSON's null)."""
    match_id = table(phone, other, names=["Ann", "Bob"], end="rounds", rounds="1")
    phone.enter_heads(match_id, [3, 10])
    assert stored_tallies(phone.app)[match_id][0] == {"heads": 3, "rounds": 1, "limited": 0,
                                                      "over": 0}  # fmt: skip
    undo(phone, match_id, 1)
    with phone.app.app_context():
        empty = db.session.execute(
            db.select(db.func.count()).where(Seat.match_id == match_id, Seat.tallies.is_(None))
        ).scalar_one()
    assert empty == 2


def test_the_host_ending_early_stores_the_current_results(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, names=["Ann", "Bob"], end="rounds", rounds="5")
    phone.enter_heads(match_id, [4, 9])
    assert phone.post(f"/m/{match_id}/host/end").status_code in (200, 303)
    assert match_row(phone.app, match_id)["status"] == "finished"
    assert stored(phone.app)[match_id] == [(4, 1), (9, 2)]


def test_the_migration_fills_existing_matches(tmp_path: Path) -> None:
    """Down to the revision before the columns, then up again: the uids and the results of an
    existing finished match are filled."""
    path = tmp_path / "migrated.sqlite"
    script = textwrap.dedent(
        f"""
        import flask_migrate
        from companion import create_app
        from companion.extensions import db
        from companion.models import Group, Match, Seat
        from tests.web.history_helpers import add_match
        app = create_app({{"SQLALCHEMY_DATABASE_URI": "sqlite:///{path}", "SECRET_KEY": "x"}})
        with app.app_context():
            flask_migrate.upgrade()
            group = Group(name="Old")
            db.session.add(group)
            db.session.commit()
            group_id = group.id
        moves = [{{"type": "round", "heads": [70, 3]}}]
        add_match(app, group_id, "sixnimmt", ["Ann", "Bob"], moves)
        with app.app_context():
            flask_migrate.downgrade(revision="509ee0d64c6d")
            flask_migrate.upgrade()
            query = db.select(Seat.result, Seat.place).order_by(Seat.position)
            seats = db.session.execute(query).all()
            uid = db.session.execute(db.select(Match.uid)).scalar_one()
            print([tuple(s) for s in seats], len(uid))
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "[(70, 2), (3, 1)] 32"
