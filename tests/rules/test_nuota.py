"""Nuota per la vita: the rulebook's examples, the Decisions of RULES.md, refusals, properties."""

from __future__ import annotations

import importlib
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.base import IllegalMove, Outcome
from companion.rules.nuota import (
    RULES,
    NuotaState,
    alive,
    can_sudden_death,
    check_hand,
    combos,
    life_changes,
    min_majority,
    possible_total,
    possible_totals,
    score_hands,
    species_table,
    starter,
)

_package = __name__.rpartition(".")[0]  # "" while tests/ is not a package
playout_nuota = importlib.import_module(
    f"{_package}.playout_nuota" if _package else "playout_nuota"
)

PLAYERS = ["Tim", "Mia", "Lino", "Leo", "Anna"]
GIRAFFES = 0
MOLE, GOAT = 2, 3


def start(players: int = 3, **options: Any) -> NuotaState:
    return RULES.setup(PLAYERS[:players], options)


def points(state: NuotaState, *totals: int | None) -> NuotaState:
    return RULES.apply(state, {"type": "showdown", "points": list(totals)})


def hands(state: NuotaState, *shown: dict[str, int] | None) -> NuotaState:
    return RULES.apply(state, {"type": "showdown", "hands": list(shown)})


def sudden(state: NuotaState, seat: int, combo: str = "hares") -> NuotaState:
    return RULES.apply(state, {"type": "sudden_death", "seat": seat, "combo": combo})


def with_lives(players: int, *lives: int, **options: Any) -> NuotaState:
    """A fresh match where the seats already have these lives (as if earlier rounds were played)."""
    state = start(players, **options)
    return NuotaState(state.players, state.variant, state.first, tuple(lives))


def refused(state: NuotaState, move: Any) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        RULES.apply(state, move)
    error = caught.value
    assert error.reason == (error.template % error.params if error.params else error.template)
    return error


def test_species_values_equal_their_copies_and_add_up_to_60() -> None:
    table = species_table()
    assert [s.name for s in table] == [
        "giraffe",
        "bear",
        "mole",
        "goat",
        "sheep",
        "dog",
        "hare",
        "pig",
        "cat",
        "mouse",
    ]
    assert [s.value for s in table] == [9, 8, 7, 7, 6, 6, 5, 5, 4, 3]
    assert all(s.value == s.copies for s in table)
    assert sum(s.copies for s in table) == 60


def test_sole_majority_of_giraffes_scores_nine_for_mia() -> None:
    mia = {"giraffe": 4, "bear": 3, "mole": 3}
    tim = {"giraffe": 3, "goat": 4, "sheep": 3}
    sara = {"giraffe": 1, "dog": 3, "hare": 3, "pig": 3}
    scoring = score_hands([mia, tim, sara], players_left=3)
    assert scoring.winners[GIRAFFES] == 0
    assert scoring.points == (9 + 8 + 7, 7 + 6, 6 + 5 + 5)


def test_tied_majority_scores_nobody() -> None:
    a = {"mole": 3, "giraffe": 4, "mouse": 3}
    b = {"mole": 3, "goat": 7}
    c = {"mole": 1, "giraffe": 5, "cat": 4}
    scoring = score_hands([a, b, c], players_left=3)
    assert scoring.winners[MOLE] is None
    assert scoring.winners[GIRAFFES] == 2
    assert scoring.points == (3, 7, 9 + 4)


def test_single_card_is_a_majority_while_three_players_remain() -> None:
    scoring = score_hands([{"mouse": 1}, {}, {}], players_left=3)
    assert scoring.winners[-1] == 0 and scoring.points == (3, 0, 0)
    assert min_majority(3) == min_majority(5) == 1


def test_single_card_is_no_majority_with_two_players_left() -> None:
    scoring = score_hands([{"mouse": 1, "goat": 2}, None, {"goat": 1}], players_left=2)
    assert scoring.winners[-1] is None
    assert scoring.winners[GOAT] == 0
    assert scoring.points == (7, None, 0)
    assert min_majority(2) == 2


def test_two_players_left_showdown_needs_two_cards_for_a_majority() -> None:
    state = with_lives(3, 3, 0, 3)
    a = {"mouse": 1, "cat": 1, "giraffe": 8}
    c = {"bear": 1, "mole": 1, "goat": 1, "sheep": 1, "dog": 1, "hare": 1, "pig": 1, "giraffe": 1}
    c["mouse"], c["cat"] = 1, 1
    after = hands(state, a, None, c)
    assert after.rounds[-1].points == (9, None, 0)
    assert after.lives == (3, 0, 1)


def test_rulebook_example_tim_15_mia_13_lino_10_leo_7_anna_7() -> None:
    assert life_changes([15, 13, 10, 7, 7]) == (0, -1, -1, -2, -2)
    state = points(start(5), 15, 13, 10, 7, 7)
    assert RULES.standings(state) == [5, 4, 4, 3, 3]


def test_highest_total_loses_nothing_lowest_two_others_one() -> None:
    assert life_changes([20, 30, 10, 25]) == (-1, 0, -2, -1)


def test_tied_lowest_totals_all_lose_two_lives() -> None:
    assert life_changes([9, 3, 3]) == (0, -2, -2)


def test_tied_highest_totals_all_lose_no_life() -> None:
    assert life_changes([16, 16, 9, 3]) == (0, 0, -1, -2)


def test_all_equal_totals_cost_nobody_a_life() -> None:
    assert life_changes([12, 12, 12]) == (0, 0, 0)
    assert points(start(3), 0, 0, 0).lives == (5, 5, 5)


def test_seats_that_are_out_neither_lose_nor_count() -> None:
    assert life_changes([None, 10, 3, None]) == (0, 0, -2, 0)


def test_sudden_death_base_every_other_player_loses_one_life() -> None:
    for combo in ("cats", "hares", "pigs"):
        state = sudden(start(4), 2, combo)
        assert state.lives == (4, 4, 5, 4)
        assert state.rounds[-1].kind == "sudden_death" and state.rounds[-1].points is None


def test_sudden_death_expert_declarer_gains_a_life_beyond_five() -> None:
    state = sudden(start(3, variant="expert"), 1, "pigs")
    assert state.lives == (4, 6, 4)
    assert state.rounds[-1].change == (-1, 1, -1)
    assert combos(state) == ("hares", "pigs")


def test_cats_do_not_end_the_round_in_the_expert_variant() -> None:
    state = start(3, variant="expert")
    assert "expert" in refused(state, {"type": "sudden_death", "seat": 0, "combo": "cats"}).reason
    assert not can_sudden_death(state, 0, "cats")
    assert can_sudden_death(start(3), 0, "cats")


def test_sudden_death_is_allowed_to_a_player_with_one_life_left() -> None:
    state = sudden(with_lives(3, 1, 1, 1), 0)
    assert state.lives == (1, 0, 0)
    assert RULES.outcome(state) == Outcome(winners=(0,), reason="last_standing")


def test_lives_never_drop_below_zero_and_the_player_is_out_at_once() -> None:
    state = points(with_lives(4, 1, 3, 3, 3), 3, 20, 10, 10)
    assert state.lives == (0, 3, 2, 2)
    assert alive(state) == (1, 2, 3)
    assert state.rounds[-1].change == (-2, 0, -1, -1)
    assert "out of the game" in refused(state, {"type": "sudden_death", "seat": 0}).reason
    assert "out of the game" in refused(state, {"type": "showdown", "points": [0, 10, 3, 3]}).reason
    assert points(state, None, 10, 6, 3).lives == (0, 3, 1, 0)


def test_the_first_round_starts_with_the_chosen_player() -> None:
    assert starter(start(3)) == 0
    assert starter(start(4, first=3)) == 3


def test_each_round_starts_left_of_the_previous_starter() -> None:
    state = start(3, first=1)
    seen = []
    for _ in range(4):
        seen.append(starter(state))
        state = points(state, 0, 0, 0)
    assert seen == [1, 2, 0, 1]
    assert [r.starter for r in state.rounds] == seen


def test_starter_skips_players_who_are_out() -> None:
    state = with_lives(5, 5, 1, 1, 5, 5)
    state = points(state, 20, 7, 7, 10, 10)  # seat 0 starts; seats 1 and 2 go out
    assert state.rounds[-1].starter == 0
    assert starter(state) == 3


def test_starter_is_left_of_the_previous_starter_even_if_that_player_went_out() -> None:
    state = points(with_lives(4, 5, 1, 5, 5, first=1), 10, 0, 10, 10)
    assert state.lives == (5, 0, 5, 5)
    assert starter(state) == 2
    wrapped = NuotaState(state.players, state.variant, 3, (5, 5, 5, 5))
    assert starter(points(wrapped, 0, 0, 0, 0)) == 0


def test_last_player_standing_wins_and_the_match_takes_no_more_entries() -> None:
    state = points(with_lives(3, 2, 1, 1), 10, 7, 7)
    assert alive(state) == (0,)
    assert RULES.outcome(state) == Outcome(winners=(0,), reason="last_standing")
    assert starter(state) is None
    assert not can_sudden_death(state, 0, "hares")
    for move in (
        {"type": "showdown", "points": [10, None, None]},
        {"type": "sudden_death", "seat": 0, "combo": "hares"},
        {"type": "nonsense"},
    ):
        assert "over" in refused(state, move).reason
    assert RULES.outcome(start(3)) is None


def test_history_keeps_points_majorities_and_lives_of_each_round() -> None:
    mia = {"giraffe": 4, "bear": 3, "mole": 3}
    tim = {"giraffe": 3, "goat": 4, "sheep": 3}
    sara = {"giraffe": 1, "dog": 3, "hare": 3, "pig": 3}
    state = hands(start(3), mia, tim, sara)
    (round_,) = state.rounds
    assert round_.kind == "hands" and round_.starter == 0
    assert round_.points == (24, 13, 16)
    assert round_.winners == (0, 0, 0, 1, 1, 2, 2, 2, None, None)
    assert round_.change == (0, -2, -1) and round_.lives == (5, 3, 4)
    assert round_.hands is not None and round_.hands[0] == check_hand(mia)
    typed = points(state, 3, 7, 0)
    assert typed.rounds[-1].kind == "points" and typed.rounds[-1].winners is None
    assert typed.rounds[-1].starter == 1


def test_state_round_trips_through_json_and_apply_leaves_it_untouched() -> None:
    state = sudden(points(start(4, variant="expert", first=2), 10, 3, 0, 0), 3, "hares")
    before = RULES.to_dict(state)
    after = hands(state, *playout_nuota.deal(4, alive(state), random.Random(1)))
    assert RULES.to_dict(state) == before
    for value in (state, after):
        assert RULES.from_dict(json.loads(json.dumps(RULES.to_dict(value)))) == value


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


def play_to_the_end(seed: int, players: int, options: dict[str, Any]) -> list[NuotaState]:
    """Every state of a random legal match, from setup to its end."""
    rng = random.Random(seed)
    states = [RULES.setup(PLAYERS[:players], options)]
    while (move := playout_nuota.random_move(RULES, states[-1], rng)) is not None:
        states.append(RULES.apply(states[-1], move))
        assert len(states) < 500
    return states


matches = st.tuples(
    st.integers(0, 2**32),
    st.sampled_from(playout_nuota.PLAYER_COUNTS),
    st.sampled_from(playout_nuota.OPTIONS),
)


@settings(max_examples=60, deadline=None)
@given(matches)
def test_every_match_ends_with_exactly_one_winner_and_lives_never_below_zero(
    match: tuple[int, int, dict[str, Any]],
) -> None:
    states = play_to_the_end(*match)
    assert all(min(RULES.standings(state)) >= 0 for state in states)
    outcome = RULES.outcome(states[-1])
    assert outcome is not None and len(outcome.winners) == 1
    assert alive(states[-1]) == outcome.winners
    assert all(RULES.outcome(state) is None for state in states[:-1])
    last = states[-1]
    assert RULES.from_dict(json.loads(json.dumps(RULES.to_dict(last)))) == last


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(playout_nuota.PLAYER_COUNTS))
def test_lives_never_rise_in_the_base_variant(seed: int, players: int) -> None:
    states = play_to_the_end(seed, players, {})
    for before, after in zip(states, states[1:], strict=False):
        assert all(b >= a for b, a in zip(before.lives, after.lives, strict=True))


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(playout_nuota.PLAYER_COUNTS), st.integers(0, 3))
def test_shown_hands_and_the_same_totals_typed_cost_the_same_lives(
    seed: int, players: int, out: int
) -> None:
    rng = random.Random(seed)
    lives = [rng.randint(1, 5) for _ in range(players)]
    for seat in rng.sample(range(players), min(out, players - 2)):
        lives[seat] = 0
    state = with_lives(players, *lives)
    dealt = playout_nuota.deal(players, alive(state), rng)
    shown = hands(state, *dealt)
    assert shown.rounds[-1].points is not None
    assert sum(p for p in shown.rounds[-1].points if p is not None) <= 60
    typed = points(state, *shown.rounds[-1].points)
    assert typed.lives == shown.lives


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
