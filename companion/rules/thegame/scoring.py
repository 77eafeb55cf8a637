"""The Game's result: one number for the whole team, the cards it did not manage to play.

The team wins together with 0 cards left (the game is beaten) and nobody wins otherwise; the
rulebook rates the other results (under 10 is excellent).
"""

from __future__ import annotations

from ..base import N_, Outcome, require, whole_number
from .state import CARDS, MINIMUM, TheGameState

EXCELLENT_BELOW = 10


def cards_left(state: TheGameState) -> int:
    """The team's result so far: cards not played (hands and draw pile), or the typed result."""
    return state.left if state.left is not None else CARDS - state.played


def result_bound(variant: str) -> int:
    """The most cards a team can have left: the first turn always plays the minimum (96/95)."""
    return CARDS - MINIMUM[variant]


def rating(left: int) -> str:
    """The rulebook's rating: ``beaten`` (0 left), ``excellent`` (under 10), else ``played``."""
    left = whole_number(left)
    require(0 <= left <= CARDS, N_("The result is a number of cards from 0 to 98."))
    if left == 0:
        return "beaten"
    return "excellent" if left < EXCELLENT_BELOW else "played"


def standings(state: TheGameState) -> list[int]:
    """Cards left, the same number for every seat: the team shares one result."""
    return [cards_left(state)] * state.seats


def outcome(state: TheGameState) -> Outcome | None:
    """None while playing; else everybody wins with 0 cards left, nobody otherwise."""
    if state.ended is None:
        return None
    winners = tuple(range(state.seats)) if cards_left(state) == 0 else ()
    return Outcome(winners=winners, reason=state.ended)
