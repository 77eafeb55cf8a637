"""What 6 nimmt! counts: bull heads per seat, the lower the better, and who has the fewest."""

from __future__ import annotations

from ..base import Outcome, Termination
from .state import SixNimmtState


def standings(state: SixNimmtState) -> list[int]:
    """Bull heads per seat: the lower the better."""
    return state.totals()


def leaders(state: SixNimmtState) -> list[int]:
    """The seats with the fewest heads (every seat before the first round)."""
    totals = state.totals()
    return [seat for seat, total in enumerate(totals) if total == min(totals)]


def outcome(state: SixNimmtState) -> Outcome | None:
    """Over when the end rule is reached; the lowest totals win together."""
    totals = state.totals()
    if not state.rounds or not state.end.reached(totals, len(state.rounds)):
        return None
    reason = Termination.ROUNDS if state.end.rounds is not None else Termination.LIMIT
    return Outcome(winners=tuple(leaders(state)), reason=reason)
