"""6 nimmt! scoring: bull heads per card, when the match ends, who wins, the pro variant."""

from __future__ import annotations

from typing import Any

import pytest

from companion import rules
from companion.rules import IllegalMove
from companion.rules.sixnimmt import RULES, bull_heads

from .sixnimmt_helpers import NAMES, match, play, refused


def test_the_game_is_registered_for_two_to_ten_players() -> None:
    assert rules.get("sixnimmt") is RULES
    assert (RULES.info.min_players, RULES.info.max_players) == (2, 10)


def test_55_has_seven_heads() -> None:
    assert bull_heads(55) == 7


@pytest.mark.parametrize("card", [11, 22, 33, 44, 66, 77, 88, 99])
def test_other_doubles_have_five_heads(card: int) -> None:
    assert bull_heads(card) == 5


@pytest.mark.parametrize("card", [10, 20, 30, 40, 50, 60, 70, 80, 90, 100])
def test_multiples_of_ten_have_three_heads(card: int) -> None:
    assert bull_heads(card) == 3


@pytest.mark.parametrize("card", [5, 15, 25, 35, 45, 65, 75, 85, 95])
def test_other_numbers_ending_in_five_have_two_heads(card: int) -> None:
    assert bull_heads(card) == 2


@pytest.mark.parametrize("card", [51, 52, 53, 54, 56, 57, 58, 59])
def test_numbers_with_a_five_that_do_not_end_in_five_have_one_head(card: int) -> None:
    assert bull_heads(card) == 1


def test_all_others_have_one_head_and_the_deck_holds_171() -> None:
    heads = [bull_heads(card) for card in range(1, 105)]
    assert {h: heads.count(h) for h in (1, 2, 3, 5, 7)} == {1: 76, 2: 9, 3: 10, 5: 8, 7: 1}
    assert bull_heads(1) == bull_heads(104) == bull_heads(101) == 1
    assert sum(heads) == 171 == match().heads_in_play


@pytest.mark.parametrize("players", [1, 11])
def test_six_nimmt_is_for_two_to_ten_players(players: int) -> None:
    with pytest.raises(IllegalMove, match="2 to 10 players"):
        RULES.setup([f"P{i}" for i in range(players)])


@pytest.mark.parametrize(
    "options",
    [
        {"variant": "expert"},
        {"variant": None},
        {"end": "66"},
        {"end": {"threshold": 0}},
        {"end": {"threshold": -5}},
        {"end": {"threshold": "66"}},
        {"end": {"threshold": True}},
        {"end": {"inclusive": "yes"}},
        {"end": {"rounds": 0}},
        {"end": {"rounds": 2.5}},
        ["pro"],
        "pro",
    ],
)
def test_options_no_table_would_agree_on_are_refused(options: Any) -> None:
    with pytest.raises(IllegalMove):
        RULES.setup(NAMES[:3], options)


def test_default_end_is_more_than_66() -> None:
    state = play(match(2), [66, 0])
    assert RULES.outcome(state) is None
    state = play(state, [0, 1])
    assert RULES.outcome(state) is None
    ended = play(match(2), [60, 10], [7, 1])
    assert RULES.outcome(ended) is not None and RULES.standings(ended) == [67, 11]


def test_66_or_more_ends_at_exactly_66() -> None:
    state = play(match(2, end={"threshold": 66, "inclusive": True}), [66, 3])
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == (1,) and outcome.reason == "limit"


def test_players_may_agree_another_limit() -> None:
    state = match(3, end={"threshold": 30})
    assert RULES.outcome(play(state, [30, 2, 4])) is None
    assert RULES.outcome(play(state, [31, 2, 4])) is not None


def test_players_may_agree_a_number_of_rounds() -> None:
    state = play(match(3, end={"rounds": 3}), [90, 2, 4], [1, 1, 1])
    assert RULES.outcome(state) is None
    state = play(state, [0, 5, 0])
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == (2,) and outcome.reason == "rounds"


def test_lowest_total_wins() -> None:
    state = play(match(4), [20, 5, 9, 30], [50, 4, 3, 2])
    assert RULES.standings(state) == [70, 9, 12, 32]
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == (1,)


def test_ties_for_lowest_share_the_win() -> None:
    outcome = RULES.outcome(play(match(4), [40, 6, 9, 30], [40, 4, 1, 2]))
    assert outcome is not None and outcome.winners == (1, 2)


def test_no_outcome_before_the_first_round() -> None:
    assert RULES.outcome(match()) is None and RULES.standings(match()) == [0, 0, 0]


def test_standings_add_each_round() -> None:
    assert RULES.standings(play(match(3), [1, 2, 3], [10, 0, 5])) == [11, 2, 8]


@pytest.mark.parametrize(("players", "heads"), [(2, 38), (3, 55), (4, 72), (5, 85), (6, 103)])
def test_professional_variant_heads_in_play(players: int, heads: int) -> None:
    state = match(players, variant="pro")
    assert state.heads_in_play == heads
    assert state.top_card == 10 * players + 4


def test_professional_variant_is_for_two_to_six_players() -> None:
    match(6, variant="pro")
    with pytest.raises(IllegalMove, match="2 to 6 players"):
        match(7, variant="pro")


@pytest.mark.parametrize(("players", "variant", "limit"), [(3, "base", 167), (2, "pro", 34)])
def test_a_round_gives_at_most_the_heads_in_play_minus_four(
    players: int, variant: str, limit: int
) -> None:
    state = match(players, variant=variant)
    play(state, [limit] + [0] * (players - 1))
    refused(state, {"type": "round", "heads": [limit, 1] + [0] * (players - 2)}, f"{limit} bull")
