"""Auf der Pirsch in the statistics: the player page's figures and how finished matches rank.

Points are the result: the higher the better, so seats that did not win order by their totals,
most first.
"""

from __future__ import annotations

from ...i18n import gettext as _
from ...rules.pirsch import PirschState
from ..figures import Figures, KeptAs, Tallies, average_of

BEST_HUNT = "best_hunt"
"""The one tally kept as the highest of all matches; the others add up."""


def tallies(state: PirschState, seat: int, won: bool) -> Tallies:
    """The best single hunt of the match (when there was one), and the final rounds' points
    with how many final rounds there were (for their average)."""
    hunts = [r.points[seat] for r in state.rounds if r.kind == "hunt"]
    finals = [r.points[seat] for r in state.rounds if r.kind == "final"]
    out = {"final_points": sum(finals), "finals": len(finals)}
    if hunts:
        out[BEST_HUNT] = max(hunts)
    return out


def kept_as(name: str) -> KeptAs:
    """The best hunt is the highest of them all."""
    return "max" if name == BEST_HUNT else "sum"


def figures_of(tallies: Tallies) -> Figures:
    """The best single hunt and the average of the final round (round 4)."""
    out = []
    if BEST_HUNT in tallies:
        out.append((_("Best hunt"), str(tallies[BEST_HUNT])))
    mean = average_of(tallies.get("final_points", 0), tallies.get("finals", 0))
    if mean is not None:
        out.append((_("Average round-4 points"), mean))
    return out


def place_key(state: PirschState, seat: int) -> tuple[int, ...]:
    """Most points first (lower sorts first, so the total is negated)."""
    return (-state.totals()[seat],)


def result(state: PirschState, seat: int) -> int:
    """The seat's final points."""
    return int(state.totals()[seat])
