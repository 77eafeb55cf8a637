"""The Game: the rulebook's examples, the tracker's counting, On Fire and every refusal."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.base import IllegalMove, Termination
from companion.rules.thegame import (
    RULES,
    FireAlert,
    TheGameState,
    active_seat,
    can_declare_stuck,
    can_end_turn,
    can_play,
    cards_left,
    draw_pile,
    fire_alerts,
    hand_size,
    legal_piles,
    minimum,
    pile_top,
    pile_tops,
    played_this_turn,
    rating,
)

from .playout_thegame import OPTIONS, PLAYER_COUNTS, random_move

UP, UP2, DOWN, DOWN2 = 0, 1, 2, 3
NAMES = ["Martino", "Susanna", "Giacomo", "Anna", "Leo"]


def new(players: int = 3, **options: Any) -> TheGameState:
    """A fresh match for the first ``players`` names."""
    return RULES.setup(NAMES[:players], options)


def play(state: TheGameState, pile: int, *cards: int) -> TheGameState:
    """Put the cards on one pile, one after the other."""
    for card in cards:
        state = RULES.apply(state, {"type": "play", "pile": pile, "card": card})
    return state


def end(state: TheGameState) -> TheGameState:
    """End the active player's turn."""
    return RULES.apply(state, {"type": "end_turn"})


def play_through(state: TheGameState, plays: Iterable[tuple[int, int]]) -> TheGameState:
    """Play the cards in order, each player emptying the hand before ending the turn."""
    for pile, card in plays:
        if state.hands[state.seat] == 0:
            state = end(state)
        state = play(state, pile, card)
    return state


def refused(state: TheGameState, move: Any, words: str) -> None:
    """The move is refused with a reason containing ``words``."""
    with pytest.raises(IllegalMove) as caught:
        RULES.apply(state, move)
    assert words in caught.value.reason


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


def test_playing_all_98_cards_beats_the_game() -> None:
    state = play_through(new(1), ((UP, card) for card in range(2, 100)))
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert (outcome.winners, outcome.reason) == ((0,), "beaten")
    assert RULES.standings(state) == [0]
    assert rating(cards_left(state)) == "beaten"
    assert active_seat(state) is None


def test_whole_team_wins_when_the_game_is_beaten() -> None:
    plays = [(UP, card) for card in range(2, 51)] + [(DOWN, card) for card in range(99, 50, -1)]
    state = play_through(new(4), plays)
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == (0, 1, 2, 3)
    assert RULES.standings(state) == [0, 0, 0, 0]


def test_stuck_ends_the_game_with_cards_left_98_minus_played() -> None:
    state = end(play(play(play(new(2), UP, 50, 60), UP2, 70), DOWN, 20))
    state = play(state, DOWN2, 30)
    assert can_declare_stuck(state)
    state = RULES.apply(state, {"type": "stuck"})
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert (outcome.winners, outcome.reason) == ((), "stuck")
    assert RULES.standings(state) == [93, 93]
    assert rating(93) == "played"


def test_nobody_is_stuck_while_a_pile_is_still_empty() -> None:
    state = play(new(2), UP, 50)
    assert not can_declare_stuck(state)
    refused(state, {"type": "stuck"}, "A pile is still empty")


def test_nobody_is_stuck_after_playing_the_minimum() -> None:
    state = play(play(play(new(2), UP, 50), UP2, 60), DOWN, 40)
    state = play(state, DOWN2, 30)
    refused(state, {"type": "stuck"}, "played the minimum")


@pytest.mark.parametrize(
    ("left", "label"), [(0, "beaten"), (1, "excellent"), (9, "excellent"), (10, "played")]
)
def test_rating_beaten_at_0_excellent_under_10(left: int, label: str) -> None:
    assert rating(left) == label


@pytest.mark.parametrize("left", [-1, 99, "3", None, 2.0, True])
def test_rating_refuses_what_is_not_a_result(left: Any) -> None:
    with pytest.raises(IllegalMove):
        rating(left)


@pytest.mark.parametrize(("variant", "most"), [("base", 96), ("pro", 95)])
def test_result_goes_from_0_to_96_or_95_professional(variant: str, most: int) -> None:
    state = RULES.apply(new(3, variant=variant), {"type": "result", "left": most})
    assert RULES.standings(state) == [most] * 3
    outcome = RULES.outcome(state)
    assert outcome is not None and (outcome.winners, outcome.reason) == ((), "result")
    refused(new(3, variant=variant), {"type": "result", "left": most + 1}, "from 0 to")
    refused(new(3, variant=variant), {"type": "result", "left": -1}, "from 0 to")


def test_result_zero_means_the_team_beat_the_game() -> None:
    state = RULES.apply(new(2), {"type": "result", "left": 0})
    outcome = RULES.outcome(state)
    assert outcome is not None and (outcome.winners, outcome.reason) == ((0, 1), "beaten")


def test_a_tracked_match_takes_no_typed_result() -> None:
    refused(play(new(), UP, 5), {"type": "result", "left": 10}, "tracked card by card")


@pytest.mark.parametrize(
    "move",
    [
        {"type": "result", "left": 5},
        {"type": "play", "pile": UP, "card": 5},
        {"type": "end_turn"},
        {"type": "stuck"},
    ],
)
def test_every_move_is_refused_after_the_end(move: dict[str, Any]) -> None:
    over = RULES.apply(new(), {"type": "result", "left": 12})
    refused(over, move, "The game is over")
    beaten = play_through(new(1), ((UP, card) for card in range(2, 100)))
    refused(beaten, move, "The game is over")


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


def test_on_fire_card_covered_in_the_same_turn_is_safe() -> None:
    state = play(new(2, on_fire=True), UP, 44)
    assert [alert.card for alert in fire_alerts(state)] == [44]
    state = play(state, UP, 45)
    assert fire_alerts(state) == ()


def test_rulebook_on_fire_susanna_covers_martinos_44_in_time() -> None:
    state = end(play(play(new(2, on_fire=True), UP, 44), DOWN, 90))
    assert fire_alerts(state) == (FireAlert(UP, 44, 1, 1, True),)
    state = end(play(play(state, DOWN, 80), UP, 34))
    assert RULES.outcome(state) is None
    assert fire_alerts(state) == ()


def test_rulebook_on_fire_game_is_lost_when_nobody_covers_the_44() -> None:
    state = end(play(play(new(2, on_fire=True), UP, 44), DOWN, 90))
    state = play(state, DOWN, 80, 70)
    assert can_end_turn(state)
    state = end(state)
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert (outcome.winners, outcome.reason) == ((), "fire")
    assert RULES.standings(state) == [94, 94]
    refused(state, {"type": "play", "pile": UP, "card": 50}, "The game is over")


def test_on_fire_deadline_is_the_end_of_the_next_players_turn() -> None:
    state = play(play(new(3, on_fire=True), DOWN2, 66), UP, 10)
    assert fire_alerts(state) == (FireAlert(DOWN2, 66, 1, 1, False),)
    state = end(state)
    assert fire_alerts(state) == (FireAlert(DOWN2, 66, 1, 1, True),)


def test_on_fire_solo_must_cover_by_the_end_of_the_next_turn() -> None:
    state = end(play(play(new(1, on_fire=True), UP, 22), UP2, 30))
    assert fire_alerts(state) == (FireAlert(UP, 22, 1, 0, True),)
    saved = end(play(play(state, UP, 23), UP2, 31))
    assert RULES.outcome(saved) is None
    lost = end(play(state, UP2, 31, 32))
    outcome = RULES.outcome(lost)
    assert outcome is not None and outcome.reason == "fire"


def test_on_fire_a_fire_card_covering_another_starts_its_own_deadline() -> None:
    state = end(play(new(2, on_fire=True), UP, 22, 33))
    assert fire_alerts(state) == (FireAlert(UP, 33, 1, 1, True),)
    state = end(play(state, UP, 44, 55))
    assert fire_alerts(state) == (FireAlert(UP, 55, 2, 0, True),)
    state = end(play(state, UP, 45, 46))
    assert RULES.outcome(state) is None


def test_without_on_fire_the_fire_numbers_are_ordinary_cards() -> None:
    state = end(play(new(2), UP, 44, 55))
    state = end(play(state, DOWN, 90, 80))
    assert fire_alerts(state) == ()
    assert RULES.outcome(state) is None


def test_last_card_beats_the_game_even_on_a_fire_card() -> None:
    plays = [(UP, card) for card in range(2, 100) if card != 77] + [(DOWN, 77)]
    state = play_through(new(1, on_fire=True), plays)
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.reason == "beaten"


def test_stuck_with_a_fire_card_uncovered_ends_as_stuck() -> None:
    state = end(play(play(play(new(2, on_fire=True), UP, 44), DOWN, 90), UP2, 50))
    state = play(state, DOWN2, 40)
    state = RULES.apply(state, {"type": "stuck"})
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.reason == "stuck"


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
