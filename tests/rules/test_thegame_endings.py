"""How a match of The Game ends: beaten, stuck, a typed result or lost On Fire."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.base import IllegalMove
from companion.rules.thegame import (
    RULES,
    FireAlert,
    active_seat,
    can_declare_stuck,
    can_end_turn,
    cards_left,
    fire_alerts,
    rating,
)

from .thegame_helpers import DOWN, DOWN2, UP, UP2, end, new, play, play_through, refused


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
