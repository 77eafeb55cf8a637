"""Nuota per la vita refusals: impossible totals, malformed entries and bad setups."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.base import IllegalMove
from companion.rules.nuota import RULES, possible_total, possible_totals

from .nuota_helpers import PLAYERS, refused, start, with_lives


def test_totals_no_set_of_species_can_make_are_impossible() -> None:
    assert [n for n in range(-3, 64) if not possible_total(n)] == [
        -3,
        -2,
        -1,
        1,
        2,
        58,
        59,
        61,
        62,
        63,
    ]
    assert not possible_total(True)
    assert possible_totals([57, 3, 0]) and possible_totals([24, 13, 16])
    assert not possible_totals([55, 4])  # 55 needs the cats, 4 is the cats
    assert not possible_totals([8, 8, 8])  # the bear, hare + mouse, and no third way


FULL = {"giraffe": 4, "bear": 3, "mole": 3}
OTHER = {"goat": 4, "sheep": 3, "dog": 3}
THIRD = {"hare": 4, "pig": 3, "cat": 3}


def show(hand: Any) -> dict[str, Any]:
    """A showdown where Mia (seat 1) shows ``hand`` beside two valid hands."""
    return {"type": "showdown", "hands": [FULL, hand, THIRD]}


def typed(*totals: Any) -> dict[str, Any]:
    return {"type": "showdown", "points": list(totals)}


def declare(**fields: Any) -> dict[str, Any]:
    return {"type": "sudden_death", **fields}


BAD_MOVES: list[tuple[str, Any, str]] = [
    ("not an object", ["showdown"], "object with a type"),
    ("no type", {"hands": []}, "object with a type"),
    ("unknown type", {"type": "knock"}, "Unknown move"),
    ("neither hands nor totals", {"type": "showdown"}, "either"),
    ("both hands and totals", {**show(OTHER), "points": [0, 0, 0]}, "either"),
    ("hands not a list", {"type": "showdown", "hands": FULL}, "one value per player"),
    ("too few hands", {"type": "showdown", "hands": [FULL, OTHER]}, "one value per player"),
    ("missing hand of a live seat", show(None), "hand of Mia"),
    ("hand as a list", show([10]), "per species"),
    ("nine cards", show({"sheep": 6, "dog": 3}), "exactly 10"),
    ("eleven cards", show({**OTHER, "mouse": 1}), "exactly 10"),
    ("more copies than exist in one hand", show({"giraffe": 10}), "only 9"),
    (
        "more copies than exist over all hands",
        show({"giraffe": 6, "cat": 1, "mouse": 3}),
        "hands hold 10",
    ),
    ("unknown species", show({"unicorn": 10}), "Unknown species"),
    ("negative count", show({"goat": 7, "dog": 4, "sheep": -1}), "negative"),
    ("bool count", show({"goat": True}), "whole number"),
    ("string count", show({"goat": "7"}), "whole number"),
    ("float count", show({"goat": 7.0}), "whole number"),
    ("null count", show({"goat": None}), "whole number"),
    ("total of one", typed(1, 0, 0), "No set of species"),
    ("total of 59", typed(59, 0, 0), "No set of species"),
    ("total of 61", typed(61, 0, 0), "No set of species"),
    ("negative total", typed(-3, 3, 0), "negative"),
    ("totals over 60", typed(30, 30, 3), "at most 60"),
    ("cats scored twice", typed(55, 4, 0), "one player only"),
    ("mice scored twice", typed(10, 3, 3), "one player only"),
    ("missing total of a live seat", typed(9, None, 0), "total of Mia"),
    ("string total", typed(9, "3", 0), "whole number"),
    ("bool total", typed(9, False, 0), "whole number"),
    ("totals not a list", {"type": "showdown", "points": 9}, "one value per player"),
    ("unknown combo", declare(seat=0, combo="mice"), "all 4 cats"),
    ("no combo", declare(seat=0), "all 4 cats"),
    ("no seat", declare(combo="pigs"), "whole number"),
    ("seat out of range", declare(seat=3, combo="pigs"), "at the table"),
    ("negative seat", declare(seat=-1, combo="pigs"), "at the table"),
    ("bool seat", declare(seat=True, combo="pigs"), "whole number"),
]


@pytest.mark.parametrize(
    ("move", "reason"), [case[1:] for case in BAD_MOVES], ids=[case[0] for case in BAD_MOVES]
)
def test_refuses_moves_the_rules_cannot_produce(move: Any, reason: str) -> None:
    assert reason in refused(start(3), move).reason


def test_refuses_a_hand_or_total_for_a_player_who_is_out() -> None:
    state = with_lives(3, 3, 0, 3)
    assert "no hand" in refused(state, {"type": "showdown", "hands": [FULL, OTHER, THIRD]}).reason
    assert "no total" in refused(state, {"type": "showdown", "points": [9, 0, 3]}).reason


@pytest.mark.parametrize(
    ("players", "options", "reason"),
    [
        (PLAYERS[:2], {}, "3 to 5 players"),
        ([*PLAYERS, "Sara"], {}, "3 to 5 players"),
        (PLAYERS[:3], {"variant": "pro"}, "Unknown variant"),
        (PLAYERS[:3], {"first": 3}, "one of the players"),
        (PLAYERS[:3], {"first": -1}, "one of the players"),
        (PLAYERS[:3], {"first": "1"}, "whole number"),
        (PLAYERS[:3], {"first": True}, "whole number"),
        (PLAYERS[:3], ["expert"], "options"),
    ],
)
def test_setup_refuses_bad_player_counts_and_options(
    players: list[str], options: Any, reason: str
) -> None:
    with pytest.raises(IllegalMove, match=reason):
        RULES.setup(players, options)


def test_setup_defaults_to_base_variant_five_lives_first_seat() -> None:
    state = RULES.setup(PLAYERS[:4], None)
    assert (state.variant, state.first, RULES.standings(state)) == ("base", 0, [5, 5, 5, 5])
    assert RULES.info.slug == "nuota" and (RULES.info.min_players, RULES.info.max_players) == (3, 5)


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 70)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=6)
        | st.dictionaries(st.sampled_from(["giraffe", "cat", "x", "seat"]), children, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(["showdown", "sudden_death", "x"]),
    st.dictionaries(st.sampled_from(["hands", "points", "seat", "combo"]), json_values, max_size=3),
)
def test_any_malformed_move_is_refused_with_a_reason(kind: str, fields: dict[str, Any]) -> None:
    state = start(3)
    try:
        RULES.apply(state, {"type": kind, **fields})
    except IllegalMove as error:
        assert error.reason
