"""Auf der Pirsch refusals: bad entries are turned down with a readable reason, state untouched."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.base import IllegalMove
from companion.rules.pirsch import RULES

from .pirsch_helpers import (
    EMPTY,
    EXAMPLE,
    NAMES3,
    NAMES4,
    after_hunts,
    dealt_hands,
    even_final,
    hunt,
    refused,
    start,
)


def test_a_fourth_hunt_is_refused() -> None:
    refused(after_hunts(), hunt(EMPTY, EMPTY, EMPTY, EMPTY), "round 4")


@pytest.mark.parametrize("hunts", [0, 1, 2])
def test_a_final_before_round_four_is_refused(hunts: int) -> None:
    state = start()
    for _ in range(hunts):
        state = RULES.apply(state, hunt(EMPTY, EMPTY, EMPTY, EMPTY))
    refused(state, {"type": "final", "cards": even_final(4)}, "Round 4 comes after three hunts")


@pytest.mark.parametrize(
    "move",
    [
        {"type": "final", "cards": even_final(4)},
        {"type": "hunt", "footprints": [EMPTY] * 4},
        {"type": "nonsense"},
        {},
        None,
    ],
)
def test_nothing_is_accepted_after_the_end(move: Any) -> None:
    state = RULES.apply(after_hunts(), {"type": "final", "cards": even_final(4)})
    refused(state, move, "over")


@pytest.mark.parametrize(
    ("move", "needle"),
    [
        (None, "move"),
        ([], "move"),
        ("hunt", "move"),
        ({"type": 3}, "move"),
        ({"type": "round", "heads": [1, 2, 3, 4]}, "Unknown move"),
        ({"type": "hunt"}, "either"),
        ({"type": "hunt", "footprints": [EMPTY] * 4, "cards": []}, "either"),
        ({"type": "hunt", "footprints": [EMPTY] * 3}, "one value per player"),
        ({"type": "hunt", "footprints": {"bear": 1}}, "one value per player"),
        ({"type": "hunt", "footprints": None}, "one value per player"),
        (hunt({"bear": -1}, EMPTY, EMPTY, EMPTY), "negative"),
        (hunt({"bear": 1.5}, EMPTY, EMPTY, EMPTY), "whole number"),
        (hunt({"bear": 2.0}, EMPTY, EMPTY, EMPTY), "whole number"),
        (hunt({"bear": "3"}, EMPTY, EMPTY, EMPTY), "whole number"),
        (hunt({"bear": True}, EMPTY, EMPTY, EMPTY), "whole number"),
        (hunt({"bear": None}, EMPTY, EMPTY, EMPTY), "whole number"),
        (hunt({"deer": 1}, EMPTY, EMPTY, EMPTY), "Unknown animal: deer"),
        (hunt({1: 1}, EMPTY, EMPTY, EMPTY), "Unknown animal"),
        (hunt([5, 4, 3, 0], EMPTY, EMPTY, EMPTY), "per animal"),
        (hunt(None, EMPTY, EMPTY, EMPTY), "per animal"),
        (hunt({"bear": 37}, EMPTY, EMPTY, EMPTY), "at most 36"),
        (hunt({"bear": 10, "wolf": 10, "boar": 10, "mouflon": 7}, EMPTY, EMPTY, EMPTY), "36"),
        (hunt(EMPTY, EMPTY, EMPTY, EMPTY, suits=[1, 1, 1, 1]), "captured-suits multiplier"),
    ],
)
def test_bad_hunts_are_refused(move: Any, needle: str) -> None:
    refused(start(), move, needle)


@pytest.mark.parametrize(
    ("cards", "needle"),
    [
        ([], "one value per player"),
        ("cards", "one value per player"),
        ([[["bear", 7]]] * 4, "twice"),
        ([[["bear", 7]], [], [], []], "exactly 12 cards"),
        ([None, [], [], []], "as a list"),
        ([[["bear"]], [], [], []], "an animal and a value"),
        ([[["bear", 7, 1]], [], [], []], "an animal and a value"),
        ([["bear7"], [], [], []], "an animal and a value"),
        ([[{"bear": 7}], [], [], []], "an animal and a value"),
        ([[["deer", 7]], [], [], []], "Unknown animal"),
        ([[[7, "bear"]], [], [], []], "whole number"),
        ([[["bear", 13]], [], [], []], "1 to 12"),
        ([[["bear", 0]], [], [], []], "1 to 12"),
        ([[["bear", -5]], [], [], []], "1 to 12"),
        ([[["bear", 7.0]], [], [], []], "whole number"),
        ([[["bear", True]], [], [], []], "whole number"),
    ],
)
def test_bad_per_card_hunts_are_refused(cards: Any, needle: str) -> None:
    refused(start(), {"type": "hunt", "cards": cards}, needle)


def test_per_card_hunt_refuses_the_same_card_twice() -> None:
    hands = dealt_hands(4)
    hands[1][0] = list(hands[0][0])
    refused(start(), {"type": "hunt", "cards": hands}, "entered twice")
    hands = dealt_hands(4)
    hands[0][1] = list(hands[0][0])
    refused(start(), {"type": "hunt", "cards": hands}, "entered twice")


def test_per_card_hunt_refuses_a_player_without_exactly_twelve_cards() -> None:
    hands = dealt_hands(4)
    hands[1].append(hands[0].pop())
    refused(start(), {"type": "hunt", "cards": hands}, "Ann has 11")


@pytest.mark.parametrize("value", [1, 6, 12])
def test_per_card_hunt_with_three_players_refuses_the_removed_cards(value: int) -> None:
    hands = dealt_hands(3)
    hands[2][5] = ["wolf", value]
    refused(start(NAMES3), {"type": "hunt", "cards": hands}, "taken out")


def test_per_card_hunt_with_suits_given_is_refused() -> None:
    move = {"type": "hunt", "cards": dealt_hands(4), "suits": [2, 2, 2, 2]}
    refused(start(multiplier="suits"), move, "counted from them")


@pytest.mark.parametrize(
    ("names", "suits", "needle"),
    [
        (NAMES4, None, "how many different animals"),
        (NAMES4, [3, 1, 1], "one value per player"),
        (NAMES4, [3, 0, 1, 1], "between 1 and 4"),
        (NAMES4, [5, 1, 1, 1], "between 1 and 4"),
        (NAMES4, [2, 1, 1, 1], "Ann has footprints of 3 animals"),
        (NAMES4, [3.0, 1, 1, 1], "whole number"),
        (NAMES4, "3111", "one value per player"),
        (NAMES3, [3, 1, 2], "between 2 and 4"),
    ],
)
def test_captured_suits_must_be_possible(names: list[str], suits: Any, needle: str) -> None:
    move = hunt(EXAMPLE, *[EMPTY] * (len(names) - 1))
    if suits is not None:
        move["suits"] = suits
    refused(start(names, multiplier="suits"), move, needle)


@pytest.mark.parametrize(
    ("cards", "needle"),
    [
        (None, "one value per player"),
        ([EMPTY] * 3, "one value per player"),
        ([{"bear": -1}] + even_final(4)[1:], "negative"),
        ([{"bear": 3.0}] + even_final(4)[1:], "whole number"),
        ([{"deer": 3}] + even_final(4)[1:], "Unknown animal"),
        ([[3, 3, 3, 3]] + even_final(4)[1:], "per animal"),
        ([EMPTY] * 4, "Every card is captured"),
    ],
)
def test_bad_finals_are_refused(cards: Any, needle: str) -> None:
    refused(after_hunts(), {"type": "final", "cards": cards}, needle)
    refused(after_hunts(), {"type": "final", "footprints": even_final(4)}, "Enter the cards")


def test_refusals_carry_a_template_and_params_for_translation() -> None:
    error = refused(start(), hunt({"deer": 1}, EMPTY, EMPTY, EMPTY))
    assert error.template.startswith("Unknown animal: %(animal)s")
    assert error.params == {"animal": "deer"}


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 40)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)
move_keys = st.sampled_from(["type", "footprints", "cards", "suits", "bear"])
moves = st.dictionaries(move_keys, json_values, max_size=4) | json_values


@settings(max_examples=150, deadline=None)
@given(moves, st.integers(0, 3), st.sampled_from(["hunt", "final"]), st.booleans())
def test_any_input_is_either_accepted_or_refused_with_illegal_move(
    move: Any, hunts: int, kind: str, suits: bool
) -> None:
    state = start(multiplier="suits") if suits else start()
    for _ in range(hunts):
        state = RULES.apply(
            state, hunt(EMPTY, EMPTY, EMPTY, EMPTY, **({"suits": [1] * 4} if suits else {}))
        )
    if isinstance(move, dict) and "type" not in move:
        move = {**move, "type": kind}
    before = RULES.to_dict(state)
    try:
        after = RULES.apply(state, move)
    except IllegalMove:
        pass
    else:
        assert RULES.from_dict(json.loads(json.dumps(RULES.to_dict(after)))) == after
    assert RULES.to_dict(state) == before
