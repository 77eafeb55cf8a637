"""What each game's line in the group history says besides the winners: Nuota's lives and the
round each player went out in, The Game's rules and a loss to the fire. Read from the tallies
stored when each match ended (the list replays no log)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask

from companion.extensions import db
from companion.models import Match, Seat
from companion.results import settle
from companion.sheet import replay

from ..conftest import Phone
from .helpers import group_of, parse
from .history_helpers import add_match
from .test_kept_migration import run
from .test_stats import NUOTA, group_with_sixnimmt
from .test_thegame import end_turn, plays, start

FIRE = [
    {"type": "play", "pile": 0, "card": 33}, {"type": "play", "pile": 2, "card": 90},
    {"type": "play", "pile": 2, "card": 89}, {"type": "end_turn"},
    {"type": "play", "pile": 1, "card": 50}, {"type": "play", "pile": 2, "card": 80},
    {"type": "play", "pile": 2, "card": 70},
    {"type": "end_turn"},  # Bob leaves Ann's fire card 33 uncovered: the fire wins
]  # fmt: skip


def line(phone: Phone, group_id: int, match_id: int, language: str = "en") -> str:
    """The words of one match's line in the history, spaces squeezed."""
    headers = {"Accept-Language": language}
    page = parse(phone.get(f"/g/{group_id}", headers=headers).get_data(as_text=True))
    return " ".join(page.by_id(f"match-{match_id}").text().split())


def test_a_nuota_line_shows_lives_left_and_the_round_each_player_went_out(phone: Phone) -> None:
    group_id = group_with_sixnimmt(phone)
    match_id = add_match(phone.app, group_id, "nuota", ["Ann", "Bob", "Cy"], NUOTA)
    said = line(phone, group_id, match_id)
    assert "Won by Cy" in said and "5 rounds played" in said
    assert "1st Cy 4 lives left 2nd Bob out in round 5 3rd Ann out in round 3" in said
    italian = line(phone, group_id, match_id, "it")
    assert "5 tornate giocate" in italian and "Cy 4 vite rimaste" in italian
    assert "Ann fuori alla tornata 3" in italian
    assert "Ann in Runde 3 ausgeschieden" in line(phone, group_id, match_id, "de")


def test_a_nuota_match_the_host_ended_shows_everybodys_lives(phone: Phone) -> None:
    group_id = group_with_sixnimmt(phone)
    match_id = add_match(phone.app, group_id, "nuota", ["Ann", "Bob", "Cy"], NUOTA[:1],
                         options={"variant": "expert"})  # fmt: skip
    with phone.app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        match.status, match.winners = "finished", [2]
        settle(match, replay(match).state)
        db.session.commit()
    said = line(phone, group_id, match_id)
    assert "1 round played" in said and "Expert variant" in said
    assert "1st Cy 5 lives left 2nd Bob 4 lives left 3rd Ann 3 lives left" in said


def test_the_game_line_names_its_rules_and_a_loss_to_the_fire(phone: Phone) -> None:
    group_id = group_with_sixnimmt(phone)
    lost = add_match(phone.app, group_id, "thegame", ["Ann", "Bob"], FIRE,
                     options={"variant": "pro", "on_fire": True})  # fmt: skip
    typed = add_match(phone.app, group_id, "thegame", ["Ann", "Bob"],
                      [{"type": "result", "left": 7}])  # fmt: skip
    fire = line(phone, group_id, lost)
    assert "Team result: 92 cards left" in fire
    assert "Professional · On Fire" in fire and "Lost to the fire." in fire
    base = line(phone, group_id, typed)
    assert "Team result: 7 cards left" in base and "Base game" in base
    assert "fire" not in base
    assert "Partita persa per il fuoco." in line(phone, group_id, lost, "it")
    assert "Am Feuer gescheitert." in line(phone, group_id, lost, "de")


def test_other_games_still_show_each_players_number(phone: Phone) -> None:
    group_id = group_with_sixnimmt(phone)
    page = parse(phone.get(f"/g/{group_id}").get_data(as_text=True))
    first = page.find_all("li", class_="history-match")[-1]
    assert "1st Ann 8 2nd Bob 11 3rd Cy 21" in " ".join(first.text().split())


def stored_tallies(app: Flask, match_id: int) -> list[Any]:
    """The tallies each seat of a match stored, in seat order."""
    with app.app_context():
        seats = db.session.execute(
            db.select(Seat.tallies).filter_by(match_id=match_id).order_by(Seat.position)
        ).scalars()
        return list(seats)


def test_the_tallies_hold_what_the_history_reads(phone: Phone) -> None:
    group_id = group_with_sixnimmt(phone)
    nuota = add_match(phone.app, group_id, "nuota", ["Ann", "Bob", "Cy"], NUOTA)
    assert [t["lives"] for t in stored_tallies(phone.app, nuota)] == [0, 0, 4]
    fire = add_match(phone.app, group_id, "thegame", ["Ann", "Bob"], FIRE,
                     options={"variant": "pro", "on_fire": True})  # fmt: skip
    assert [t["fire"] for t in stored_tallies(phone.app, fire)] == [1, 1]


MIGRATION = """
import json
import flask_migrate
import sqlalchemy as sa
from companion import create_app
from companion.extensions import db
from companion.models import Group
from tests.web.history_helpers import add_match
from tests.web.test_stats import NUOTA
app = create_app({{"SQLALCHEMY_DATABASE_URI": "{url}", "SECRET_KEY": "x"}})
with app.app_context():
    flask_migrate.upgrade()
    group = Group(name="Old")
    db.session.add(group)
    db.session.commit()
    group_id = group.id
add_match(app, group_id, "nuota", ["Ann", "Bob", "Cy"], NUOTA)
with app.app_context():
    db.session.execute(sa.text("UPDATE seats SET tallies = :old"),
                       {{"old": json.dumps({{"survived": 1, "sudden": 0}})}})
    db.session.commit()
    db.session.remove()
    flask_migrate.downgrade(revision="{before}")
    flask_migrate.upgrade()
    found = db.session.execute(sa.text("SELECT tallies FROM seats ORDER BY position")).scalars()
    print([json.loads(t)["lives"] if isinstance(t, str) else t["lives"] for t in found])
"""


def test_the_migration_stores_the_tallies_of_matches_finished_before(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'migrated.sqlite'}"
    assert run(url, MIGRATION, before="f2a7c9e1b3d5") == "[0, 0, 4]"


def test_an_on_fire_game_lost_through_the_tracker_says_so_in_the_history(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob"], on_fire="y")
    plays(phone, match_id, (33, 0), (90, 2))
    assert end_turn(phone, match_id).status_code == 303
    plays(phone, match_id, (50, 1), (80, 2))
    assert end_turn(phone, match_id).status_code == 303  # Bob left the 33 burning
    group_id = group_of(phone.app, match_id)
    said = line(phone, group_id, match_id)
    assert "Base game · On Fire" in said and "Lost to the fire." in said
    assert "Team result: 94 cards left" in said
