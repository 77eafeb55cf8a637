"""The Game's player page and a game lost to the fire (On Fire): played, never a best result,
as the group's record at the end of a match counts it; and the migration that corrects the
figures stored before."""

from __future__ import annotations

from pathlib import Path

from ..conftest import Phone
from .helpers import group_of
from .history_helpers import add_match, figures
from .test_group_charts import group_page, rows
from .test_history_words import FIRE
from .test_kept_migration import run, scratch_postgres  # noqa: F401 (a fixture)
from .test_stats import TRACKED, page

ON_FIRE = {"variant": "pro", "on_fire": True}


def test_a_game_lost_to_the_fire_adds_no_best_result(phone: Phone) -> None:
    group_id = group_of(phone.app, phone.new_match(["Ann", "Bob"]))
    add_match(phone.app, group_id, "thegame", ["Ann", "Bob"], FIRE, ON_FIRE)  # 92 left, burnt
    add_match(phone.app, group_id, "thegame", ["Ann", "Cy"], TRACKED)  # 94 left, stuck
    add_match(phone.app, group_id, "thegame", ["Cy", "Dee"], FIRE, ON_FIRE)
    add_match(phone.app, group_id, "thegame", ["Cy", "Dee"], [{"type": "result", "left": 0}],
              ON_FIRE)  # fmt: skip
    bob = figures(page(phone, group_id, "Bob"), "thegame")
    assert bob["Played"] == "1" and bob["Games beaten"] == "0"
    assert "Best team result, 2 players" not in bob, bob
    assert "Best result (lowest)" not in bob and "Average result" not in bob, bob
    ann = figures(page(phone, group_id, "Ann"), "thegame")
    assert ann["Played"] == "2" and ann["Games beaten"] == "0"
    assert ann["Best team result, 2 players"] == "94 cards left", "not the fire's 92"
    assert (ann["Best result (lowest)"], ann["Average result"]) == ("94", "94.0")
    cy = figures(page(phone, group_id, "Cy"), "thegame")
    assert cy["Played"] == "3" and cy["Games beaten"] == "1"
    assert cy["Best team result, 2 players"] == "0 cards left"
    assert (cy["Best result (lowest)"], cy["Average result"]) == ("0", "47.0")  # 94 and 0


def test_the_best_so_far_line_passes_over_a_game_lost_to_the_fire(phone: Phone) -> None:
    """The chart still draws the burnt game's cards left, but its best-so-far line neither
    starts nor improves on it, like the player page's best result; the table says why."""
    group_id = group_of(phone.app, phone.new_match(["Ann", "Bob"]))
    add_match(phone.app, group_id, "thegame", ["Ann", "Bob"], FIRE, ON_FIRE)  # 92 left, burnt
    add_match(phone.app, group_id, "thegame", ["Ann", "Bob"], TRACKED)  # 94 left, stuck
    add_match(phone.app, group_id, "thegame", ["Ann", "Bob"], FIRE, ON_FIRE)
    team = group_page(phone, group_id).by_id("trend-thegame")
    why = "Lost to the fire: not counted in the best so far."
    burnt = f"92 * ({why})"  # the cell's words for screen readers
    assert [row[2:] for row in rows(team)] == [[burnt, "—"], ["94", "94"], [burnt, "94"]]
    notes = team.find_all("p", class_="chart-note")
    assert [note.text() for note in notes] == [f"* {why}"]
    assert "Best so far —, 94, 94" in team.find("title").text()
    assert len(team.find_all("polyline")) == 2, "the attempts and the best from the second on"


def test_the_history_still_shows_the_cards_left_when_the_fire_won(phone: Phone) -> None:
    """The line of a lost game says what happened: its cards left and the fire."""
    group_id = group_of(phone.app, phone.new_match(["Ann", "Bob"]))
    lost = add_match(phone.app, group_id, "thegame", ["Ann", "Bob"], FIRE, ON_FIRE)
    said = " ".join(phone.get(f"/g/{group_id}").get_data(as_text=True).split())
    assert f'id="match-{lost}"' in said
    assert "Team result: 92 cards left" in said and "Lost to the fire." in said


MIGRATION = """
import json
import flask_migrate
import sqlalchemy as sa
from companion import create_app
from companion.extensions import db
from companion.models import Group
from companion.stats import kept
from tests.web.history_helpers import add_match
from tests.web.test_history_words import FIRE
from tests.web.test_stats import TRACKED
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
burnt = add_match(app, group_id, "thegame", ["Ann", "Bob"], FIRE,
                  {{"variant": "pro", "on_fire": True}})
add_match(app, group_id, "thegame", ["Ann", "Cy"], TRACKED)
with app.app_context():
    kept_by_app = rows()
    old = json.dumps({{"beaten": 0, "fire": 1, "best_2": 92}})
    db.session.execute(sa.text("UPDATE seats SET tallies = :old WHERE match_id = :id"),
                       {{"old": old, "id": burnt}})
    db.session.execute(sa.text("UPDATE player_games SET best = 92, results = results + 1,"
                               " result_sum = result_sum + 92, tallies = :old"), {{"old": old}})
    db.session.commit()
    assert rows() != kept_by_app
    db.session.remove()
    flask_migrate.downgrade(revision="{before}")
    flask_migrate.upgrade()
    assert rows() == kept_by_app, (rows(), kept_by_app)
    found = db.session.execute(sa.text("SELECT tallies FROM seats WHERE match_id = :id"),
                               {{"id": burnt}}).scalars()
    tallies = [json.loads(t) if isinstance(t, str) else t for t in found]
    print([(row[0], row[3], row[7], row[9], row[12]) for row in rows()], tallies)
"""

# (player, played, results, best, tallies) per kept row, then the burnt match's seats' tallies:
# Ann and Bob played the burnt game, which ranks no result; Ann and Cy were stuck at 94.
EXPECTED = (
    "[(1, 2, 1, 94, {'beaten': 0, 'fire': 1, 'best_2': 94}), (2, 1, 0, None, {'beaten': 0, "
    "'fire': 1}), (3, 1, 1, 94, {'beaten': 0, 'fire': 0, 'best_2': 94})] "
    "[{'beaten': 0, 'fire': 1}, {'beaten': 0, 'fire': 1}]"
)


def test_the_migration_takes_the_fire_losses_best_results_back(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'migrated.sqlite'}"
    assert run(url, MIGRATION, before="d7b3e9a1c5f2") == EXPECTED


def test_the_migration_takes_them_back_on_postgres(scratch_postgres: str) -> None:  # noqa: F811
    assert run(scratch_postgres, MIGRATION, before="d7b3e9a1c5f2") == EXPECTED
