"""Nuota per la vita scoring: majorities, lives lost per showdown and sudden death.

The rulebook's examples are the cases here, so a table can check them against the booklet.
"""

from __future__ import annotations

from companion.rules.base import Outcome
from companion.rules.nuota import (
    RULES,
    alive,
    can_sudden_death,
    check_hand,
    combos,
    life_changes,
    min_majority,
    score_hands,
    species_table,
)

from .nuota_helpers import GIRAFFES, GOAT, MOLE, hands, points, refused, start, sudden, with_lives


def test_species_values_equal_their_copies_and_add_up_to_60() -> None:
    table = species_table()
    assert [s.name for s in table] == [
        "giraffe",
        "bear",
        "mole",
        "goat",
        "sheep",
        "dog",
        "hare",
        "pig",
        "cat",
        "mouse",
    ]
    assert [s.value for s in table] == [9, 8, 7, 7, 6, 6, 5, 5, 4, 3]
    assert all(s.value == s.copies for s in table)
    assert sum(s.copies for s in table) == 60


def test_sole_majority_of_giraffes_scores_nine_for_mia() -> None:
    mia = {"giraffe": 4, "bear": 3, "mole": 3}
    tim = {"giraffe": 3, "goat": 4, "sheep": 3}
    sara = {"giraffe": 1, "dog": 3, "hare": 3, "pig": 3}
    scoring = score_hands([mia, tim, sara], players_left=3)
    assert scoring.winners[GIRAFFES] == 0
    assert scoring.points == (9 + 8 + 7, 7 + 6, 6 + 5 + 5)


def test_tied_majority_scores_nobody() -> None:
    a = {"mole": 3, "giraffe": 4, "mouse": 3}
    b = {"mole": 3, "goat": 7}
    c = {"mole": 1, "giraffe": 5, "cat": 4}
    scoring = score_hands([a, b, c], players_left=3)
    assert scoring.winners[MOLE] is None
    assert scoring.winners[GIRAFFES] == 2
    assert scoring.points == (3, 7, 9 + 4)


def test_single_card_is_a_majority_while_three_players_remain() -> None:
    scoring = score_hands([{"mouse": 1}, {}, {}], players_left=3)
    assert scoring.winners[-1] == 0 and scoring.points == (3, 0, 0)
    assert min_majority(3) == min_majority(5) == 1


def test_single_card_is_no_majority_with_two_players_left() -> None:
    scoring = score_hands([{"mouse": 1, "goat": 2}, None, {"goat": 1}], players_left=2)
    assert scoring.winners[-1] is None
    assert scoring.winners[GOAT] == 0
    assert scoring.points == (7, None, 0)
    assert min_majority(2) == 2


def test_two_players_left_showdown_needs_two_cards_for_a_majority() -> None:
    state = with_lives(3, 3, 0, 3)
    a = {"mouse": 1, "cat": 1, "giraffe": 8}
    c = {"bear": 1, "mole": 1, "goat": 1, "sheep": 1, "dog": 1, "hare": 1, "pig": 1, "giraffe": 1}
    c["mouse"], c["cat"] = 1, 1
    after = hands(state, a, None, c)
    assert after.rounds[-1].points == (9, None, 0)
    assert after.lives == (3, 0, 1)


def test_rulebook_example_tim_15_mia_13_lino_10_leo_7_anna_7() -> None:
    assert life_changes([15, 13, 10, 7, 7]) == (0, -1, -1, -2, -2)
    state = points(start(5), 15, 13, 10, 7, 7)
    assert RULES.standings(state) == [5, 4, 4, 3, 3]


def test_highest_total_loses_nothing_lowest_two_others_one() -> None:
    assert life_changes([20, 30, 10, 25]) == (-1, 0, -2, -1)


def test_tied_lowest_totals_all_lose_two_lives() -> None:
    assert life_changes([9, 3, 3]) == (0, -2, -2)


def test_tied_highest_totals_all_lose_no_life() -> None:
    assert life_changes([16, 16, 9, 3]) == (0, 0, -1, -2)


def test_all_equal_totals_cost_nobody_a_life() -> None:
    assert life_changes([12, 12, 12]) == (0, 0, 0)
    assert points(start(3), 0, 0, 0).lives == (5, 5, 5)


def test_seats_that_are_out_neither_lose_nor_count() -> None:
    assert life_changes([None, 10, 3, None]) == (0, 0, -2, 0)


def test_sudden_death_base_every_other_player_loses_one_life() -> None:
    for combo in ("cats", "hares", "pigs"):
        state = sudden(start(4), 2, combo)
        assert state.lives == (4, 4, 5, 4)
        assert state.rounds[-1].kind == "sudden_death" and state.rounds[-1].points is None


def test_sudden_death_expert_declarer_gains_a_life_beyond_five() -> None:
    state = sudden(start(3, variant="expert"), 1, "pigs")
    assert state.lives == (4, 6, 4)
    assert state.rounds[-1].change == (-1, 1, -1)
    assert combos(state) == ("hares", "pigs")


def test_cats_do_not_end_the_round_in_the_expert_variant() -> None:
    state = start(3, variant="expert")
    assert "expert" in refused(state, {"type": "sudden_death", "seat": 0, "combo": "cats"}).reason
    assert not can_sudden_death(state, 0, "cats")
    assert can_sudden_death(start(3), 0, "cats")


def test_sudden_death_is_allowed_to_a_player_with_one_life_left() -> None:
    state = sudden(with_lives(3, 1, 1, 1), 0)
    assert state.lives == (1, 0, 0)
    assert RULES.outcome(state) == Outcome(winners=(0,), reason="last_standing")


def test_lives_never_drop_below_zero_and_the_player_is_out_at_once() -> None:
    state = points(with_lives(4, 1, 3, 3, 3), 3, 20, 10, 10)
    assert state.lives == (0, 3, 2, 2)
    assert alive(state) == (1, 2, 3)
    assert state.rounds[-1].change == (-2, 0, -1, -1)
    assert "out of the game" in refused(state, {"type": "sudden_death", "seat": 0}).reason
    assert "out of the game" in refused(state, {"type": "showdown", "points": [0, 10, 3, 3]}).reason
    assert points(state, None, 10, 6, 3).lives == (0, 3, 1, 0)


def test_history_keeps_points_majorities_and_lives_of_each_round() -> None:
    mia = {"giraffe": 4, "bear": 3, "mole": 3}
    tim = {"giraffe": 3, "goat": 4, "sheep": 3}
    sara = {"giraffe": 1, "dog": 3, "hare": 3, "pig": 3}
    state = hands(start(3), mia, tim, sara)
    (round_,) = state.rounds
    assert round_.kind == "hands" and round_.starter == 0
    assert round_.points == (24, 13, 16)
    assert round_.winners == (0, 0, 0, 1, 1, 2, 2, 2, None, None)
    assert round_.change == (0, -2, -1) and round_.lives == (5, 3, 4)
    assert round_.hands is not None and round_.hands[0] == check_hand(mia)
    typed = points(state, 3, 7, 0)
    assert typed.rounds[-1].kind == "points" and typed.rounds[-1].winners is None
    assert typed.rounds[-1].starter == 1
