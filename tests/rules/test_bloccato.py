"""Bloccato e pelato: the rulebook's examples and every rule the engine enforces."""

from __future__ import annotations

import importlib
import json
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.base import IllegalMove
from companion.rules.bloccato import (
    RULES,
    BloccatoState,
    Result,
    can_mark,
    can_pass,
    can_roll,
    can_still_connect,
    last_turn,
    markable_cells,
    phase,
    read_dice,
    roll_results,
    whose_turn,
    why,
    winning_chain,
)
from companion.rules.bloccato.board import DIRECTIONS, Cell, neighbours, touching

_package = __name__.rpartition(".")[0]  # "" while tests/ is not a package
playout = importlib.import_module(
    f"{_package}.playout_bloccato" if _package else "playout_bloccato"
)
OPTIONS, random_move = playout.OPTIONS, playout.random_move

PASS: dict[str, Any] = {"type": "pass"}
AFTER_THE_END: list[dict[str, Any]] = [
    PASS,
    {"type": "roll", "dice": "CCCCC"},
    {"type": "mark", "cell": [3, 3]},
]


def make_sheet(
    crosses: list[Cell], circles: list[Cell], faces: dict[Cell, str] | None = None
) -> list[str]:
    """A sheet with a regular pattern of faces, the given start cells and face overrides."""
    grid = [["12345C"[(row + 2 * col) % 6] for col in range(7)] for row in range(7)]
    for (row, col), face in (faces or {}).items():
        grid[row][col] = face
    for row, col in crosses:
        grid[row][col] = "X"
    for row, col in circles:
        grid[row][col] = "O"
    return ["".join(row) for row in grid]


def start(sheet: list[str], first: int = 0) -> BloccatoState:
    """A new game on ``sheet`` with ``first`` to play; Sara crosses, Emilio circles."""
    return RULES.setup(["Sara", "Emilio"], {"sheet": sheet, "first": first}, seed=1)


def roll(state: BloccatoState, dice: str) -> BloccatoState:
    """Enter the final dice of a roll."""
    return RULES.apply(state, {"type": "roll", "dice": dice})


def mark(state: BloccatoState, cell: Cell) -> BloccatoState:
    """Mark ``cell``."""
    return RULES.apply(state, {"type": "mark", "cell": list(cell)})


def normal_roll(face: str) -> str:
    """A roll that marks exactly one cell showing ``face`` and ends the turn."""
    if face == "C":
        return "CC123"
    return face * 3 + "".join(other for other in "12345" if other != face)[:2]


def play(state: BloccatoState, seat: int, cell: Cell) -> BloccatoState:
    """``seat`` marks ``cell`` with a normal roll (the other player passes first if needed)."""
    if state.turn != seat:
        state = RULES.apply(state, PASS)
    return mark(roll(state, normal_roll(state.face(cell))), cell)


def winners(state: BloccatoState) -> tuple[int, ...] | None:
    """The winning seats once the game is over, None while it goes on."""
    outcome = RULES.outcome(state)
    return None if outcome is None else outcome.winners


EXAMPLE = make_sheet(
    crosses=[(0, 0), (0, 6), (6, 3)],
    circles=[(6, 0), (6, 6), (0, 3)],
    faces={(3, 3): "3", (3, 2): "C", (2, 1): "1", (2, 2): "4", (2, 3): "5", (2, 4): "5"},
)


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


def line_sheet(seat: int, direction: Cell) -> list[str]:
    """Start cells of ``seat`` two apart on a line through the centre in ``direction``."""
    dr, dc = direction
    line = [(3 - 2 * dr, 3 - 2 * dc), (3, 3), (3 + 2 * dr, 3 + 2 * dc)]
    other = [(0, 1), (6, 5), (1, 6)]
    gaps = {(3 - dr, 3 - dc): "2", (3 + dr, 3 + dc): "2"}
    return make_sheet(line, other, gaps) if seat == 0 else make_sheet(other, line, gaps)


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("direction", DIRECTIONS)
def test_joining_the_three_start_cells_wins_in_all_eight_directions(
    seat: int, direction: Cell
) -> None:
    dr, dc = direction
    state = play(start(line_sheet(seat, direction), first=seat), seat, (3 - dr, 3 - dc))
    assert RULES.outcome(state) is None and winning_chain(state) == ()
    state = play(state, seat, (3 + dr, 3 + dc))
    outcome = RULES.outcome(state)
    assert outcome is not None and (outcome.winners, outcome.reason) == ((seat,), "joined")
    line = {(3 + k * dr, 3 + k * dc) for k in range(-2, 3)}
    assert set(winning_chain(state)) == line
    assert (whose_turn(state), phase(state), markable_cells(state)) == (None, "over", [])
    assert why(state)[0] == "%(player)s joined the three start cells and wins."


def test_the_winning_chain_leaves_out_cells_that_do_not_join() -> None:
    sheet = line_sheet(0, (0, 1))
    state = play(play(start(sheet), 0, (4, 2)), 0, (3, 2))
    state = play(state, 0, (3, 4))
    assert winning_chain(state) == ((3, 1), (3, 2), (3, 3), (3, 4), (3, 5))


def test_a_diagonal_chain_crosses_between_two_opposing_cells() -> None:
    state = start(line_sheet(0, (1, 1)))
    for cell in [(2, 3), (3, 2)]:
        state = play(state, 1, cell)
    assert can_still_connect(state, 0)
    state = play(play(state, 0, (2, 2)), 0, (4, 4))
    assert winners(state) == (0,)


CORNERS = make_sheet(crosses=[(0, 0), (0, 4), (4, 0)], circles=[(6, 6), (6, 2), (2, 6)])


def test_one_side_blocked_plays_on_until_the_other_joins() -> None:
    state = start(CORNERS, first=1)
    for cell in [(0, 1), (1, 0), (1, 1)]:
        state = play(state, 1, cell)
    assert (can_still_connect(state, 0), can_still_connect(state, 1)) == (False, True)
    assert RULES.outcome(state) is None
    state = play(state, 0, (3, 3))
    assert RULES.outcome(state) is None and phase(state) == "roll"
    for cell in [(5, 3), (4, 4), (5, 5)]:
        state = play(state, 1, cell)
        assert RULES.outcome(state) is None
    state = play(state, 1, (3, 5))
    assert winners(state) == (1,)


def test_when_neither_side_can_join_the_game_is_a_draw_at_once() -> None:
    state = start(CORNERS, first=1)
    for cell in [(0, 1), (1, 0), (1, 1)]:
        state = play(state, 1, cell)
    for cell in [(5, 5), (5, 6)]:
        state = play(state, 0, cell)
    assert RULES.outcome(state) is None
    state = play(state, 0, (6, 5))
    outcome = RULES.outcome(state)
    assert outcome is not None and (outcome.winners, outcome.reason) == ((), "draw")
    assert why(state) == ("Neither player can join the start cells any more: a draw.", {})
    assert winning_chain(state) == ()
    for move in AFTER_THE_END:
        with pytest.raises(IllegalMove, match="The game is over"):
            RULES.apply(state, move)


def test_a_side_that_joins_while_the_other_is_blocked_wins() -> None:
    state = start(CORNERS)
    for cell in [(5, 5), (5, 6), (6, 5)]:
        state = play(state, 0, cell)
    assert not can_still_connect(state, 1) and RULES.outcome(state) is None
    for cell in [(0, 1), (0, 2), (0, 3), (1, 0), (2, 0), (3, 0)]:
        state = play(state, 0, cell)
    assert winners(state) == (0,)


ROLL_PHASE = start(EXAMPLE)
MARK_PHASE = roll(start(EXAMPLE), "4C414")


@pytest.mark.parametrize(
    ("state", "move", "reason"),
    [
        (ROLL_PHASE, {"type": "mark", "cell": [2, 2]}, "Roll first"),
        (MARK_PHASE, {"type": "roll", "dice": "44412"}, "First mark a cell for the roll"),
        (MARK_PHASE, {"type": "mark", "cell": [3, 3]}, "does not let you mark a 3"),
        (MARK_PHASE, {"type": "mark", "cell": [3, 2]}, "does not let you mark a cow"),
        (MARK_PHASE, {"type": "mark", "cell": [0, 0]}, "start cell"),
        (MARK_PHASE, {"type": "mark", "cell": [0, 3]}, "start cell"),
        (MARK_PHASE, {"type": "mark", "cell": [7, 0]}, "rows and columns 1 to 7"),
        (MARK_PHASE, {"type": "mark", "cell": [0, -1]}, "rows and columns 1 to 7"),
        (MARK_PHASE, {"type": "mark", "cell": [True, 1]}, "whole number"),
        (MARK_PHASE, {"type": "mark", "cell": [1.0, 1]}, "whole number"),
        (MARK_PHASE, {"type": "mark", "cell": ["2", "2"]}, "whole number"),
        (MARK_PHASE, {"type": "mark", "cell": [2]}, "a row and a column"),
        (MARK_PHASE, {"type": "mark", "cell": [2, 2, 2]}, "a row and a column"),
        (MARK_PHASE, {"type": "mark", "cell": "22"}, "a row and a column"),
        (MARK_PHASE, {"type": "mark", "cell": {"row": 2}}, "a row and a column"),
        (MARK_PHASE, {"type": "mark"}, "a row and a column"),
        (ROLL_PHASE, {"type": "roll"}, "exactly five dice"),
        (ROLL_PHASE, {"type": "roll", "dice": None}, "exactly five dice"),
        (ROLL_PHASE, {"type": "roll", "dice": 33333}, "exactly five dice"),
        (ROLL_PHASE, {"type": "roll", "dice": "3333"}, "exactly five dice"),
        (ROLL_PHASE, {"type": "roll", "dice": "333333"}, "exactly five dice"),
        (ROLL_PHASE, {"type": "roll", "dice": "33633"}, "exactly five dice"),
        (ROLL_PHASE, {"type": "roll", "dice": "330CC"}, "exactly five dice"),
        (ROLL_PHASE, {"type": "roll", "dice": ["3", "3", "3", "C", "C"]}, "exactly five dice"),
        (ROLL_PHASE, {"type": "roll", "dice": "CC123", "throws": "CC123"}, "one to three"),
        (ROLL_PHASE, {"type": "roll", "dice": "CC123", "throws": []}, "one to three"),
        (ROLL_PHASE, {"type": "roll", "dice": "CC123", "throws": ["CC123"] * 4}, "one to three"),
        (ROLL_PHASE, {"type": "roll", "dice": "CC123", "throws": ["CC12"]}, "five dice"),
        (ROLL_PHASE, {"type": "roll", "dice": "CC123", "throws": ["CC124"]}, "last throw"),
        (ROLL_PHASE, {"type": "jump"}, "Unknown move"),
        (ROLL_PHASE, {"type": 3}, "must be an object with a type"),
        (ROLL_PHASE, {}, "must be an object with a type"),
        (ROLL_PHASE, "roll", "must be an object with a type"),
        (ROLL_PHASE, None, "must be an object with a type"),
        (ROLL_PHASE, ["roll"], "must be an object with a type"),
    ],
)
def test_refusals(state: BloccatoState, move: Any, reason: str) -> None:
    before = RULES.to_dict(state)
    with pytest.raises(IllegalMove, match=reason):
        RULES.apply(state, move)
    assert RULES.to_dict(state) == before


def test_a_marked_cell_cannot_be_marked_again() -> None:
    state = roll(mark(roll(start(EXAMPLE), "4C414"), (2, 2)), "44412")
    with pytest.raises(IllegalMove, match="already marked"):
        mark(state, (2, 2))


def test_dice_are_read_in_any_order_and_case() -> None:
    assert read_dice("c3c43") == read_dice("33C4C") == "334CC"
    assert RULES.apply(ROLL_PHASE, {"type": "roll", "dice": "cc123"}).dice == "123CC"


def test_in_app_throws_are_accepted_with_the_final_dice() -> None:
    move = {"type": "roll", "dice": "4C414", "throws": ["41235", "44C12", "C1444"]}
    assert RULES.apply(ROLL_PHASE, move) == MARK_PHASE


@pytest.mark.parametrize(
    ("players", "options", "seed", "reason"),
    [
        (["Sara"], None, 0, "for exactly 2 players"),
        (["A", "B", "C"], None, 0, "for exactly 2 players"),
        (["A", "B"], "sheet", 0, "options are not understood"),
        (["A", "B"], [], 0, "options are not understood"),
        (["A", "B"], {"first": 2}, 0, "seat 0 or 1"),
        (["A", "B"], {"first": -1}, 0, "seat 0 or 1"),
        (["A", "B"], {"first": True}, 0, "whole number"),
        (["A", "B"], {"first": "0"}, 0, "whole number"),
        (["A", "B"], {"sheet": ["1234567"] * 6}, 0, "7 rows"),
        (["A", "B"], {"sheet": "X" * 49}, 0, "7 rows"),
        (["A", "B"], None, True, "whole number"),
        (["A", "B"], None, "7", "whole number"),
    ],
)
def test_setup_refusals(players: Any, options: Any, seed: Any, reason: str) -> None:
    with pytest.raises(IllegalMove, match=reason):
        RULES.setup(players, options, seed)


def test_setup_defaults_draw_the_first_player_and_the_sheet_from_the_seed() -> None:
    games = [RULES.setup(["A", "B"], None, seed) for seed in range(20)]
    assert {game.first for game in games} == {0, 1}
    assert all(game.turn == game.first for game in games)
    assert RULES.setup(["A", "B"], {}, 5) == RULES.setup(["A", "B"], None, 5)
    assert RULES.setup(["A", "B"], {"first": 1}, 5).turn == 1
    assert RULES.setup(["A", "B"], {"first": 1}, 5).sheet == games[5].sheet


def test_state_round_trips_through_json_mid_chain() -> None:
    state = mark(roll(start(EXAMPLE), "33335"), (3, 3))
    for each in [state, RULES.apply(state, PASS), roll(state, "CCCC2"), ROLL_PHASE]:
        assert RULES.from_dict(json.loads(json.dumps(RULES.to_dict(each)))) == each


def random_game(seed: int, options: dict[str, Any]) -> list[BloccatoState]:
    """Every state of one random game, from setup to the end."""
    rng = random.Random(seed)
    states = [RULES.setup(["Sara", "Emilio"], options, seed)]
    for _ in range(2000):
        move = random_move(RULES, states[-1], rng)
        if move is None:
            return states
        states.append(RULES.apply(states[-1], move))
    raise AssertionError("the game did not end")


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(OPTIONS))
def test_random_games_keep_every_rule(seed: int, options: dict[str, Any]) -> None:
    states = random_game(seed, options)
    for before, after in zip(states, states[1:], strict=False):
        grew = zip(RULES.standings(before), RULES.standings(after), strict=True)
        assert all(x <= y for x, y in grew)
        assert after.marks[: len(before.marks)] == before.marks
    final = states[-1]
    cells = [(row, col) for _, row, col in final.marks]
    assert len(cells) == len(set(cells))
    assert all(final.face(cell) not in "XO" for cell in cells)
    outcome = RULES.outcome(final)
    assert outcome is not None
    assert all(RULES.outcome(state) is None for state in states[:-1])
    assert bool(winning_chain(final)) == bool(outcome.winners)
    if not outcome.winners:
        assert not can_still_connect(final, 0) and not can_still_connect(final, 1)
    for move in AFTER_THE_END:
        with pytest.raises(IllegalMove):
            RULES.apply(final, move)
    assert RULES.outcome(final) == outcome
    assert RULES.from_dict(json.loads(json.dumps(RULES.to_dict(final)))) == final


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 60))
def test_markable_cells_are_exactly_the_cells_that_may_be_marked(seed: int, steps: int) -> None:
    states = random_game(seed, {})
    state = states[min(steps, len(states) - 1)]
    allowed = markable_cells(state)
    assert allowed == [(r, c) for r in range(7) for c in range(7) if can_mark(state, [r, c])]
    if phase(state) == "mark":
        assert allowed and all(mark(state, cell).marks[-1][1:] == cell for cell in allowed)


@given(st.text(alphabet="12345Cc", min_size=5, max_size=5), st.randoms(use_true_random=False))
def test_the_order_of_the_dice_does_not_matter(dice: str, rng: random.Random) -> None:
    shuffled = "".join(rng.sample(dice, 5))
    assert roll_results(read_dice(dice)) == roll_results(read_dice(shuffled))
    results = roll_results(read_dice(dice))
    assert sum(result.quad for result in results) <= 1
    assert len(results) <= 1 or [r.count for r in results] == [2, 3]
