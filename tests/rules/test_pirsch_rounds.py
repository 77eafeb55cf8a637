"""Auf der Pirsch as a whole match: round 4, leaders and winners, trumps, setup and playouts."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.base import IllegalMove
from companion.rules.pirsch import (
    RULES,
    can_final,
    can_hunt,
    final_points,
    leader,
    leaders,
    next_move_type,
    round_number,
    trump,
)
from companion.rules.pirsch.cards import ANIMALS

from .pirsch_helpers import (
    EMPTY,
    EXAMPLE,
    NAMES3,
    NAMES4,
    PLAYOUT,
    after_hunts,
    dealt_hands,
    even_final,
    hunt,
    refused,
    start,
)


@pytest.mark.parametrize(("names", "points"), [(NAMES4, 120), (NAMES3, 90)])
def test_round_four_scores_wolf_1_mouflon_2_boar_3_bear_4_and_sums_to_all_cards(
    names: list[str], points: int
) -> None:
    state = after_hunts(names)
    final = RULES.apply(state, {"type": "final", "cards": even_final(len(names))})
    gained = [
        after - before
        for after, before in zip(RULES.standings(final), RULES.standings(state), strict=True)
    ]
    assert sum(gained) == points
    assert final.rounds[-1].points == tuple(final_points(c) for c in even_final(len(names)))
    assert final_points({"wolf": 1}) == 1 and final_points({"mouflon": 1}) == 2
    assert final_points({"boar": 1}) == 3 and final_points({"bear": 1}) == 4


def test_round_four_one_player_takes_every_trick() -> None:
    state = after_hunts()
    all_cards = {a: 12 for a in ANIMALS}
    final = RULES.apply(state, {"type": "final", "cards": [EMPTY, all_cards, EMPTY, EMPTY]})
    assert final.rounds[-1].points == (0, 120, 0, 0)
    outcome = RULES.outcome(final)
    assert outcome is not None and outcome.winners == (1,) and outcome.reason == "rounds"


@pytest.mark.parametrize("names", [NAMES4, NAMES3])
def test_round_four_refuses_a_suit_that_does_not_add_up(names: list[str]) -> None:
    cards = even_final(len(names))
    cards[0] = {**cards[0], "bear": cards[0]["bear"] - 1, "wolf": cards[0]["wolf"] + 1}
    refused(after_hunts(names), {"type": "final", "cards": cards}, "bear cards add up to")
    cards = even_final(len(names))
    cards[0] = {**cards[0], "bear": cards[0]["bear"] + 1}
    refused(after_hunts(names), {"type": "final", "cards": cards}, "Every card is captured")


def test_round_four_refuses_cards_that_are_not_whole_tricks() -> None:
    cards = [
        {"bear": 12, "wolf": 1, "boar": 0, "mouflon": 0},
        {"bear": 0, "wolf": 11, "boar": 0, "mouflon": 0},
        {"bear": 0, "wolf": 0, "boar": 12, "mouflon": 0},
        {"bear": 0, "wolf": 0, "boar": 0, "mouflon": 12},
    ]
    refused(after_hunts(), {"type": "final", "cards": cards}, "A trick holds one card")


def test_tied_highest_totals_share_the_win() -> None:
    state = start()
    for _ in range(3):
        state = RULES.apply(state, hunt(EXAMPLE, EXAMPLE, EMPTY, EMPTY))
    assert leaders(state) == (0, 1) and leader(state) is None
    final = RULES.apply(state, {"type": "final", "cards": even_final(4)})
    outcome = RULES.outcome(final)
    assert outcome is not None and outcome.winners == (0, 1)
    assert RULES.standings(final) == [108 + 30, 108 + 30, 30, 30]


def test_all_zero_match_is_a_tie_of_everybody() -> None:
    state = start(NAMES3)
    for _ in range(3):
        state = RULES.apply(state, hunt(EMPTY, EMPTY, EMPTY))
    final = RULES.apply(state, {"type": "final", "cards": even_final(3)})
    outcome = RULES.outcome(final)
    assert outcome is not None and outcome.winners == (0, 1, 2)


def test_mouflon_10_leads_round_one_then_most_points_lead() -> None:
    state = start()
    assert leader(state) is None and leaders(state) == ()
    state = RULES.apply(state, hunt(EMPTY, EXAMPLE, EMPTY, EMPTY))
    assert leader(state) == 1 and leaders(state) == (1,)
    state = RULES.apply(state, hunt({"bear": 9, "wolf": 9, "boar": 1}, EMPTY, EMPTY, EMPTY))
    assert leader(state) == 0 and RULES.standings(state) == [57, 36, 0, 0]
    state = RULES.apply(state, hunt(EMPTY, EMPTY, EMPTY, EMPTY))
    final = RULES.apply(state, {"type": "final", "cards": even_final(4)})
    assert leader(final) is None and leaders(final) == ()


def test_rounds_go_hunt_hunt_hunt_final_then_the_match_ends() -> None:
    state = start()
    seen = []
    while RULES.outcome(state) is None:
        seen.append((round_number(state), next_move_type(state), can_hunt(state), can_final(state)))
        move = PLAYOUT.random_move(RULES, state, random.Random(len(seen)))
        state = RULES.apply(state, move)
    assert seen == [
        (1, "hunt", True, False),
        (2, "hunt", True, False),
        (3, "hunt", True, False),
        (4, "final", False, True),
    ]
    assert round_number(state) is None and next_move_type(state) is None
    assert PLAYOUT.random_move(RULES, state, random.Random(0)) is None


def test_recorded_trump_order_names_the_trump_of_each_round() -> None:
    order = ["mouflon", "bear", "wolf", "boar"]
    state = start(trumps=order)
    seen = []
    for _ in range(3):
        seen.append(trump(state))
        state = RULES.apply(state, hunt(EMPTY, EMPTY, EMPTY, EMPTY))
    seen.append(trump(state))
    assert seen == order
    assert trump(start()) is None
    assert state.trumps == tuple(order)


@pytest.mark.parametrize(
    "trumps",
    [
        ["bear", "bear", "wolf", "boar"],
        ["bear", "wolf", "boar"],
        ["bear", "wolf", "boar", "mouflon", "bear"],
        ["bear", "wolf", "boar", "deer"],
        "bear",
        [1, 2, 3, 4],
        {"bear": 1},
    ],
)
def test_four_trump_cards_name_each_animal_once(trumps: Any) -> None:
    with pytest.raises(IllegalMove, match="trump"):
        start(trumps=trumps)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (["Ann", "Bob"], {}),
        (["A", "B", "C", "D", "E"], {}),
        (NAMES4, {"multiplier": "cards"}),
        (NAMES4, {"multiplier": None}),
        (NAMES4, {"multiplier": 2}),
        (NAMES4, ["suits"]),
        (NAMES4, "suits"),
        ("Ann", {}),
        (["Ann", "ann", "Cy"], {}),
    ],
)
def test_setup_refuses_bad_players_and_options(players: Any, options: Any) -> None:
    with pytest.raises(IllegalMove):
        RULES.setup(players, options)


def test_setup_defaults_to_footprint_types_and_no_trumps() -> None:
    state = RULES.setup(NAMES3)
    assert (state.multiplier, state.trumps, state.rounds) == ("footprints", None, ())
    assert RULES.info.min_players == 3 and RULES.info.max_players == 4


def test_history_keeps_each_round_as_entered() -> None:
    hands = dealt_hands(4)
    state = RULES.apply(start(), {"type": "hunt", "cards": hands})
    state = RULES.apply(state, hunt(EXAMPLE, EMPTY, EMPTY, EMPTY))
    state = RULES.apply(state, hunt(EMPTY, EMPTY, EMPTY, EXAMPLE))
    state = RULES.apply(state, {"type": "final", "cards": even_final(4)})
    kinds = [(r.kind, r.hands is not None) for r in state.rounds]
    assert kinds == [("hunt", True), ("hunt", False), ("hunt", False), ("final", False)]
    assert state.rounds[0].hands == tuple(tuple((a, v) for a, v in hand) for hand in hands)
    assert state.rounds[2].points == (0, 0, 0, 36)
    assert state.rounds[3].by_animal() == even_final(4)
    assert state.rounds[3].totals() == [12, 12, 12, 12]
    assert RULES.standings(state) == [sum(r.points[s] for r in state.rounds) for s in range(4)]
    round_trip = RULES.from_dict(json.loads(json.dumps(RULES.to_dict(state))))
    assert round_trip == state


def test_random_playouts_end_after_four_rounds_for_every_option() -> None:
    for options in PLAYOUT.OPTIONS:
        for players in PLAYOUT.PLAYER_COUNTS:
            rng = random.Random(players)
            state = RULES.setup(NAMES4[:players], options, seed=1)
            moves = 0
            while (move := PLAYOUT.random_move(RULES, state, rng)) is not None:
                before = copy.deepcopy(RULES.to_dict(state))
                state = RULES.apply(state, move)
                assert RULES.to_dict(RULES.from_dict(before)) == before
                moves += 1
            assert moves == 4 and RULES.outcome(state) is not None


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([3, 4]))
def test_accepted_finals_always_sum_to_120_or_90(seed: int, players: int) -> None:
    state = after_hunts(NAMES4[:players])
    cards = PLAYOUT.final_cards(players, random.Random(seed))
    final = RULES.apply(state, {"type": "final", "cards": cards})
    assert sum(final.rounds[-1].points) == (120 if players == 4 else 90)
    assert min(final.rounds[-1].points) >= 0


@settings(max_examples=80, deadline=None)
@given(st.lists(st.fixed_dictionaries({a: st.integers(0, 12) for a in ANIMALS}), min_size=3))
def test_any_final_is_refused_or_sums_to_every_card(cards: list[dict[str, int]]) -> None:
    players = len(cards) if len(cards) in (3, 4) else 4
    try:
        final = RULES.apply(after_hunts(NAMES4[:players]), {"type": "final", "cards": cards})
    except IllegalMove:
        return
    assert sum(final.rounds[-1].points) == (120 if players == 4 else 90)
