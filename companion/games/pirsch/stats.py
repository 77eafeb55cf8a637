"""Auf der Pirsch in the statistics: the player page's figures and how finished matches rank.

Points are the result: the higher the better, so seats that did not win order by their totals,
most first.
"""

from __future__ import annotations

from ...i18n import gettext as _
from ...rules.pirsch import PirschState
from ..base import Figures, Played, average


def figures(games: list[Played]) -> Figures:
    """The best single hunt and the average of the final round (round 4)."""
    hunts = [r.points[g.seat] for g in games for r in g.state.rounds if r.kind == "hunt"]
    finals = [r.points[g.seat] for g in games for r in g.state.rounds if r.kind == "final"]
    out = []
    if hunts:
        out.append((_("Best hunt"), str(max(hunts))))
    mean = average(finals)
    if mean is not None:
        out.append((_("Average round-4 points"), mean))
    return out


def place_key(state: PirschState, seat: int) -> tuple[int, ...]:
    """Most points first (lower sorts first, so the total is negated)."""
    return (-state.totals()[seat],)


def result(state: PirschState, seat: int) -> int:
    """The seat's final points."""
    return int(state.totals()[seat])
