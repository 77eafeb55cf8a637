"""Places at the end of a match: winners first, then each game's order; ties share a place.

Two players on 20 heads after a winner on 12 are both "2nd=", and the next one is "4th".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask_babel import gettext as _

from .replays import Finished

LOWER_IS_BETTER = {"sixnimmt": True, "pirsch": False, "thegame": True}
"""Games whose final number per seat is a result to average; the direction that is better."""


def survived(state: Any, seat: int) -> int:
    """Nuota: the rounds ``seat`` came out of with at least one life left."""
    return sum(1 for r in state.rounds if r.lives[seat] > 0)


def _order_key(game: str, state: Any) -> Callable[[int], tuple[int, ...]]:
    """Lower sorts first: heads for 6 nimmt!, points (negated) for Pirsch, lives then rounds."""
    if game == "sixnimmt":
        totals = state.totals()
        return lambda seat: (totals[seat],)
    if game == "pirsch":
        totals = state.totals()
        return lambda seat: (-totals[seat],)
    if game == "nuota":
        return lambda seat: (-state.lives[seat], -survived(state, seat))
    return lambda seat: ()


def result_of(game: str, state: Any, seat: int) -> int | None:
    """The number a seat ended with, when the game has one worth averaging."""
    if game in ("sixnimmt", "pirsch"):
        return int(state.totals()[seat])
    if game == "thegame":
        from ..rules.thegame import cards_left

        return int(cards_left(state))
    return None


def places(match: Finished, state: Any) -> list[tuple[int, bool]]:
    """``(place, shared)`` per seat in seat order: the winners first, then the game's order."""
    winners = set(match.winners or [])
    order = _order_key(match.game, state)
    keys = [(0 if seat in winners else 1, *order(seat)) for seat in range(len(match.seats))]
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
    """ "1st", or "1st=" for a place shared with another player."""
    return ordinal(place) + ("=" if shared else "")
