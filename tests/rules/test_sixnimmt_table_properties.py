"""6 nimmt! table mode on random deals: cards and heads kept, rows short, order irrelevant."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.sixnimmt import (
    LOW,
    RULES,
    TableRound,
    bull_heads,
    destination,
    needs_choice,
    play_turn,
    row_heads,
    start_round,
)

from .sixnimmt_helpers import NAMES


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
