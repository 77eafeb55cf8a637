"""6 nimmt! in the statistics: the player page's figures and how finished matches rank.

Bull heads are the result: the lower the better, so seats that did not win order by their
totals, fewest first.
"""

from __future__ import annotations

from ...i18n import gettext as _
from ...rules.sixnimmt import SixNimmtState
from ..base import Figures, Played, average


def figures(games: list[Played]) -> Figures:
    """Average heads per round; matches ended over the limit (each match's own limit; only
    shown when some match ended by a limit rather than after a number of rounds)."""
    heads = [heads[g.seat] for g in games for heads in g.state.rounds]
    over, limited = 0, False
    for g in games:
        end, total = g.state.end, g.state.totals()[g.seat]
        if end.threshold is not None:
            limited = True
            over += total >= end.threshold if end.inclusive else total > end.threshold
    out = []
    mean = average(heads)
    if mean is not None:
        out.append((_("Average heads per round"), mean))
    if limited:
        out.append((_("Times over the limit"), str(over)))
    return out


def place_key(state: SixNimmtState, seat: int) -> tuple[int, ...]:
    """Fewest heads first."""
    return (state.totals()[seat],)


def result(state: SixNimmtState, seat: int) -> int:
    """The seat's final bull heads."""
    return int(state.totals()[seat])
