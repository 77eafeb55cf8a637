"""Places at the end of a match: winners first, then the game's own order; ties share a place.

Two players on 20 heads after a winner on 12 are both "2nd (tied)", and the next is "4th". How the
seats that did not win order is the game's to say (:meth:`companion.games.base.Seam.place_key`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..games import SEAMS
from ..games.base import Seam
from ..i18n import gettext as _
from .replays import Finished

NO_SEAM: Seam[Any] = Seam()
"""The defaults, for a game the registry knows but the app cannot play (no order, no result)."""


def seam_of(game: str) -> Seam[Any]:
    """The game's seam, or the defaults."""
    return SEAMS.get(game) or NO_SEAM


def places(match: Finished, state: Any) -> list[tuple[int, bool]]:
    """``(place, shared)`` per seat in seat order: the winners first, then the game's order."""
    return ranked(match.game, match.winners, len(match.seats), state)


def ranked(
    game: str, winners: Sequence[int] | None, seats: int, state: Any
) -> list[tuple[int, bool]]:
    """:func:`places` from the plain facts: the game, its winners, how many seats, the state."""
    seam = seam_of(game)
    won = set(winners or [])
    keys = [(0 if seat in won else 1, *seam.place_key(state, seat)) for seat in range(seats)]
    out = []
    for key in keys:
        better = sum(1 for other in keys if other < key)
        out.append((better + 1, keys.count(key) > 1))
    return out


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th… in the user's language."""
    if place == 1:
        return _("1st")
    if place == 2:
        return _("2nd")
    if place == 3:
        return _("3rd")
    return _("%(num)dth", num=place)


def place_label(place: int, shared: bool) -> str:
    """ "2nd", or "2nd (tied)" for a place shared with another player: words each language
    says its own way (Italian "2° pari merito"), not a sign glued to the number."""
    if shared:
        return _("%(place)s (tied)", place=ordinal(place))
    return ordinal(place)
