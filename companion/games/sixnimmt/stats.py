"""6 nimmt! in the statistics: the player page's figures and how finished matches rank.

Bull heads are the result: the lower the better, so seats that did not win order by their
totals, fewest first.
"""

from __future__ import annotations

from ...i18n import gettext as _
from ...rules.sixnimmt import SixNimmtState
from ..figures import Figures, Tallies, average_of


def tallies(state: SixNimmtState, seat: int, won: bool) -> Tallies:
    """Heads taken and rounds played (for the average per round); whether the match ended by a
    limit (its own) and whether the seat ended over it."""
    end, total = state.end, state.totals()[seat]
    limited = end.threshold is not None
    over = limited and (total >= end.threshold if end.inclusive else total > end.threshold)
    return {
        "heads": sum(heads[seat] for heads in state.rounds),
        "rounds": len(state.rounds),
        "limited": int(limited),
        "over": int(over),
    }


def figures_of(tallies: Tallies) -> Figures:
    """Average heads per round; matches ended over the limit (only shown when some match ended
    by a limit rather than after a number of rounds)."""
    out = []
    mean = average_of(tallies.get("heads", 0), tallies.get("rounds", 0))
    if mean is not None:
        out.append((_("Average heads per round"), mean))
    if tallies.get("limited", 0):
        out.append((_("Times over the limit"), str(tallies.get("over", 0))))
    return out


def place_key(state: SixNimmtState, seat: int) -> tuple[int, ...]:
    """Fewest heads first."""
    return (state.totals()[seat],)


def result(state: SixNimmtState, seat: int) -> int:
    """The seat's final bull heads."""
    return int(state.totals()[seat])
