"""Bloccato e pelato in the statistics: the player page's figures.

A game is won or drawn, with no number worth averaging and no order among the losers (there is
only one), so only the figures are the game's own.
"""

from __future__ import annotations

from ...i18n import gettext as _
from ..base import Figures, Played


def figures(games: list[Played]) -> Figures:
    """Wins playing crosses (seat 0) and playing circles (seat 1)."""
    crosses = sum(1 for g in games if g.won and g.seat == 0)
    circles = sum(1 for g in games if g.won and g.seat == 1)
    return [(_("Wins as crosses"), str(crosses)), (_("Wins as circles"), str(circles))]
