"""6 nimmt! entries: rounds by cards or by heads, refusals, and random matches and junk input."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import IllegalMove
from companion.rules.sixnimmt import RULES, bull_heads

from .sixnimmt_helpers import match, play, refused


def test_a_round_by_cards_counts_the_heads_of_each_card() -> None:
    state = RULES.apply(match(3), {"type": "round", "cards": [[55, 11], [], [10, 15, 51, 104]]})
    assert RULES.standings(state) == [12, 0, 3 + 2 + 1 + 1]


def test_at_most_ten_cards_per_player_can_be_taken() -> None:
    deck = list(range(1, 21))
    RULES.apply(match(2), {"type": "round", "cards": [deck, []]})
    refused(match(2), {"type": "round", "cards": [deck, [21]]}, "At most 20 cards")


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ([[3], [3], []], "Card 3 is entered twice"),
        ([[3, 3], [], []], "Card 3 is entered twice"),
        ([[0], [], []], "Card 0 does not exist"),
        ([[105], [], []], "cards go from 1 to 104"),
        ([[-7], [], []], "does not exist"),
        ([["7"], [], []], "whole number"),
        ([[True], [], []], "whole number"),
        ([[7.0], [], []], "whole number"),
        ([7, [], []], "as a list"),
        ([None, [], []], "as a list"),
        ([[1], []], "3 players, 2 values"),
        ("1 2 3", "one value per player"),
        ({"Ann": [1]}, "one value per player"),
    ],
)
def test_bad_cards_are_refused(cards: Any, words: str) -> None:
    refused(match(3), {"type": "round", "cards": cards}, words)


def test_professional_variant_refuses_cards_above_ten_per_player_plus_four() -> None:
    state = match(3, variant="pro")
    RULES.apply(state, {"type": "round", "cards": [[34], [], []]})
    refused(state, {"type": "round", "cards": [[35], [], []]}, "cards go from 1 to 34")


@pytest.mark.parametrize(
    ("heads", "words"),
    [
        ([1, 2], "3 players, 2 values"),
        ([1, 2, 3, 4], "3 players, 4 values"),
        ([1, -2, 3], "cannot be negative"),
        ([1, "2", 3], "whole number"),
        ([1, True, 3], "whole number"),
        ([1, 2.0, 3], "whole number"),
        ([1, None, 3], "whole number"),
        ([1, [2], 3], "whole number"),
        (None, "one value per player"),
        ("1,2,3", "one value per player"),
        (6, "one value per player"),
    ],
)
def test_bad_heads_are_refused(heads: Any, words: str) -> None:
    refused(match(3), {"type": "round", "heads": heads}, words)


@pytest.mark.parametrize(
    ("move", "words"),
    [
        (None, "object with a type"),
        ([], "object with a type"),
        ("round", "object with a type"),
        ({}, "object with a type"),
        ({"type": 3}, "object with a type"),
        ({"type": "score"}, "Unknown move"),
        ({"type": "round"}, "Enter the bull heads or the cards"),
    ],
)
def test_moves_of_any_other_shape_are_refused(move: Any, words: str) -> None:
    refused(match(3), move, words)


@pytest.mark.parametrize(
    "move",
    [
        {"type": "round", "heads": [0, 0]},
        {"type": "round", "cards": [[], []]},
        {"type": "rows", "cards": [1, 2, 3, 4]},
        {"type": "reveal", "cards": [5, 6]},
    ],
)
def test_entries_after_the_end_are_refused(move: dict[str, Any]) -> None:
    refused(play(match(2), [67, 0]), move, "The match is over")


def test_a_state_round_trips_through_json_and_apply_never_changes_its_input() -> None:
    state = play(match(3, variant="pro", end={"rounds": 4}), [1, 2, 3])
    before = RULES.to_dict(state)
    after = play(state, [4, 5, 6])
    assert RULES.to_dict(state) == before
    for value in (state, after, match(2, end={"threshold": 40, "inclusive": True})):
        assert RULES.from_dict(json.loads(json.dumps(RULES.to_dict(value)))) == value


ends = st.one_of(
    st.builds(lambda t, i: {"threshold": t, "inclusive": i}, st.integers(1, 120), st.booleans()),
    st.builds(lambda r: {"rounds": r}, st.integers(1, 8)),
)


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 10),
    end=ends,
    rounds=st.lists(st.lists(st.integers(0, 16), min_size=10, max_size=10), max_size=12),
)
def test_the_match_ends_exactly_when_its_rule_says_and_the_lowest_totals_win(
    players: int, end: dict[str, Any], rounds: list[list[int]]
) -> None:
    state = match(players, end=end)
    for played, heads in enumerate(rounds, start=1):
        if RULES.outcome(state) is not None:
            refused(state, {"type": "round", "heads": heads[:players]}, "The match is over")
            return
        state = play(state, heads[:players])
        totals = [sum(r[seat] for r in rounds[:played]) for seat in range(players)]
        assert RULES.standings(state) == totals
        if "rounds" in end:
            over = played >= end["rounds"]
        elif end["inclusive"]:
            over = max(totals) >= end["threshold"]
        else:
            over = max(totals) > end["threshold"]
        outcome = RULES.outcome(state)
        assert (outcome is not None) == over
        if outcome is not None:
            assert outcome.winners == tuple(s for s, t in enumerate(totals) if t == min(totals))
        assert RULES.from_dict(json.loads(json.dumps(RULES.to_dict(state)))) == state


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 10), data=st.data())
def test_a_round_by_cards_scores_as_the_same_round_by_heads(
    players: int, data: st.DataObject
) -> None:
    deck = data.draw(st.permutations(range(1, 105)))
    taken = deck[: data.draw(st.integers(0, 10 * players))]
    seats = data.draw(
        st.lists(st.integers(0, players - 1), min_size=len(taken), max_size=len(taken))
    )
    hands: list[list[int]] = [[] for _ in range(players)]
    for card, seat in zip(taken, seats, strict=True):
        hands[seat].append(card)
    by_cards = RULES.apply(match(players), {"type": "round", "cards": hands})
    heads = [sum(map(bull_heads, hand)) for hand in hands]
    assert by_cards == play(match(players), heads)
    assert sum(heads) <= 171 - 4


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 200)
    | st.floats(allow_nan=False)
    | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
moves = st.fixed_dictionaries(
    {"type": st.sampled_from(["round", "rows", "reveal", "x"])},
    optional={"heads": json_values, "cards": json_values, "row_choice": json_values},
)


@settings(max_examples=150, deadline=None)
@given(move=st.one_of(moves, json_values), players=st.integers(2, 4), on_table=st.booleans())
def test_any_input_is_applied_or_refused_with_a_reason(
    move: Any, players: int, on_table: bool
) -> None:
    state = match(players)
    if on_table:
        state = RULES.apply(state, {"type": "rows", "cards": [10, 30, 50, 70]})
    before = RULES.to_dict(state)
    try:
        after = RULES.apply(state, move)
    except IllegalMove as error:
        assert error.reason
    else:
        assert RULES.from_dict(json.loads(json.dumps(RULES.to_dict(after)))) == after
    assert RULES.to_dict(state) == before
