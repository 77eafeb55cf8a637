"""The Game's player page and a game lost to the fire (On Fire): played, never a best result,
as the group's record at the end of a match counts it."""

from __future__ import annotations

from ..conftest import Phone
from .helpers import group_of
from .history_helpers import add_match, figures
from .test_history_words import FIRE
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


def test_the_history_still_shows_the_cards_left_when_the_fire_won(phone: Phone) -> None:
    """The line of a lost game says what happened: its cards left and the fire."""
    group_id = group_of(phone.app, phone.new_match(["Ann", "Bob"]))
    lost = add_match(phone.app, group_id, "thegame", ["Ann", "Bob"], FIRE, ON_FIRE)
    said = " ".join(phone.get(f"/g/{group_id}").get_data(as_text=True).split())
    assert f'id="match-{lost}"' in said
    assert "Team result: 92 cards left" in said and "Lost to the fire." in said
