"""Auf der Pirsch: the state of a match — its players, options and the rounds as entered.

A :class:`RoundRecord` keeps one scored round as it was entered, with each seat's points, so the
sheet can show every player's figures again; :class:`PirschState` is the match made of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .cards import ANIMALS, Card, Counts, as_dict

HUNTS = 3
"""Rounds 1–3 are hunts: footprints × a multiplier."""
ROUNDS = 4
"""The match is over after round 4, which scores the animals captured."""
MULTIPLIERS = ("footprints", "suits")
"""The readings of the hunts' multiplier: footprint types (rulebook) or captured suits."""


@dataclass(frozen=True)
class RoundRecord:
    """One scored round as entered, with each seat's points, kept for the sheet.

    ``counts`` holds footprints per animal for a hunt and captured cards per animal for the final;
    ``factors`` the multiplier of each seat in a hunt; ``hands`` the cards when a hunt was entered
    card by card; ``suits`` the captured suits under the "suits" multiplier.
    """

    kind: str
    points: tuple[int, ...]
    counts: tuple[Counts, ...]
    factors: tuple[int, ...] = ()
    hands: tuple[tuple[Card, ...], ...] | None = None
    suits: tuple[int, ...] | None = None

    def by_animal(self) -> list[dict[str, int]]:
        """Each seat's counts keyed by animal (footprints for a hunt, cards for the final)."""
        return [as_dict(counts) for counts in self.counts]

    def totals(self) -> list[int]:
        """Each seat's footprints in all (hunt) or cards captured (final): the "12" of "12 × 3"."""
        return [sum(counts) for counts in self.counts]

    def to_dict(self) -> dict[str, Any]:
        """The record as plain JSON."""
        return {
            "type": self.kind,
            "points": list(self.points),
            "counts": self.by_animal(),
            "factors": list(self.factors),
            "hands": None if self.hands is None else [[list(c) for c in h] for h in self.hands],
            "suits": None if self.suits is None else list(self.suits),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RoundRecord:
        """Rebuild a record written by ``to_dict``."""
        hands, suits = data.get("hands"), data.get("suits")
        return cls(
            kind=data["type"],
            points=tuple(data["points"]),
            counts=tuple(tuple(seat[a] for a in ANIMALS) for seat in data["counts"]),
            factors=tuple(data["factors"]),
            hands=None if hands is None else tuple(tuple((a, v) for a, v in h) for h in hands),
            suits=None if suits is None else tuple(suits),
        )


@dataclass(frozen=True)
class PirschState:
    """A match: players, options (multiplier, recorded trump order) and the rounds scored so far."""

    players: tuple[str, ...]
    multiplier: str = "footprints"
    trumps: tuple[str, ...] | None = None
    rounds: tuple[RoundRecord, ...] = ()

    @property
    def seats(self) -> int:
        """How many players sit at the table."""
        return len(self.players)

    def totals(self) -> list[int]:
        """Each seat's points over all scored rounds."""
        return [sum(r.points[seat] for r in self.rounds) for seat in range(self.seats)]
