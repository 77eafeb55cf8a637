"""The Game's statistics hooks on its seam, on final states played through the rules."""

from __future__ import annotations

from typing import Any

from flask import Flask

from companion.games import seam_for
from companion.games.base import Played
from companion.games.thegame import SEAM
from companion.rules.thegame import RULES, TheGameState
from companion.stats.places import places
from companion.stats.replays import Finished, SeatInfo

from .test_history_words import FIRE

NAMES = ["Ann", "Bob", "Cy"]
UP, UP2, DOWN, DOWN2 = 0, 1, 2, 3


def result(players: int, left: int) -> TheGameState:
    """A match of ``players`` whose team typed ``left`` at the end."""
    return RULES.apply(RULES.setup(NAMES[:players]), {"type": "result", "left": left})


def stuck(players: int) -> TheGameState:
    """A tracked match: four cards on the four piles, then the next player is stuck (94 left)."""
    state = RULES.setup(NAMES[:players])
    for pile, card in ((UP, 30), (UP2, 40), (DOWN, 60), (DOWN2, 70)):
        state = RULES.apply(state, {"type": "play", "pile": pile, "card": card})
    state = RULES.apply(state, {"type": "end_turn"})
    return RULES.apply(state, {"type": "stuck"})


def finished(state: TheGameState, number: int) -> Any:
    """The statistics' record of a match that ended in ``state``."""
    outcome = RULES.outcome(state)
    assert outcome is not None
    seats = tuple(SeatInfo(seat, seat + 1, name) for seat, name in enumerate(state.players))
    return Finished(number, "thegame", {}, 0, list(outcome.winners), None, None, seats)


def played(state: TheGameState, seat: int, number: int) -> Played:
    match = finished(state, number)
    return Played(match, state, seat, 1, True, seat in match.winners)


def test_the_seam_gives_every_seat_the_teams_cards_left_and_no_order(app: Flask) -> None:
    state = stuck(3)
    assert seam_for("thegame") is SEAM
    assert SEAM.cooperative is True
    assert SEAM.outcome_template == "games/thegame/_outcome.html"
    assert SEAM.lower_is_better is True
    assert [SEAM.result(state, seat) for seat in range(3)] == [94, 94, 94]
    assert [SEAM.place_key(state, seat) for seat in range(3)] == [(), (), ()]
    assert [SEAM.result(result(2, 0), seat) for seat in range(2)] == [0, 0]
    assert places(finished(state, 1), state) == [(1, True)] * 3, "nobody won: all share 1st"
    beaten = result(2, 0)
    assert places(finished(beaten, 2), beaten) == [(1, True)] * 2, "all won together"


def test_the_seam_figures_games_beaten_and_best_result_per_player_count(app: Flask) -> None:
    games = [
        played(result(2, 12), 0, 1),
        played(result(2, 0), 0, 2),
        played(stuck(3), 0, 3),
        played(result(3, 40), 0, 4),
    ]
    with app.test_request_context():
        figures = SEAM.figures(games)
        lost = SEAM.figures([played(result(2, 12), 1, 5)])
        assert SEAM.figures([]) == [("Games beaten", "0")]
    assert figures == [
        ("Games beaten", "1"),
        ("Best team result, 2 players", "0 cards left"),
        ("Best team result, 3 players", "40 cards left"),
    ]
    assert lost == [("Games beaten", "0"), ("Best team result, 2 players", "12 cards left")]


def test_a_game_lost_to_the_fire_counts_as_played_with_no_result_to_rank(app: Flask) -> None:
    state = RULES.setup(NAMES[:2], {"variant": "pro", "on_fire": True}, 0)
    for move in FIRE:
        state = RULES.apply(state, move)
    tallies = SEAM.tallies(state, 0, False)
    assert tallies == {"beaten": 0, "fire": 1}, "no best result from the fire"
    assert SEAM.ranked(SEAM.result(state, 0), tallies) is None
    kept = SEAM.tallies(stuck(2), 0, False)
    assert SEAM.ranked(SEAM.result(stuck(2), 0), kept) == 94
    with app.test_request_context():
        assert SEAM.figures([played(state, 0, 1)]) == [("Games beaten", "0")]
