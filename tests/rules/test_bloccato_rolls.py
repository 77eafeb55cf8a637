"""Bloccato e pelato turns: what five dice let a player mark, chains, passing."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.rules.base import IllegalMove
from companion.rules.bloccato import (
    RULES,
    Result,
    can_mark,
    can_pass,
    can_roll,
    last_turn,
    markable_cells,
    phase,
    read_dice,
    roll_results,
    whose_turn,
    why,
)
from companion.rules.bloccato.board import neighbours, touching

from .bloccato_helpers import EXAMPLE, PASS, mark, normal_roll, roll, start


def test_three_fours_mark_one_four_and_end_the_turn() -> None:
    state = start(EXAMPLE, first=1)
    assert why(state) == (
        "%(player)s: roll the five dice (up to three throws), then enter the final dice.",
        {"player": "Emilio"},
    )
    state = roll(state, "4C414")
    assert phase(state) == "mark"
    assert why(state) == ("Three %(number)ss: mark a free %(number)s.", {"number": "4"})
    cells = markable_cells(state)
    assert cells and all(state.face(cell) == "4" for cell in cells)
    state = mark(state, (2, 2))
    assert (whose_turn(state), phase(state), RULES.standings(state)) == (0, "roll", [0, 1])


def test_quad_of_threes_then_four_cows_left_then_three_ones_each_adjacent() -> None:
    state = roll(start(EXAMPLE), "33335")
    assert why(state)[1] == {"number": "3"}
    assert "then roll again" in why(state)[0]
    state = mark(state, (3, 3))
    assert (whose_turn(state), phase(state), state.chain) == (0, "roll", (3, 3))
    assert why(state) == (
        "%(player)s: roll again; the next mark must touch the last one"
        " (row %(row)d, column %(col)d).",
        {"player": "Sara", "row": 4, "col": 4},
    )
    state = roll(state, "CC2CC")
    assert why(state)[0] == "Four cows: mark a free cow next to your last mark, then roll again."
    assert all(touching((3, 3), cell) and state.face(cell) == "C" for cell in markable_cells(state))
    state = mark(state, (3, 2))
    assert (whose_turn(state), state.chain) == (0, (3, 2))
    state = roll(state, "1C511")
    assert markable_cells(state) == [
        cell for cell in markable_cells(state) if touching((3, 2), cell)
    ]
    state = mark(state, (2, 1))
    assert (whose_turn(state), phase(state), state.chain) == (1, "roll", None)
    assert RULES.standings(state) == [3, 0]


def test_after_a_quad_a_mark_away_from_the_last_one_is_refused() -> None:
    state = roll(mark(roll(start(EXAMPLE), "33335"), (3, 3)), "CCCC2")
    far = next(c for c in markable_cells(replace(state, chain=None)) if not touching((3, 3), c))
    with pytest.raises(IllegalMove, match="must touch the cell marked just before"):
        mark(state, far)
    assert not can_mark(state, list(far))


def test_a_quad_may_be_marked_anywhere() -> None:
    state = roll(start(EXAMPLE), "CCCCC")
    assert len(markable_cells(state)) == sum(row.count("C") for row in EXAMPLE)
    assert why(state)[0] == "Five cows: mark a free cow, then roll again next to it."


def test_two_cows_and_three_equal_numbers_choose_one() -> None:
    state = roll(start(EXAMPLE), "2C2C2")
    assert why(state) == (
        "Two cows and three %(number)ss: choose one, a free cow or a free %(number)s.",
        {"number": "2"},
    )
    faces = {state.face(cell) for cell in markable_cells(state)}
    assert faces == {"C", "2"}
    for cell in [(3, 2), next(c for c in markable_cells(state) if state.face(c) == "2")]:
        after = mark(state, cell)
        assert (whose_turn(after), RULES.standings(after)) == (1, [1, 0])
    with pytest.raises(IllegalMove, match="does not let you mark a 3"):
        mark(state, (3, 3))


@pytest.mark.parametrize(
    ("dice", "results"),
    [
        ("4C414", (Result("4", 3),)),
        ("CC123", (Result("C", 2),)),
        ("CCC33", (Result("C", 3),)),
        ("CC333", (Result("C", 2), Result("3", 3))),
        ("33322", (Result("3", 3),)),
        ("5555C", (Result("5", 4),)),
        ("11111", (Result("1", 5),)),
        ("CCCC1", (Result("C", 4),)),
        ("C1234", ()),
        ("11223", ()),
    ],
)
def test_what_a_final_roll_allows(dice: str, results: tuple[Result, ...]) -> None:
    assert roll_results(read_dice(dice)) == results


def test_a_roll_without_two_cows_or_three_equal_numbers_ends_the_turn() -> None:
    state = roll(start(EXAMPLE), "C1234")
    assert (whose_turn(state), phase(state), RULES.standings(state)) == (1, "roll", [0, 0])
    assert last_turn(state) == (
        "%(player)s rolled %(dice)s: no two cows, no three equal numbers, no mark.",
        {"player": "Sara", "dice": "1234C"},
    )


def test_no_matching_free_cell_next_to_the_last_mark_ends_the_turn() -> None:
    state = mark(roll(start(EXAMPLE), "33335"), (3, 3))
    near = {state.face(cell) for cell in neighbours((3, 3))}
    missing = next(face for face in "12345" if face not in near)
    dice = read_dice(normal_roll(missing))
    state = roll(state, dice)
    assert (whose_turn(state), state.chain, state.last) == (1, None, (0, dice, "no_cell"))
    explained = last_turn(state)
    assert explained is not None and "no matching free cell" in explained[0]


def test_pass_ends_the_turn_in_either_phase_and_leaves_a_chain() -> None:
    state = start(EXAMPLE)
    assert can_pass(state) and can_roll(state)
    after = RULES.apply(state, PASS)
    assert (whose_turn(after), last_turn(after)) == (1, ("%(player)s passed.", {"player": "Sara"}))
    chained = mark(roll(state, "33335"), (3, 3))
    assert whose_turn(RULES.apply(chained, PASS)) == 1
    declined = RULES.apply(roll(state, "4C414"), PASS)
    assert (whose_turn(declined), RULES.standings(declined)) == (1, [0, 0])


@given(st.text(alphabet="12345Cc", min_size=5, max_size=5), st.randoms(use_true_random=False))
def test_the_order_of_the_dice_does_not_matter(dice: str, rng: random.Random) -> None:
    shuffled = "".join(rng.sample(dice, 5))
    assert roll_results(read_dice(dice)) == roll_results(read_dice(shuffled))
    results = roll_results(read_dice(dice))
    assert sum(result.quad for result in results) <= 1
    assert len(results) <= 1 or [r.count for r in results] == [2, 3]
