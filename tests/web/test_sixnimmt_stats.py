"""6 nimmt!'s statistics hooks on its seam, on final states played through the rules."""

from __future__ import annotations

from typing import Any

from flask import Flask

from companion.games import seam_for
from companion.games.base import Played
from companion.games.sixnimmt import SEAM
from companion.rules.sixnimmt import RULES, SixNimmtState
from companion.stats.places import places
from companion.stats.replays import Finished, SeatInfo

NAMES = ["Ann", "Bob", "Cy"]


def play(*rounds: list[int], **options: Any) -> SixNimmtState:
    state = RULES.setup(NAMES, options)
    for heads in rounds:
        state = RULES.apply(state, {"type": "round", "heads": heads})
    assert RULES.outcome(state) is not None
    return state


def finished(state: SixNimmtState, number: int) -> Any:
    outcome = RULES.outcome(state)
    assert outcome is not None
    seats = tuple(SeatInfo(position, position + 1, name) for position, name in enumerate(NAMES))
    return Finished(number, "sixnimmt", {}, 0, list(outcome.winners), None, None, seats)


def played(state: SixNimmtState, seat: int, number: int) -> Played:
    match = finished(state, number)
    return Played(match, state, seat, 1, False, seat in match.winners)


LIMIT = play([30, 2, 4], [37, 3, 5])  # 67 5 9: Ann passed 66
ROUNDS = play([10, 0, 5], [3, 4, 1], end={"rounds": 2})  # 13 4 6
AT_LIMIT = play([66, 0, 0], end={"threshold": 66, "inclusive": True})  # 66 is enough


def test_the_seam_ranks_by_heads_fewest_first(app: Flask) -> None:
    assert seam_for("sixnimmt") is SEAM
    assert SEAM.lower_is_better is True
    assert [SEAM.result(LIMIT, seat) for seat in range(3)] == [67, 5, 9]
    assert [SEAM.place_key(LIMIT, seat) for seat in range(3)] == [(67,), (5,), (9,)]
    assert sorted(range(3), key=lambda seat: SEAM.place_key(LIMIT, seat)) == [1, 2, 0]
    tied = play([30, 30, 1], [37, 37, 1])  # 67 67 2: Cy wins, Ann and Bob share 2nd
    assert places(finished(tied, 1), tied) == [(2, True), (2, True), (1, False)]
    assert places(finished(LIMIT, 2), LIMIT) == [(3, False), (1, False), (2, False)]


def test_the_seam_figures_heads_per_round_and_times_over_the_limit(app: Flask) -> None:
    with app.test_request_context():
        ann = dict(SEAM.figures([played(LIMIT, 0, 1), played(ROUNDS, 0, 2)]))
        by_rounds = dict(SEAM.figures([played(ROUNDS, 0, 2)]))
        bob = dict(SEAM.figures([played(LIMIT, 1, 1), played(AT_LIMIT, 1, 3)]))
        ann_over = dict(SEAM.figures([played(LIMIT, 0, 1), played(AT_LIMIT, 0, 3)]))
        assert SEAM.figures([]) == []
    assert ann == {"Average heads per round": "20.0", "Times over the limit": "1"}  # 30 37 10 3
    assert by_rounds == {"Average heads per round": "6.5"}, "no limit, no count"
    assert bob == {"Average heads per round": "1.7", "Times over the limit": "0"}  # 2 3 0
    assert ann_over == {"Average heads per round": "44.3", "Times over the limit": "2"}
