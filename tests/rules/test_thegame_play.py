"""The Game in play: hand sizes, what each pile accepts, the minimum per turn and refills."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.base import IllegalMove
from companion.rules.thegame import (
    RULES,
    active_seat,
    can_end_turn,
    can_play,
    cards_left,
    draw_pile,
    hand_size,
    legal_piles,
    minimum,
    pile_top,
    pile_tops,
    played_this_turn,
)

from .thegame_helpers import DOWN, DOWN2, NAMES, UP, UP2, end, new, play, play_through, refused


@pytest.mark.parametrize(("players", "size"), [(1, 8), (2, 7), (3, 6), (4, 6), (5, 6)])
def test_hand_is_8_solo_7_with_two_6_with_three_to_five(players: int, size: int) -> None:
    state = new(players)
    assert hand_size(players, {}) == size
    assert state.hands == (size,) * players
    assert draw_pile(state) == 98 - size * players


@pytest.mark.parametrize(("players", "size"), [(1, 7), (2, 6), (3, 5), (5, 5)])
def test_professional_small_hand_deals_one_card_fewer(players: int, size: int) -> None:
    options = {"variant": "pro", "small_hand": True}
    assert hand_size(NAMES[:players], options) == size
    assert new(players, **options).hands == (size,) * players


@pytest.mark.parametrize("players", [0, 6, True])
def test_the_game_is_for_one_to_five_players(players: Any) -> None:
    with pytest.raises(IllegalMove):
        hand_size(players)
    if not isinstance(players, bool):
        with pytest.raises(IllegalMove, match="1 to 5 players"):
            RULES.setup([f"P{i}" for i in range(players)])


@pytest.mark.parametrize(
    "options",
    [
        {"variant": "expert"},
        {"variant": None},
        {"small_hand": "yes"},
        {"on_fire": 1},
        ["pro"],
        "pro",
    ],
)
def test_setup_refuses_options_it_does_not_know(options: Any) -> None:
    with pytest.raises(IllegalMove):
        RULES.setup(["Ann", "Bob"], options)


def test_rulebook_rising_pile_4_then_8_then_13() -> None:
    state = play(new(), UP, 4, 8, 13)
    assert pile_top(state, UP) == 13
    assert state.piles[UP] == (4, 8, 13)


def test_numbers_may_be_skipped_on_both_kinds_of_pile() -> None:
    state = play(new(1), UP, 3, 11, 12, 13, 18, 20, 34, 35)
    state = play(end(state), UP, 51)
    state = play(state, DOWN, 94, 90, 78, 61, 60, 57)
    assert pile_tops(state) == (51, 1, 57, 100)


def test_rulebook_backward_move_47_then_37_on_a_rising_pile() -> None:
    state = play(new(), UP, 47)
    assert can_play(state, UP, 37)
    assert play(state, UP, 37).piles[UP] == (47, 37)


def test_rulebook_backward_move_65_then_75_on_a_falling_pile() -> None:
    state = play(new(), DOWN, 65)
    assert can_play(state, DOWN, 75)
    assert play(state, DOWN, 75).piles[DOWN] == (65, 75)


def test_rulebook_descending_example_83_then_85_is_a_misprint() -> None:
    # The Italian rulebook lists "98, 97, 88, 83, 85" as a falling pile; 85 is neither lower than
    # 83 nor exactly 10 higher, so the pile rule it states itself refuses it.
    state = play(new(1), DOWN, 98, 97, 88, 83)
    refused(state, {"type": "play", "pile": DOWN, "card": 85}, "lower than 83, or exactly 10")
    assert play(state, DOWN, 93).piles[DOWN][-1] == 93


def test_backward_move_may_repeat_in_one_turn_on_different_piles() -> None:
    state = play(new(1), UP, 40, 30, 35, 25)
    state = play(state, DOWN, 60, 70, 65)
    assert pile_tops(state) == (25, 1, 65, 100)
    assert played_this_turn(state) == 7


@pytest.mark.parametrize(("pile", "top", "card"), [(UP, 47, 40), (UP, 47, 36), (UP, 47, 38)])
def test_rising_pile_refuses_a_lower_card_unless_exactly_10_lower(
    pile: int, top: int, card: int
) -> None:
    state = play(new(), pile, top)
    assert not can_play(state, pile, card)
    refused(state, {"type": "play", "pile": pile, "card": card}, "higher than 47")


@pytest.mark.parametrize("card", [70, 74, 76])
def test_falling_pile_refuses_a_higher_card_unless_exactly_10_higher(card: int) -> None:
    state = play(new(), DOWN2, 65)
    refused(state, {"type": "play", "pile": DOWN2, "card": card}, "lower than 65")


def test_legal_piles_lists_where_a_card_may_go() -> None:
    state = play(play(new(), UP, 47), DOWN, 30)
    assert legal_piles(state, 37) == (UP, UP2, DOWN2)
    assert legal_piles(state, 40) == (UP2, DOWN, DOWN2)
    assert legal_piles(state, 47) == ()


def test_martino_plays_four_cards_and_draws_four() -> None:
    state = play(new(3), UP, 10)
    state = play(state, UP2, 5, 9)
    state = play(state, DOWN, 95)
    assert state.hands == (2, 6, 6)
    state = end(state)
    assert state.hands == (6, 6, 6)
    assert draw_pile(state) == 98 - 18 - 4
    assert active_seat(state) == 1
    assert played_this_turn(state) == 0


def test_base_game_turn_plays_at_least_two_cards() -> None:
    state = play(new(2), UP, 10)
    assert minimum(state) == 2
    assert not can_end_turn(state)
    refused(state, {"type": "end_turn"}, "at least 2 cards")
    assert can_end_turn(play(state, UP, 11))


def test_professional_turn_plays_at_least_three_cards() -> None:
    state = play(new(2, variant="pro"), UP, 10, 11)
    assert minimum(state) == 3
    refused(state, {"type": "end_turn"}, "at least 3 cards")
    assert can_end_turn(play(state, UP, 12))


def test_nobody_may_end_a_turn_without_playing() -> None:
    refused(new(), {"type": "end_turn"}, "at least 2 cards")


@pytest.mark.parametrize("variant", ["base", "pro"])
def test_minimum_drops_to_one_once_the_draw_pile_is_empty(variant: str) -> None:
    # Solo: 8 in hand, 90 to draw; eleven turns of 8 draw 88, the twelfth takes the last 2.
    state = play_through(new(1, variant=variant), ((UP, card) for card in range(2, 98)))
    assert minimum(state) == (2 if variant == "base" else 3)
    state = end(state)
    assert (draw_pile(state), state.hands, minimum(state)) == (0, (2,), 1)
    state = play(state, UP, 98)
    assert can_end_turn(state)
    state = end(state)
    assert (state.hands, minimum(state), cards_left(state)) == ((1,), 1, 1)


def test_refill_stops_when_the_draw_pile_runs_out() -> None:
    # Eleven solo turns of 8 cards leave 2 in the draw pile; the next refill takes only those.
    state = play_through(new(1), ((UP, card) for card in range(2, 2 + 96)))
    assert (state.hands, draw_pile(state)) == ((0,), 2)
    state = end(state)
    assert (state.hands, draw_pile(state)) == ((2,), 0)


def test_player_with_an_empty_hand_drops_out_once_the_draw_pile_is_empty() -> None:
    # Two players, 7 cards each, 84 to draw: twelve turns of 7 cards empty the draw pile.
    state = play_through(new(2), ((UP, card) for card in range(2, 2 + 84 + 7)))
    assert (draw_pile(state), state.hands, active_seat(state)) == (0, (0, 7), 0)
    refused(state, {"type": "play", "pile": DOWN, "card": 99}, "Martino has no cards left")
    state = end(state)
    assert active_seat(state) == 1
    state = end(play(state, DOWN, 99))
    assert active_seat(state) == 1, "Martino is out: Susanna plays on alone"
    state = play(state, UP, 93, 94, 95, 96, 97, 98)
    assert RULES.outcome(state) is not None


def test_turn_skips_every_player_who_is_out() -> None:
    # Three players, 6 each, 80 to draw: thirteen turns draw 78, the fourteenth the last 2.
    state = play_through(new(3), ((UP, card) for card in range(2, 2 + 90)))
    assert (draw_pile(state), state.seat, state.hands) == (0, 2, (6, 2, 0))
    state = end(state)
    assert active_seat(state) == 0
    state = end(play(state, DOWN, 99))
    assert active_seat(state) == 1
    state = end(play(state, DOWN, 98))
    assert active_seat(state) == 0, "seat 2 has no cards and is skipped"


def test_a_hand_emptied_while_the_draw_pile_lasts_is_refilled() -> None:
    state = end(play(new(1), UP, *range(2, 10)))
    assert (state.hands, active_seat(state)) == ((8,), 0)
