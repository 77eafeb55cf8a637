"""A game's own figures on the player page, and the tallies they are read from.

When a match ends, each seat's share of the game's figures is stored on the seat as a few named
whole numbers, its *tallies* (rounds survived, heads taken and rounds played, the best hunt), and
each player's tallies per game are kept combined in ``player_games``
(:mod:`companion.stats.kept`). The page then shows figures over every match a player finished
without replaying one log. A tally is added up unless its game keeps the highest or the lowest
of it (:meth:`companion.games.base.Seam.kept_as`); a figure that is an average is kept as a sum
and a count.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from flask_babel import format_decimal

Figures = list[tuple[str, str]]
"""A game's own figures on the player page: ``(label, value)`` pairs ready to show."""

Tallies = dict[str, int]
"""What one finished match adds to a player's figures for its game, or what all of them add
up to, by name."""

KeptAs = Literal["sum", "max", "min"]
"""How a tally of many matches is kept: their sum, or the highest or the lowest of them."""


class FinishedMatch(Protocol):
    """What a game's figures may read of a finished match (the statistics' plain record)."""

    @property
    def winners(self) -> list[int]: ...

    @property
    def seats(self) -> Sequence[object]: ...


@dataclass(frozen=True)
class Played:
    """One finished match from a player's side, for the statistics: the match, its final state,
    the player's seat and place, and whether the seat counts as a win."""

    match: FinishedMatch
    state: Any
    seat: int
    place: int
    shared: bool
    won: bool


def combined(kept_as: Callable[[str], KeptAs], kept: Tallies, more: Tallies) -> Tallies:
    """``kept`` with one more match's (or a run of matches') tallies taken in."""
    out = dict(kept)
    for name, value in more.items():
        if name not in out:
            out[name] = value
            continue
        how = kept_as(name)
        if how == "max":
            out[name] = max(out[name], value)
        elif how == "min":
            out[name] = min(out[name], value)
        else:
            out[name] += value
    return out


def average_of(total: int, count: int) -> str | None:
    """``total / count`` to one decimal in the user's language, or None for no count."""
    if count <= 0:
        return None
    return format_decimal(total / count, "#,##0.0")
