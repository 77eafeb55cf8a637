"""How a game of Bloccato e pelato ends: joined start cells, a blocked side, a draw.

Random games played to the end check the same rules on sheets nobody drew by hand.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.base import IllegalMove
from companion.rules.bloccato import (
    RULES,
    BloccatoState,
    can_mark,
    can_still_connect,
    markable_cells,
    phase,
    whose_turn,
    why,
    winning_chain,
)
from companion.rules.bloccato.board import DIRECTIONS, Cell

from .bloccato_helpers import (
    AFTER_THE_END,
    OPTIONS,
    make_sheet,
    mark,
    play,
    random_move,
    start,
    winners,
)


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
