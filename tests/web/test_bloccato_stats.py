"""Bloccato e pelato's statistics hooks on its seam, on final states played through the rules."""

from __future__ import annotations

from typing import Any

from flask import Flask

from companion.games import seam_for
from companion.games.base import Played
from companion.games.bloccato import SEAM
from companion.rules.base import Termination
from companion.rules.bloccato import RULES, BloccatoState
from companion.stats.replays import Finished, SeatInfo

from .history_helpers import bloccato_win

NAMES = ["Ann", "Bob"]
CORNERS = ["X51234C", "55C1234", "123X4C1", "234C12X", "O1234C2", "341O255", "4C2315O"]
"""Ann's cross at (0,0) and Bob's circle at (6,6) sit in corners among 5s: both cut off soon."""


def play(options: dict[str, Any], moves: list[dict[str, Any]]) -> BloccatoState:
    state = RULES.setup(NAMES, options)
    for move in moves:
        state = RULES.apply(state, move)
    assert RULES.outcome(state) is not None
    return state


def won_by(seat: int) -> BloccatoState:
    return play(*bloccato_win(seat))


def drawn() -> BloccatoState:
    cells = [(5, 5), (0, 1), (5, 6), (1, 0), (6, 5), (1, 1)]
    roll = {"type": "roll", "dice": "55512"}
    moves = [move for r, c in cells for move in (roll, {"type": "mark", "cell": [r, c]})]
    return play({"sheet": CORNERS, "first": 0}, moves)


def played(state: BloccatoState, seat: int, number: int) -> Played:
    outcome = RULES.outcome(state)
    assert outcome is not None
    winners = list(outcome.winners)
    seats = tuple(SeatInfo(position, position + 1, name) for position, name in enumerate(NAMES))
    match: Any = Finished(number, "bloccato", {}, 0, winners, None, None, seats)
    return Played(match, state, seat, 1, False, seat in winners)


def test_the_final_states_end_as_the_rules_say() -> None:
    for seat in (0, 1):
        win = RULES.outcome(won_by(seat))
        assert win is not None and win.winners == (seat,) and win.reason is Termination.JOINED
        assert win.reason == "joined"
    draw = RULES.outcome(drawn())
    assert draw is not None and draw.winners == () and draw.reason is Termination.DRAW
    assert RULES.standings(drawn()) == [3, 3]


def test_the_seam_has_no_result_and_no_order_among_losers(app: Flask) -> None:
    assert seam_for("bloccato") is SEAM
    for state in (won_by(0), won_by(1), drawn()):
        assert [SEAM.result(state, seat) for seat in (0, 1)] == [None, None]
        assert [SEAM.place_key(state, seat) for seat in (0, 1)] == [(), ()]


def test_the_seam_figures_count_wins_as_crosses_and_as_circles(app: Flask) -> None:
    crosses, circles, draw = won_by(0), won_by(1), drawn()
    games = [(crosses, 1), (circles, 2), (draw, 3)]
    with app.test_request_context():
        seat0 = dict(SEAM.figures([played(state, 0, number) for state, number in games]))
        seat1 = dict(SEAM.figures([played(state, 1, number) for state, number in games]))
        mixed = [played(crosses, 0, 1), played(circles, 1, 2), played(crosses, 0, 4)]
        both = dict(SEAM.figures(mixed))
        assert dict(SEAM.figures([])) == {"Wins as crosses": "0", "Wins as circles": "0"}
    assert seat0 == {"Wins as crosses": "1", "Wins as circles": "0"}
    assert seat1 == {"Wins as crosses": "0", "Wins as circles": "1"}
    assert both == {"Wins as crosses": "2", "Wins as circles": "1"}
