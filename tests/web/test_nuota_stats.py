"""Nuota per la vita's seam hooks: statistics on final states played through the rules, and the
hands gathered from several phones."""

from __future__ import annotations

from typing import Any

from flask import Flask

from companion.games import seam_for
from companion.games.base import Played
from companion.games.nuota import SEAM
from companion.games.nuota.hand_form import HandsBase
from companion.games.nuota.stats import survived
from companion.rules.nuota import RULES, NuotaState
from companion.stats.replays import Finished, SeatInfo

NAMES = ["Ann", "Bob", "Cy"]
ROUNDS = [
    {"type": "showdown", "points": [10, 20, 30]},  # lives 3 4 5
    {"type": "sudden_death", "seat": 1, "combo": "hares"},  # Bob declares: 2 4 4
    {"type": "showdown", "points": [10, 20, 30]},  # 0 3 4: Ann is out
    {"type": "showdown", "points": [None, 10, 30]},  # 0 1 4
    {"type": "showdown", "points": [None, 10, 30]},  # 0 0 4: Cy wins
]
EXPERT = [
    {"type": "sudden_death", "seat": 0, "combo": "pigs"},  # Ann gains one: 6 4 4
    {"type": "showdown", "points": [30, 20, 10]},  # 6 3 2
]


def play(moves: list[dict[str, Any]], **options: str) -> NuotaState:
    state = RULES.setup(NAMES, options)
    for move in moves:
        state = RULES.apply(state, move)
    return state


def played(state: NuotaState, seat: int, number: int) -> Played:
    outcome = RULES.outcome(state)
    winners = list(outcome.winners) if outcome is not None else [0]  # the host ended it
    seats = tuple(SeatInfo(position, position + 1, name) for position, name in enumerate(NAMES))
    match: Any = Finished(number, "nuota", {}, 0, winners, None, None, seats)
    return Played(match, state, seat, 1, False, seat in winners)


def test_the_seam_ranks_by_lives_then_rounds_survived(app: Flask) -> None:
    state = play(ROUNDS)
    assert state.lives == (0, 0, 4)
    assert seam_for("nuota") is SEAM
    assert [survived(state, seat) for seat in range(3)] == [2, 4, 5]
    assert [SEAM.place_key(state, seat) for seat in range(3)] == [(0, -2), (0, -4), (-4, -5)]
    keys = sorted(range(3), key=lambda seat: SEAM.place_key(state, seat))
    assert keys == [2, 1, 0], "Bob went out later than Ann"
    assert [SEAM.result(state, seat) for seat in range(3)] == [None, None, None]


def test_the_seam_figures_rounds_survived_and_sudden_deaths(app: Flask) -> None:
    first, second = play(ROUNDS), play(EXPERT, variant="expert")
    assert second.lives == (6, 3, 2) and RULES.outcome(second) is None
    with app.test_request_context():
        ann = dict(SEAM.figures([played(first, 0, 1), played(second, 0, 2)]))
        bob = dict(SEAM.figures([played(first, 1, 1), played(second, 1, 2)]))
    assert ann == {"Rounds survived": "4", "Sudden deaths declared": "1"}  # 2 + 2
    assert bob == {"Rounds survived": "6", "Sudden deaths declared": "1"}  # 4 + 2


def test_hands_are_gathered_and_a_hand_form_knows_the_entry_it_saw(app: Flask) -> None:
    assert SEAM.gathers_parts is True
    with app.test_request_context():
        form = HandsBase(meta={"csrf": False})
        assert form.seen_entry() == 0, "rendered before the first entry"
        form.seen.data = 7
        assert form.seen_entry() == 7
