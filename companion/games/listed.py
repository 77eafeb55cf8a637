"""What a game adds to its matches' lines in the group's history, read from what each seat
stored when the match ended (its result and tallies, :mod:`companion.results`): the list shows
pages of matches without replaying a log, so a game says here how its stored numbers read.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .figures import Tallies


class Listed:
    """The history hooks of a seam (mixed into :class:`.base.Seam`), with their defaults."""

    def listed_words(self, options: dict[str, Any], tallies: Sequence[Tallies]) -> list[str]:
        """Words on the match's line after its result: what a player of the game wants to know
        of a finished match beyond who won (the rules it was played with, how it was lost).
        ``tallies`` are the seats' in seat order, empty for a match that does not count."""
        return []

    def listed_value(self, result: int | None, tallies: Tallies) -> str | None:
        """What follows a seat's name on the line: its final number by default (bull heads,
        points); a game without one may say something else from the seat's tallies."""
        return None if result is None else str(result)
