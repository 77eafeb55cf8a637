"""Bloccato e pelato: what the game counts — marks per side, who has joined, who still can.

A side wins as soon as its three start cells are joined through its own cells; the game is a
draw once neither side can join any more. When the host ends a match early, the side with the
fewest cells still to mark leads.
"""

from __future__ import annotations

import functools

from ..base import Outcome, Termination
from .board import Cell, join_cost, joining_chain, reaches
from .state import BloccatoState


def standings(state: BloccatoState) -> list[int]:
    """Cells each seat has marked (the printed start cells not counted)."""
    return [sum(1 for mark in state.marks if mark[0] == seat) for seat in (0, 1)]


@functools.lru_cache(maxsize=256)
def outcome_of(state: BloccatoState) -> Outcome | None:
    """A win as soon as a side's start cells are joined; a draw once neither side can join.

    Remembered per state (states are immutable values): the page and every move ask it often.
    """
    held = state.held()
    for seat in (0, 1):
        if reaches(state.sheet, held, seat, free=False):
            return Outcome(winners=(seat,), reason=Termination.JOINED)
    if not any(reaches(state.sheet, held, seat, free=True) for seat in (0, 1)):
        return Outcome(winners=(), reason=Termination.DRAW)
    return None


def winning_chain(state: BloccatoState) -> tuple[Cell, ...]:
    """The fewest cells of the winner joining their start cells (to highlight); empty if no win."""
    held = state.held()
    for seat in (0, 1):
        chain = joining_chain(state.sheet, held, seat)
        if chain:
            return chain
    return ()


def can_still_connect(state: BloccatoState, seat: int) -> bool:
    """Whether ``seat``'s start cells can still be joined through its own and free cells."""
    return reaches(state.sheet, state.held(), seat, free=True)


def leaders(state: BloccatoState) -> list[int]:
    """If the match ends now: the side with the fewest cells still to mark wins.

    A side that can no longer join never leads; both cut off is a draw (no winner).
    """
    costs = {seat: join_cost(state.sheet, state.held(), seat) for seat in (0, 1)}
    reachable = {seat: cost for seat, cost in costs.items() if cost is not None}
    if not reachable:
        return []
    best = min(reachable.values())
    return [seat for seat, cost in reachable.items() if cost == best]
