"""Bloccato e pelato refusals and entry: bad moves and setups, dice order, JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.rules.base import IllegalMove
from companion.rules.bloccato import RULES, BloccatoState, read_dice

from .bloccato_helpers import EXAMPLE, PASS, mark, roll, start

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
