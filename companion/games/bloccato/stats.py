"""Bloccato e pelato in the statistics: the player page's figures.

A game is won or drawn, with no number worth averaging and no order among the losers (there is
only one), so only the figures are the game's own.
"""

from __future__ import annotations

from typing import Any

from ...i18n import gettext as _
from ..figures import Figures, Tallies


def tallies(state: Any, seat: int, won: bool) -> Tallies:
    """A win, as crosses (seat 0) or as circles (seat 1)."""
    return {"crosses": int(won and seat == 0), "circles": int(won and seat == 1)}


def figures_of(tallies: Tallies) -> Figures:
    """Wins playing crosses and playing circles."""
    crosses, circles = tallies.get("crosses", 0), tallies.get("circles", 0)
    return [(_("Wins as crosses"), str(crosses)), (_("Wins as circles"), str(circles))]
