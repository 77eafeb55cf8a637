"""6 nimmt! table mode: the rulebook's worked examples, refusals and properties of random deals."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import IllegalMove
from companion.rules.sixnimmt import (
    FULL,
    LOW,
    PLACED,
    RULES,
    Placement,
    SixNimmtState,
    TableRound,
    bull_heads,
    destination,
    last_turn,
    may_enter_rows,
    may_reveal,
    needs_choice,
    play_turn,
    possible_cards,
    preview_reveal,
    round_heads,
    row_heads,
    start_round,
)

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo"]


def table(players: int = 4, rows: list[int] | None = None, **options: Any) -> SixNimmtState:
    """A match with the rows of a round on the table (figure 1 by default)."""
    state = RULES.setup(NAMES[:players], options)
    return RULES.apply(state, {"type": "rows", "cards": rows or [12, 37, 43, 58]})


def reveal(state: SixNimmtState, cards: list[int], choice: Any = None) -> SixNimmtState:
    """Reveal one turn; ``choice`` is the row_choice list (left out when None)."""
    move: dict[str, Any] = {"type": "reveal", "cards": cards}
    if choice is not None:
        move["row_choice"] = choice
    return RULES.apply(state, move)


def refused(state: SixNimmtState, move: Any, words: str) -> None:
    """The move is refused with a reason containing ``words``."""
    with pytest.raises(IllegalMove) as error:
        RULES.apply(state, move)
    assert words in error.value.reason


def figure(number: int) -> SixNimmtState:
    """The table after figure 1, 2, 3 or 4 of the rulebook (seats play in a mixed order)."""
    state = table()
    turns = [
        ([61, 14, 44, 15], None),
        ([36, 30, 21, 26], None),
        ([83, 3, 68, 9], [None, 1, None, None]),
    ]
    for cards, choice in turns[: number - 1]:
        state = reveal(state, cards, choice)
    return state


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


def play_staircase(options: dict[str, Any] | None = None) -> list[SixNimmtState]:
    """A full 2-player round on rows 1-4: the turns play 5-6, 7-8, ... 23-24 (every state kept)."""
    state = RULES.setup(NAMES[:2], options or {})
    states = [RULES.apply(state, {"type": "rows", "cards": [1, 2, 3, 4]})]
    for turn in range(1, 11):
        states.append(reveal(states[-1], [2 * turn + 3, 2 * turn + 4]))
    return states


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


@st.composite
def deals(draw: st.DrawFn) -> tuple[int, list[int]]:
    """A number of players and a shuffled deck of the right size (professional variant for 2-6)."""
    players = draw(st.integers(min_value=2, max_value=10))
    professional = players <= 6 and draw(st.booleans())
    top = 10 * players + 4 if professional else 104
    return players, list(draw(st.permutations(range(1, top + 1))))


def choices_for(data: st.DataObject, tab: TableRound, cards: list[int]) -> list[int | None]:
    """Random row choices: a row where one is needed, random noise (ignored) elsewhere."""
    rows = st.integers(min_value=0, max_value=3)
    choices = [data.draw(st.none() | rows) for _ in cards]
    for seat in needs_choice(tab, cards):
        choices[seat] = data.draw(rows)
    return choices


@settings(max_examples=60, deadline=None)
@given(deal=deals(), data=st.data())
def test_random_deals_keep_every_card_and_head_and_rows_ascending_and_short(
    deal: tuple[int, list[int]], data: st.DataObject
) -> None:
    players, deck = deal
    tab = start_round(players, deck[:4])
    played = list(deck[:4])
    for turn in range(10):
        cards = deck[4 + turn * players : 4 + (turn + 1) * players]
        before, tab = tab, play_turn(tab, cards, choices_for(data, tab, cards))
        played += cards
        on_table = [card for row in tab.rows for card in row]
        taken = [card for cards in tab.taken for card in cards]
        assert sorted(on_table + taken) == sorted(played) == list(tab.seen)
        assert sum(tab.heads) + sum(row_heads(tab)) == sum(map(bull_heads, played))
        assert all(list(row) == sorted(set(row)) and 1 <= len(row) <= 5 for row in tab.rows)
        assert [p.card for p in tab.last] == sorted(cards)
        low = [p.card for p in tab.last if p.kind == LOW]
        assert low == ([min(cards)] if destination(before, min(cards)) is None else [])
    assert len(tab.seen) == 4 + 10 * players


@settings(max_examples=40, deadline=None)
@given(deal=deals(), data=st.data())
def test_a_random_table_round_credits_exactly_its_takes_to_the_sheet(
    deal: tuple[int, list[int]], data: st.DataObject
) -> None:
    players, deck = deal
    variant = "pro" if len(deck) < 104 else "base"
    state = RULES.setup(NAMES[:players], {"variant": variant})
    state = RULES.apply(state, {"type": "rows", "cards": deck[:4]})
    for turn in range(10):
        cards = deck[4 + turn * players : 4 + (turn + 1) * players]
        choice = choices_for(data, state.table, cards)
        expected = play_turn(state.table, cards, choice)
        before = RULES.to_dict(state)
        after = RULES.apply(state, {"type": "reveal", "cards": cards, "row_choice": choice})
        assert RULES.to_dict(state) == before
        assert RULES.from_dict(json.loads(json.dumps(RULES.to_dict(after)))) == after
        state = after
    assert state.table is None
    assert state.rounds == (expected.heads,)
    assert sum(expected.heads) <= state.heads_in_play - 4


@settings(max_examples=40, deadline=None)
@given(deal=deals(), data=st.data(), order=st.randoms(use_true_random=False))
def test_placement_depends_on_the_cards_not_on_who_played_them(
    deal: tuple[int, list[int]], data: st.DataObject, order: Any
) -> None:
    players, deck = deal
    cards = deck[4 : 4 + players]
    tab = start_round(players, deck[:4])
    choices = choices_for(data, tab, cards)
    seats = list(range(players))
    order.shuffle(seats)
    moved = play_turn(tab, [cards[s] for s in seats], [choices[s] for s in seats])
    assert moved.rows == play_turn(tab, cards, choices).rows
