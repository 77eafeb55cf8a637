"""6 nimmt! table mode refusals and page questions: bad reveals and rows change nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.rules import IllegalMove
from companion.rules.sixnimmt import (
    RULES,
    last_turn,
    may_enter_rows,
    may_reveal,
    possible_cards,
    round_heads,
)

from .sixnimmt_helpers import NAMES, figure, play_staircase, refused, reveal, table


def test_a_reveal_before_the_rows_is_refused() -> None:
    refused(RULES.setup(NAMES[:2]), {"type": "reveal", "cards": [1, 2]}, "start the rows first")


def test_the_rows_cannot_be_entered_twice_in_a_round() -> None:
    refused(table(), {"type": "rows", "cards": [1, 2, 3, 4]}, "already on the table")


def test_a_round_by_heads_is_refused_while_a_round_is_on_the_table() -> None:
    refused(table(), {"type": "round", "heads": [0, 0, 0, 0]}, "Finish or undo")


def test_a_card_already_seen_this_round_is_refused() -> None:
    refused(figure(1), {"type": "reveal", "cards": [13, 14, 37, 15]}, "Card 37 has already been")
    refused(figure(2), {"type": "reveal", "cards": [13, 14, 16, 17]}, "Card 14 has already been")


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ({"type": "reveal", "cards": [13, 13, 16, 17]}, "Card 13 is entered twice"),
        ({"type": "reveal", "cards": [0, 13, 16, 17]}, "Card 0 does not exist"),
        ({"type": "reveal", "cards": [105, 13, 16, 17]}, "cards go from 1 to 104"),
        ({"type": "reveal", "cards": [13, 16, 17]}, "4 players, 3 values"),
        ({"type": "reveal", "cards": [13, 16, 17, 18, 19]}, "4 players, 5 values"),
        ({"type": "reveal"}, "Give one value per player"),
        ({"type": "reveal", "cards": "13 16 17 18"}, "Give one value per player"),
        ({"type": "reveal", "cards": [13, 16, 17, "18"]}, "whole number"),
        ({"type": "reveal", "cards": [13, 16, 17, True]}, "whole number"),
        ({"type": "reveal", "cards": [13, 16, 17, 18.0]}, "whole number"),
        ({"type": "reveal", "cards": [13, 16, 17, None]}, "whole number"),
        ({"type": "reveal", "cards": [13, 16, 17, [18]]}, "whole number"),
        (
            {"type": "reveal", "cards": [13, 16, 17, 18], "row_choice": [4, None, None, None]},
            "four",
        ),
        (
            {"type": "reveal", "cards": [13, 16, 17, 18], "row_choice": [-1, None, None, None]},
            "four",
        ),
        (
            {"type": "reveal", "cards": [13, 16, 17, 18], "row_choice": ["1", None, None, None]},
            "whole",
        ),
        (
            {"type": "reveal", "cards": [13, 16, 17, 18], "row_choice": [False, None, None, None]},
            "whole",
        ),
        ({"type": "reveal", "cards": [13, 16, 17, 18], "row_choice": [None, None]}, "4 players, 2"),
        ({"type": "reveal", "cards": [13, 16, 17, 18], "row_choice": "first"}, "one value per"),
        ({"type": "rows", "cards": [1, 2, 3]}, "four cards that start the rows"),
        ({"type": "rows", "cards": [1, 2, 3, 4, 5]}, "four cards that start the rows"),
        ({"type": "rows", "cards": None}, "four cards that start the rows"),
        ({"type": "rows"}, "four cards that start the rows"),
    ],
)
def test_bad_reveals_and_rows_are_refused(move: dict[str, Any], words: str) -> None:
    state = figure(1) if move["type"] == "reveal" else RULES.setup(NAMES[:4])
    refused(state, move, words)


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ([1, 2, 3, 3], "Card 3 is entered twice"),
        ([0, 2, 3, 4], "Card 0 does not exist"),
        ([1, 2, 3, 105], "Card 105 does not exist"),
        ([1, 2, 3, "4"], "whole number"),
        ([1, 2, 3, None], "whole number"),
        ([1, 2, 3, -4], "does not exist"),
    ],
)
def test_bad_row_starters_are_refused(cards: list[Any], words: str) -> None:
    refused(RULES.setup(NAMES[:2]), {"type": "rows", "cards": cards}, words)


def test_a_refused_reveal_changes_nothing() -> None:
    state = figure(3)
    before = RULES.to_dict(state)
    with pytest.raises(IllegalMove):
        reveal(state, [83, 3, 68, 9])
    assert RULES.to_dict(state) == before
    assert reveal(state, [83, 3, 68, 9], [None, 1, None, None]) == figure(4)


def test_a_table_round_round_trips_through_json() -> None:
    for state in [figure(1), figure(3), figure(4), play_staircase()[-1]]:
        data = json.loads(json.dumps(RULES.to_dict(state)))
        assert RULES.from_dict(data) == state


def test_cards_still_possible_leave_out_every_card_seen() -> None:
    state = figure(4)
    seen = {12, 37, 43, 58, 14, 15, 44, 61, 21, 26, 30, 36, 3, 9, 68, 83}
    assert possible_cards(state) == [card for card in range(1, 105) if card not in seen]
    assert len(possible_cards(RULES.setup(NAMES[:2]))) == 104


def test_the_page_can_ask_what_may_be_entered() -> None:
    start = RULES.setup(NAMES[:2])
    assert may_enter_rows(RULES, start) and not may_reveal(RULES, start)
    assert may_reveal(RULES, figure(1)) and not may_enter_rows(RULES, figure(1))
    assert last_turn(start) == () and round_heads(start) == [0, 0]
