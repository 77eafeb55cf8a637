"""Auf der Pirsch: checking and scoring one round's entry into a :class:`RoundRecord`.

A hunt (rounds 1–3) is entered as footprints per animal or as the cards each seat captured; the
final (round 4) as captured cards per animal. Kept apart from the match state in
:mod:`companion.rules.pirsch` so each module stays small.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import N_, Move, per_seat, require, whole_number
from .pirsch_cards import (
    ANIMALS,
    HAND,
    MAX_FOOTPRINTS_PER_CARD,
    Card,
    Counts,
    as_dict,
    count_footprints,
    count_suits,
    final_points,
    parse_counts,
    parse_hands,
    suit_size,
    types,
)


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


def hunt_record(players: Sequence[str], multiplier: str, move: Move) -> RoundRecord:
    """Score a hunt entered as footprints per animal or as the cards each seat captured."""
    require(
        ("cards" in move) != ("footprints" in move),
        N_("Enter either the footprints or the cards of every player."),
    )
    hands: tuple[tuple[Card, ...], ...] | None = None
    if "cards" in move:
        require("suits" not in move, N_("With the cards entered, the suits are counted from them."))
        hands = parse_hands(move["cards"], players)
        counts = tuple(count_footprints(hand) for hand in hands)
        suits = tuple(count_suits(hand) for hand in hands) if multiplier == "suits" else None
    else:
        counts = tuple(parse_counts(raw) for raw in per_seat(move["footprints"], len(players)))
        most = HAND * MAX_FOOTPRINTS_PER_CARD
        for name, seat_counts in zip(players, counts, strict=True):
            require(
                sum(seat_counts) <= most,
                N_("%(player)s has %(count)d footprints, but 12 cards carry at most %(most)d."),
                player=name,
                count=sum(seat_counts),
                most=most,
            )
        suits = parse_suits(players, multiplier, move.get("suits"), counts)
    factors = suits if suits is not None else tuple(types(c) for c in counts)
    points = tuple(sum(c) * f for c, f in zip(counts, factors, strict=True))
    return RoundRecord("hunt", points, counts, factors, hands, suits)


def parse_suits(
    players: Sequence[str], multiplier: str, raw: object, counts: Sequence[Counts]
) -> tuple[int, ...] | None:
    """The captured suits per seat, needed (only) under the "suits" multiplier with footprints."""
    if multiplier != "suits":
        require(raw is None, N_("Captured suits only count with the captured-suits multiplier."))
        return None
    require(raw is not None, N_("Enter how many different animals each player captured."))
    least = -(-HAND // suit_size(len(players)))
    suits = tuple(whole_number(value) for value in per_seat(raw, len(players)))
    for name, seat_suits, seat_counts in zip(players, suits, counts, strict=True):
        require(
            least <= seat_suits <= len(ANIMALS),
            N_("12 captured cards show between %(least)d and 4 different animals."),
            least=least,
        )
        require(
            seat_suits >= types(seat_counts),
            N_("%(player)s has footprints of %(types)d animals, so captured at least %(types)d."),
            player=name,
            types=types(seat_counts),
        )
    return suits


def final_record(players: Sequence[str], move: Move) -> RoundRecord:
    """Score round 4: every card is captured, in whole tricks; wolf 1, mouflon 2, boar 3, bear 4."""
    require("cards" in move, N_("Enter the cards of each animal every player captured."))
    seats = len(players)
    counts = tuple(parse_counts(raw) for raw in per_seat(move["cards"], seats))
    size = suit_size(seats)
    for index, animal in enumerate(ANIMALS):
        total = sum(seat_counts[index] for seat_counts in counts)
        require(
            total == size,
            N_("Every card is captured: the %(animal)s cards add up to %(count)d, not %(size)d."),
            animal=animal,
            count=total,
            size=size,
        )
    for name, seat_counts in zip(players, counts, strict=True):
        require(
            sum(seat_counts) % seats == 0,
            N_(
                "A trick holds one card from each of the %(players)d players, "
                "so %(player)s cannot have captured %(count)d cards."
            ),
            players=seats,
            player=name,
            count=sum(seat_counts),
        )
    points = tuple(final_points(as_dict(seat_counts)) for seat_counts in counts)
    return RoundRecord("final", points, counts)
