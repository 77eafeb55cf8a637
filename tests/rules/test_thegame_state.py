"""The Game's robustness: malformed moves, untouched inputs, JSON and random playouts."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.base import IllegalMove, Termination
from companion.rules.thegame import (
    RULES,
    TheGameState,
    active_seat,
    can_declare_stuck,
    can_end_turn,
    can_play,
    cards_left,
    draw_pile,
    legal_piles,
)

from .playout_thegame import OPTIONS, PLAYER_COUNTS, random_move
from .thegame_helpers import DOWN, DOWN2, NAMES, UP, UP2, end, new, play, refused


@pytest.mark.parametrize(
    ("move", "words"),
    [
        (None, "object with a type"),
        ([], "object with a type"),
        ({}, "object with a type"),
        ({"type": 3}, "object with a type"),
        ({"type": "draw"}, "Unknown move"),
        ({"type": "play", "card": 5}, "whole number"),
        ({"type": "play", "pile": UP}, "whole number"),
        ({"type": "play", "pile": True, "card": 5}, "whole number"),
        ({"type": "play", "pile": "0", "card": 5}, "whole number"),
        ({"type": "play", "pile": UP, "card": 5.0}, "whole number"),
        ({"type": "play", "pile": 4, "card": 5}, "four piles"),
        ({"type": "play", "pile": -1, "card": 5}, "four piles"),
        ({"type": "play", "pile": UP, "card": 1}, "Card 1 does not exist"),
        ({"type": "play", "pile": DOWN, "card": 100}, "Card 100 does not exist"),
        ({"type": "play", "pile": UP, "card": -7}, "does not exist"),
        ({"type": "result"}, "whole number"),
        ({"type": "result", "left": "7"}, "whole number"),
        ({"type": "result", "left": False}, "whole number"),
    ],
)
def test_refuses_moves_of_the_wrong_shape(move: Any, words: str) -> None:
    refused(new(), move, words)


def test_refuses_a_card_played_twice() -> None:
    state = play(new(), UP, 20)
    refused(state, {"type": "play", "pile": UP2, "card": 20}, "Card 20 is already on a pile")
    assert legal_piles(state, 20) == ()


def test_apply_never_changes_the_state_it_is_given() -> None:
    state = play(new(2, on_fire=True), UP, 44)
    before = RULES.to_dict(state)
    play(state, UP, 45)
    end(play(state, DOWN, 90))
    assert RULES.to_dict(state) == before


def test_state_round_trips_through_json() -> None:
    state = play(end(play(new(2, on_fire=True), UP, 44, 50)), DOWN, 66)
    again = RULES.from_dict(json.loads(json.dumps(RULES.to_dict(state))))
    assert again == state


def ended_by(reason: Termination) -> TheGameState:
    """A two-player match that ended for ``reason``."""
    if reason is Termination.BEATEN:
        return RULES.apply(new(2), {"type": "result", "left": 0})
    if reason is Termination.RESULT:
        return RULES.apply(new(2), {"type": "result", "left": 12})
    if reason is Termination.STUCK:
        state = end(play(play(play(play(new(2), UP, 30), UP2, 40), DOWN, 60), DOWN2, 70))
        return RULES.apply(state, {"type": "stuck"})
    state = end(play(play(new(2, on_fire=True), UP, 44), DOWN, 90))
    return end(play(state, DOWN, 80, 70))


@pytest.mark.parametrize(
    "reason", [Termination.BEATEN, Termination.RESULT, Termination.STUCK, Termination.FIRE]
)
def test_the_ending_is_a_termination_and_exports_as_its_plain_string(
    reason: Termination,
) -> None:
    state = ended_by(reason)
    assert state.ended is reason
    data = RULES.to_dict(state)
    assert type(data["ended"]) is str and data["ended"] == reason.value
    again = RULES.from_dict(json.loads(json.dumps(data)))
    assert again == state and again.ended is reason
    outcome = RULES.outcome(again)
    assert outcome is not None and outcome.reason is reason


def playouts() -> st.SearchStrategy[tuple[int, dict[str, Any], int]]:
    """A player count, an option set and a seed for a random playout."""
    return st.tuples(
        st.sampled_from(PLAYER_COUNTS), st.sampled_from(OPTIONS), st.integers(0, 10**6)
    )


@settings(max_examples=40, deadline=None)
@given(playouts())
def test_property_piles_follow_the_rules_and_cards_add_up_to_98(
    case: tuple[int, dict[str, Any], int],
) -> None:
    players, options, seed = case
    rng = random.Random(seed)
    state = RULES.setup(NAMES[:players], options, seed=seed)
    for _ in range(400):
        move = random_move(RULES, state, rng)
        if move is None:
            break
        state = RULES.apply(state, move)
        cards = [card for pile in state.piles for card in pile]
        assert len(cards) == len(set(cards)), "no card is ever played twice"
        assert all(2 <= card <= 99 for card in cards)
        assert RULES.standings(state) == [cards_left(state)] * players
        if state.left is None:
            assert cards_left(state) + len(cards) == 98
            assert sum(state.hands) + draw_pile(state) + len(cards) == 98
            assert min(state.hands) >= 0 and draw_pile(state) >= 0
        for index, pile in enumerate(state.piles):
            for below, above in zip(pile, pile[1:], strict=False):
                step = above - below
                if index < 2:
                    assert step > 0 or step == -10, "a rising pile goes up or exactly 10 back"
                else:
                    assert step < 0 or step == 10, "a falling pile goes down or exactly 10 back"
    assert RULES.outcome(state) is not None


@settings(max_examples=60, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["type", "pile", "card", "left"]),
        st.one_of(
            st.none(),
            st.booleans(),
            st.integers(-200, 200),
            st.floats(allow_nan=False),
            st.text(max_size=3),
            st.sampled_from(["play", "end_turn", "stuck", "result"]),
            st.lists(st.integers(), max_size=2),
        ),
    )
)
def test_property_any_junk_move_is_refused_with_a_reason_or_applied(move: dict[str, Any]) -> None:
    state = play(new(2, on_fire=True), UP, 44)
    try:
        after = RULES.apply(state, move)
    except IllegalMove as error:
        assert error.reason
    else:
        assert isinstance(after, TheGameState)


def test_page_questions_answer_no_for_junk_and_after_the_end() -> None:
    state = new()
    assert not can_play(state, "0", 5)
    assert not can_play(state, UP, None)
    assert legal_piles(state, 1) == ()
    over = RULES.apply(state, {"type": "result", "left": 3})
    assert (can_play(over, UP, 5), can_end_turn(over), can_declare_stuck(over)) == (
        False,
        False,
        False,
    )
    assert active_seat(over) is None
