"""Auf der Pirsch's statistics hooks on its seam, on final states played through the rules."""

from __future__ import annotations

from typing import Any

from flask import Flask

from companion.games import seam_for
from companion.games.base import Played
from companion.games.pirsch import SEAM
from companion.rules.pirsch import RULES, PirschState
from companion.stats.replays import Finished, SeatInfo

NAMES = ["Ann", "Bob", "Cy"]
E = {"bear": 5, "wolf": 4, "boar": 3}  # 12 × 3 = 36
F = {"bear": 4}  # 4 × 1 = 4
Z: dict[str, int] = {}
HUNTS = [
    {"type": "hunt", "footprints": [E, Z, F]},  # 36 0 4
    {"type": "hunt", "footprints": [Z, E, F]},  # 0 36 4
    {"type": "hunt", "footprints": [F, Z, Z]},  # 4 0 0
]
EVEN = {"bear": 3, "wolf": 3, "boar": 3, "mouflon": 3}  # 12 + 3 + 9 + 6 = 30
ANN = {"bear": 6, "boar": 3, "mouflon": 3}  # 24 + 9 + 6 = 39
BOB = {"wolf": 6, "boar": 3, "mouflon": 3}  # 6 + 9 + 6 = 21


def play(final: list[dict[str, int]]) -> PirschState:
    state = RULES.setup(NAMES)
    for move in [*HUNTS, {"type": "final", "cards": final}]:
        state = RULES.apply(state, move)
    assert RULES.outcome(state) is not None
    return state


def played(state: PirschState, seat: int, number: int) -> Played:
    outcome = RULES.outcome(state)
    assert outcome is not None
    winners = list(outcome.winners)
    seats = tuple(SeatInfo(position, position + 1, name) for position, name in enumerate(NAMES))
    match: Any = Finished(number, "pirsch", {}, 0, winners, None, None, seats)
    return Played(match, state, seat, 1, False, seat in winners)


def test_the_seam_ranks_by_points_highest_first(app: Flask) -> None:
    state = play([EVEN, EVEN, EVEN])
    assert state.totals() == [70, 66, 38]
    assert seam_for("pirsch") is SEAM
    assert SEAM.lower_is_better is False
    assert [SEAM.result(state, seat) for seat in range(3)] == [70, 66, 38]
    assert [SEAM.place_key(state, seat) for seat in range(3)] == [(-70,), (-66,), (-38,)]
    keys = sorted(range(3), key=lambda seat: SEAM.place_key(state, seat))
    assert keys == [0, 1, 2], "most points sorts first"


def test_the_seam_figures_best_hunt_and_average_round_four(app: Flask) -> None:
    first, second = play([EVEN, EVEN, EVEN]), play([ANN, BOB, EVEN])
    assert second.totals() == [79, 57, 38]
    with app.test_request_context():
        ann = dict(SEAM.figures([played(first, 0, 1), played(second, 0, 2)]))
        cy = dict(SEAM.figures([played(first, 2, 1), played(second, 2, 2)]))
        assert SEAM.figures([]) == []
    assert ann == {"Best hunt": "36", "Average round-4 points": "34.5"}  # 30 then 39
    assert cy == {"Best hunt": "4", "Average round-4 points": "30.0"}
