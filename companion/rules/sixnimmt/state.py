"""6 nimmt!'s state: the match's end rule and the match itself, with the end option's reader.

The round being played in table mode is :class:`.table.TableRound`; the match holds it in
``table`` until its tenth turn closes it onto the sheet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import N_, require, whole_number
from .cards import heads_up_to, highest_card
from .table import TableRound

DEFAULT_THRESHOLD = 66


@dataclass(frozen=True)
class EndRule:
    """When the match ends: past a heads limit (``threshold``) or after a number of rounds."""

    threshold: int | None = DEFAULT_THRESHOLD
    inclusive: bool = False
    rounds: int | None = None

    def reached(self, totals: Sequence[int], rounds_played: int) -> bool:
        """Whether the match is over with these totals after this many rounds."""
        if self.rounds is not None:
            return rounds_played >= self.rounds
        assert self.threshold is not None
        if self.inclusive:
            return any(total >= self.threshold for total in totals)
        return any(total > self.threshold for total in totals)

    def to_dict(self) -> dict[str, Any]:
        """The option as it is written in the move vocabulary."""
        if self.rounds is not None:
            return {"rounds": self.rounds}
        return {"threshold": self.threshold, "inclusive": self.inclusive}


@dataclass(frozen=True)
class SixNimmtState:
    """A match: the players, the options and the heads each seat took in each finished round.

    ``table`` holds the round being played in table mode (None when no round is on the table).
    """

    players: tuple[str, ...]
    variant: str = "base"
    end: EndRule = EndRule()
    rounds: tuple[tuple[int, ...], ...] = ()
    table: TableRound | None = None

    @property
    def seats(self) -> int:
        """How many players sit at the table."""
        return len(self.players)

    @property
    def top_card(self) -> int:
        """The highest card in play with these options."""
        return highest_card(self.variant, self.seats)

    @property
    def heads_in_play(self) -> int:
        """All the bull heads in the cards used this match (171 in the base game)."""
        return heads_up_to(self.top_card)

    def totals(self) -> list[int]:
        """Each seat's heads over all finished rounds (column sums: a history page asks for
        them once per seat of every match it replays)."""
        if not self.rounds:
            return [0] * self.seats
        return [sum(column) for column in zip(*self.rounds, strict=True)]


def parse_end(raw: object) -> EndRule:
    """Read the ``end`` option, refusing limits and round counts no table would agree on."""
    if raw is None:
        return EndRule()
    require(isinstance(raw, Mapping), N_("The end of the match is not understood."))
    assert isinstance(raw, Mapping)
    if raw.get("rounds") is not None:
        rounds = whole_number(raw["rounds"])
        require(1 <= rounds <= 100, N_("The number of rounds must be between 1 and 100."))
        return EndRule(threshold=None, rounds=rounds)
    threshold = whole_number(raw.get("threshold", DEFAULT_THRESHOLD))
    require(1 <= threshold <= 1000, N_("The heads limit must be between 1 and 1000."))
    inclusive = raw.get("inclusive", False)
    require(isinstance(inclusive, bool), N_("The end of the match is not understood."))
    return EndRule(threshold=threshold, inclusive=bool(inclusive))
