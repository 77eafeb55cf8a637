"""6 nimmt! table mode along the rulebook: its four figures, the two traps, a closing round."""

from __future__ import annotations

import pytest

from companion.rules import IllegalMove
from companion.rules.sixnimmt import (
    FULL,
    LOW,
    PLACED,
    RULES,
    Placement,
    SixNimmtState,
    bull_heads,
    destination,
    last_turn,
    may_enter_rows,
    may_reveal,
    needs_choice,
    possible_cards,
    preview_reveal,
    round_heads,
    row_heads,
)

from .sixnimmt_helpers import NAMES, figure, play_staircase, refused, reveal, table


def test_figure_1_four_starting_cards_open_four_rows() -> None:
    state = figure(1)
    assert state.table.rows == ((12,), (37,), (43,), (58,))
    assert state.table.seen == (12, 37, 43, 58)
    assert state.table.turn == 0
    assert round_heads(state) == [0, 0, 0, 0]


def test_figure_2_each_card_goes_after_the_closest_lower_row_end() -> None:
    state = figure(2)
    assert state.table.rows == ((12, 14, 15), (37,), (43, 44), (58, 61))
    assert last_turn(state) == (
        Placement(seat=1, card=14, row=0, kind=PLACED),
        Placement(seat=3, card=15, row=0, kind=PLACED),
        Placement(seat=2, card=44, row=2, kind=PLACED),
        Placement(seat=0, card=61, row=3, kind=PLACED),
    )
    assert round_heads(state) == [0, 0, 0, 0]


def test_figure_3_the_sixth_card_takes_the_five_and_starts_the_row() -> None:
    state = figure(3)
    assert state.table.rows == ((30, 36), (37,), (43, 44), (58, 61))
    thirty = last_turn(state)[2]
    assert thirty == Placement(seat=1, card=30, row=0, kind=FULL, took=(12, 14, 15, 21, 26))
    assert thirty.heads == 6
    assert round_heads(state) == [0, 6, 0, 0]


def test_figure_4_a_card_lower_than_every_row_takes_the_row_its_player_chooses() -> None:
    state = figure(4)
    assert state.table.rows == ((30, 36), (3, 9), (43, 44), (58, 61, 68, 83))
    assert last_turn(state)[:2] == (
        Placement(seat=1, card=3, row=1, kind=LOW, took=(37,)),
        Placement(seat=3, card=9, row=1, kind=PLACED),
    )
    assert round_heads(state) == [0, 6 + 1, 0, 0]
    assert state.table.taken[1] == (12, 14, 15, 21, 26, 37)


def test_figure_4_only_the_player_of_the_3_must_choose_although_the_9_is_also_low() -> None:
    state = figure(3)
    assert destination(state.table, 9) is None
    assert needs_choice(state.table, [83, 3, 68, 9]) == [1]
    assert needs_choice(state.table, [83, None, 68, 9]) == [3]
    assert needs_choice(figure(1).table, [61, 14, 44, 15]) == []


def test_a_low_card_without_a_chosen_row_is_refused_naming_its_player() -> None:
    state = figure(3)
    move = {"type": "reveal", "cards": [83, 3, 68, 9]}
    refused(state, move, "Bob's card 3 is lower than every row: Bob must choose a row.")
    refused(state, {**move, "row_choice": [1, None, None, None]}, "Bob must choose a row")


def test_a_row_choice_for_a_card_placed_by_the_rules_is_ignored() -> None:
    ignored = reveal(figure(1), [61, 14, 44, 15], [3, 0, 1, 2])
    assert ignored == figure(2)


def test_row_choice_may_be_left_out_or_null_when_no_card_is_too_low() -> None:
    move = {"type": "reveal", "cards": [61, 14, 44, 15], "row_choice": None}
    assert RULES.apply(figure(1), move) == figure(2)
    assert reveal(figure(1), [61, 14, 44, 15], [None] * 4) == figure(2)


def test_the_tenth_turn_can_be_previewed_although_it_closes_the_round() -> None:
    ninth = play_staircase()[-2]
    last = preview_reveal(ninth, {"type": "reveal", "cards": [23, 24]})
    assert last.turn == 10 and last.heads == (12, 22)
    assert last.last[1] == Placement(seat=1, card=24, row=3, kind=FULL, took=(19, 20, 21, 22, 23))
    with pytest.raises(IllegalMove, match="Card 22 has already been seen"):
        preview_reveal(ninth, {"type": "reveal", "cards": [22, 24]})


def test_the_choosing_player_sees_the_heads_of_each_row() -> None:
    assert row_heads(figure(3).table) == [3 + 1, 1, 1 + 5, 1 + 1]


def test_trap_1_the_45_goes_after_the_42_not_the_41_and_is_the_sixth_card() -> None:
    state = table(rows=[5, 15, 25, 30])
    state = reveal(state, [31, 32, 33, 6])
    state = reveal(state, [42, 7, 16, 26])
    state = reveal(state, [41, 8, 17, 9])
    assert state.table.rows == ((5, 6, 7, 8, 9), (15, 16, 17), (25, 26, 41), (30, 31, 32, 33, 42))
    assert destination(state.table, 45) == 3
    state = reveal(state, [45, 18, 46, 47])
    assert last_turn(state)[1] == Placement(
        seat=0, card=45, row=3, kind=FULL, took=(30, 31, 32, 33, 42)
    )
    assert state.table.rows[2:] == ((25, 26, 41), (45, 46, 47))
    assert round_heads(state) == [3 + 1 + 1 + 5 + 1, 0, 0, 0]


def trap_2(second_card: int, choice: list[int | None] | None) -> SixNimmtState:
    """Rows 60 / 30 / 70 / 50-54, then the 62 revealed with ``second_card``."""
    state = table(players=2, rows=[60, 30, 70, 50])
    state = reveal(state, [51, 52])
    state = reveal(state, [53, 54])
    return reveal(state, [62, second_card], choice)


def test_trap_2_without_the_29_the_62_goes_after_the_60() -> None:
    assert trap_2(31, None).table.rows == ((60, 62), (30, 31), (70,), (50, 51, 52, 53, 54))


def test_trap_2_the_29_replaces_the_first_row_and_pushes_the_62_onto_the_full_fourth_row() -> None:
    state = trap_2(29, [None, 0])
    assert last_turn(state) == (
        Placement(seat=1, card=29, row=0, kind=LOW, took=(60,)),
        Placement(seat=0, card=62, row=3, kind=FULL, took=(50, 51, 52, 53, 54)),
    )
    assert state.table.rows == ((29,), (30,), (70,), (62,))
    assert round_heads(state) == [3 + 1 + 1 + 1 + 1, 3]


def test_after_the_tenth_turn_the_round_closes_and_its_heads_go_to_the_standings() -> None:
    states = play_staircase()
    ninth, tenth = states[-2], states[-1]
    assert ninth.table.turn == 9
    assert ninth.table.rows == ((1,), (2,), (3,), (19, 20, 21, 22))
    assert tenth.table is None
    seat_0 = (4, 5, 6, 7, 8, 14, 15, 16, 17, 18)
    seat_1 = (9, 10, 11, 12, 13, 19, 20, 21, 22, 23)
    assert ninth.table.taken == (seat_0, seat_1[:5])
    assert tenth.rounds == ((12, 22),)
    assert RULES.standings(tenth) == [12, 22]
    assert sum(map(bull_heads, seat_0)) == 12 and sum(map(bull_heads, seat_1)) == 22
    assert RULES.outcome(tenth) is None
    assert may_enter_rows(RULES, tenth) and not may_reveal(RULES, tenth)


def test_a_table_round_can_end_the_match() -> None:
    final = play_staircase({"end": {"rounds": 1}})[-1]
    outcome = RULES.outcome(final)
    assert outcome is not None and outcome.winners == (0,)
    refused(final, {"type": "rows", "cards": [1, 2, 3, 4]}, "The match is over")
    assert not may_enter_rows(RULES, final)


def test_the_next_round_starts_with_nothing_seen() -> None:
    state = RULES.apply(play_staircase()[-1], {"type": "rows", "cards": [5, 6, 7, 8]})
    assert state.table.seen == (5, 6, 7, 8)
    assert reveal(state, [9, 24]).table.turn == 1


def test_the_professional_variant_accepts_only_cards_up_to_ten_per_player_plus_four() -> None:
    state = table(players=3, rows=[1, 2, 3, 34], variant="pro")
    assert possible_cards(state) == list(range(4, 34))
    refused(state, {"type": "reveal", "cards": [4, 5, 35]}, "cards go from 1 to 34")
    start = RULES.setup(NAMES[:3], {"variant": "pro"})
    refused(start, {"type": "rows", "cards": [1, 2, 3, 35]}, "Card 35 does not exist")
