"""Auf der Pirsch's other ways to score rounds 1–3: the captured-animal-types multiplier, and
the cards each player picked instead of their footprints."""

from __future__ import annotations

from typing import Any

import pytest

from companion.models import Entry

from ..conftest import Phone, count
from .helpers import entries, parse, text_of
from .pirsch_helpers import (
    CLEAN_HUNT,
    board,
    dealt,
    enter_cards,
    enter_counts,
    messages,
    start,
    totals,
)

# --- the captured-animal-types multiplier -----------------------------------------------------


def test_the_suits_multiplier_asks_for_the_animal_types_captured(phone: Phone) -> None:
    match_id = start(phone, multiplier="suits")
    response = enter_counts(phone, match_id, CLEAN_HUNT, hx=True)
    assert "Enter how many different animals they captured." in messages(response)
    assert count(phone.app, Entry) == 0
    types = {f"counts-s{i}_types": str(n) for i, n in enumerate([4, 3, 3, 2])}
    assert enter_counts(phone, match_id, CLEAN_HUNT, **types).status_code == 303
    assert entries(phone.app, match_id)[0]["move"]["suits"] == [4, 3, 3, 2]
    text = board(phone, match_id)
    assert "Ann bear 5 + wolf 4 + boar 3 = 12 × 4 = 48" in text
    assert "footprints × captured animal types" in text
    assert totals(phone, match_id) == ["48", "36", "24", "8"]


def test_animal_types_below_the_footprint_types_are_refused(phone: Phone) -> None:
    match_id = start(phone, multiplier="suits")
    types = {f"counts-s{i}_types": "2" for i in range(4)}
    response = enter_counts(phone, match_id, CLEAN_HUNT, hx=True, **types)
    assert "Ann has footprints of 3 animals, so captured at least 3." in messages(response)
    page = parse(response.get_data(as_text=True))
    assert page.find("input", name="counts-s0_types", aria_invalid="true") is not None
    assert count(phone.app, Entry) == 0
    # Each player's mistake at once, at their own box: Ann's 0, and Bob's 2 for 3 animals.
    types = {"counts-s0_types": "0", "counts-s1_types": "2", "counts-s2_types": "1",
             "counts-s3_types": "1"}  # fmt: skip
    said = messages(enter_counts(phone, match_id, CLEAN_HUNT, hx=True, **types))
    assert "Between 1 and 4." in said
    assert "Bob has footprints of 3 animals, so captured at least 3." in said


def test_too_few_animal_types_are_refused_at_the_players_box(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob", "Cy"], multiplier="suits")
    rows = [{"bear": 3}, {"wolf": 3}, {"boar": 3, "mouflon": 3}]
    # Three players: 12 cards in suits of 9 show at least 2 animals. Bob's box is left empty.
    response = enter_counts(phone, match_id, rows, hx=True, **{"counts-s0_types": "2",
                            "counts-s2_types": "0"})  # fmt: skip
    said = messages(response)
    assert "Between 2 and 4." in said
    assert "Enter how many different animals they captured." in said  # Bob's, at once
    page = parse(response.get_data(as_text=True))
    assert page.find("input", name="counts-s2_types", aria_invalid="true") is not None
    assert count(phone.app, Entry) == 0


# --- rounds 1–3 by the cards picked -----------------------------------------------------------


def test_picked_cards_are_counted_into_footprints(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob", "Cy"])
    hands = dealt(3)
    assert enter_cards(phone, match_id, hands).status_code == 303
    move = entries(phone.app, match_id)[0]["move"]
    assert move["type"] == "hunt"
    assert move["cards"][0][:2] == [["bear", 2], ["bear", 5]]
    text = board(phone, match_id)
    assert "How round 1 scored · from the cards" in text
    assert "check the footprints" not in text
    # Ann's hand: bear 2 5 9, wolf 3 7 11, boar 4 8, mouflon 2 5 9 ... footprints by the table.
    assert "Hunt, cards picked: Ann" in text_of(phone.get(f"/m/{match_id}"))


def test_the_suits_multiplier_counts_the_animals_of_picked_cards(phone: Phone) -> None:
    match_id = start(phone, multiplier="suits")
    assert enter_cards(phone, match_id, dealt(4)).status_code == 303
    move = entries(phone.app, match_id)[0]["move"]
    assert "suits" not in move
    assert "× 4 =" in board(phone, match_id)  # every dealt hand holds all four animals


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda h: h[0].__setitem__(0, "bear-6"), "There is no bear 6 with 3 players"),
        (lambda h: h[1].__setitem__(0, h[0][0]), "The bear 2 is entered twice."),
        (lambda h: h[0].pop(), "Ann has 11"),
        (lambda h: h[0].__setitem__(0, "dragon-3"), "Unknown animal: dragon."),
        (lambda h: h[0].__setitem__(0, "bear-13"), "Card values go from 1 to 12."),
        (lambda h: h[0].__setitem__(0, "bear-x"), "“bear-x” is not a card."),
    ],
    ids=["not-in-deck", "twice", "eleven", "no-animal", "no-value", "garbage"],
)
def test_bad_cards_are_refused_in_place(phone: Phone, change: Any, message: str) -> None:
    match_id = start(phone, ["Ann", "Bob", "Cy"])
    hands = dealt(3)
    change(hands)
    response = enter_cards(phone, match_id, hands)
    assert response.status_code == 200
    assert message in messages(response)
    assert count(phone.app, Entry) == 0
