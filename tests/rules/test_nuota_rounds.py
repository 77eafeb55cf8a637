"""Nuota per la vita over a whole match: who starts, the last one standing, random matches."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.base import Outcome
from companion.rules.nuota import RULES, NuotaState, alive, can_sudden_death, starter

from .nuota_helpers import PLAYERS, hands, playout_nuota, points, refused, start, sudden, with_lives


def test_the_first_round_starts_with_the_chosen_player() -> None:
    assert starter(start(3)) == 0
    assert starter(start(4, first=3)) == 3


def test_each_round_starts_left_of_the_previous_starter() -> None:
    state = start(3, first=1)
    seen = []
    for _ in range(4):
        seen.append(starter(state))
        state = points(state, 0, 0, 0)
    assert seen == [1, 2, 0, 1]
    assert [r.starter for r in state.rounds] == seen


def test_starter_skips_players_who_are_out() -> None:
    state = with_lives(5, 5, 1, 1, 5, 5)
    state = points(state, 20, 7, 7, 10, 10)  # seat 0 starts; seats 1 and 2 go out
    assert state.rounds[-1].starter == 0
    assert starter(state) == 3


def test_starter_is_left_of_the_previous_starter_even_if_that_player_went_out() -> None:
    state = points(with_lives(4, 5, 1, 5, 5, first=1), 10, 0, 10, 10)
    assert state.lives == (5, 0, 5, 5)
    assert starter(state) == 2
    wrapped = NuotaState(state.players, state.variant, 3, (5, 5, 5, 5))
    assert starter(points(wrapped, 0, 0, 0, 0)) == 0


def test_last_player_standing_wins_and_the_match_takes_no_more_entries() -> None:
    state = points(with_lives(3, 2, 1, 1), 10, 7, 7)
    assert alive(state) == (0,)
    assert RULES.outcome(state) == Outcome(winners=(0,), reason="last_standing")
    assert starter(state) is None
    assert not can_sudden_death(state, 0, "hares")
    for move in (
        {"type": "showdown", "points": [10, None, None]},
        {"type": "sudden_death", "seat": 0, "combo": "hares"},
        {"type": "nonsense"},
    ):
        assert "over" in refused(state, move).reason
    assert RULES.outcome(start(3)) is None


def test_state_round_trips_through_json_and_apply_leaves_it_untouched() -> None:
    state = sudden(points(start(4, variant="expert", first=2), 10, 3, 0, 0), 3, "hares")
    before = RULES.to_dict(state)
    after = hands(state, *playout_nuota.deal(4, alive(state), random.Random(1)))
    assert RULES.to_dict(state) == before
    for value in (state, after):
        assert RULES.from_dict(json.loads(json.dumps(RULES.to_dict(value)))) == value


def play_to_the_end(seed: int, players: int, options: dict[str, Any]) -> list[NuotaState]:
    """Every state of a random legal match, from setup to its end."""
    rng = random.Random(seed)
    states = [RULES.setup(PLAYERS[:players], options)]
    while (move := playout_nuota.random_move(RULES, states[-1], rng)) is not None:
        states.append(RULES.apply(states[-1], move))
        assert len(states) < 500
    return states


matches = st.tuples(
    st.integers(0, 2**32),
    st.sampled_from(playout_nuota.PLAYER_COUNTS),
    st.sampled_from(playout_nuota.OPTIONS),
)


@settings(max_examples=60, deadline=None)
@given(matches)
def test_every_match_ends_with_exactly_one_winner_and_lives_never_below_zero(
    match: tuple[int, int, dict[str, Any]],
) -> None:
    states = play_to_the_end(*match)
    assert all(min(RULES.standings(state)) >= 0 for state in states)
    outcome = RULES.outcome(states[-1])
    assert outcome is not None and len(outcome.winners) == 1
    assert alive(states[-1]) == outcome.winners
    assert all(RULES.outcome(state) is None for state in states[:-1])
    last = states[-1]
    assert RULES.from_dict(json.loads(json.dumps(RULES.to_dict(last)))) == last


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(playout_nuota.PLAYER_COUNTS))
def test_lives_never_rise_in_the_base_variant(seed: int, players: int) -> None:
    states = play_to_the_end(seed, players, {})
    for before, after in zip(states, states[1:], strict=False):
        assert all(b >= a for b, a in zip(before.lives, after.lives, strict=True))


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(playout_nuota.PLAYER_COUNTS), st.integers(0, 3))
def test_shown_hands_and_the_same_totals_typed_cost_the_same_lives(
    seed: int, players: int, out: int
) -> None:
    rng = random.Random(seed)
    lives = [rng.randint(1, 5) for _ in range(players)]
    for seat in rng.sample(range(players), min(out, players - 2)):
        lives[seat] = 0
    state = with_lives(players, *lives)
    dealt = playout_nuota.deal(players, alive(state), rng)
    shown = hands(state, *dealt)
    assert shown.rounds[-1].points is not None
    assert sum(p for p in shown.rounds[-1].points if p is not None) <= 60
    typed = points(state, *shown.rounds[-1].points)
    assert typed.lives == shown.lives
