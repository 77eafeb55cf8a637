"""Auf der Pirsch: what the game counts — the points of an entry, the totals and who wins.

A hunt scores all footprints × the multiplier (footprint types, or captured suits as an option);
round 4 scores each captured card by its animal. The highest total after round 4 wins, and the
highest total so far leads the next round.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..base import Outcome, Termination, whole_number
from .cards import ANIMALS, CARD_POINTS, Counts, parse_counts, types
from .state import ROUNDS, PirschState


def hunt_score(counts: Counts, factor: int) -> int:
    """One seat's hunt: all its footprints × its multiplier."""
    return sum(counts) * factor


def hunt_points(footprints: Mapping[str, object], suits: int | None = None) -> int:
    """Points of one player's hunt: all footprints × footprint types (5+4+3 = 12 × 3 = 36).

    Give ``suits`` (captured suits) for the "suits" multiplier option.
    """
    counts = parse_counts(footprints)
    factor = types(counts) if suits is None else whole_number(suits)
    return hunt_score(counts, factor)


def final_points(cards: Mapping[str, object]) -> int:
    """Points of one player's round 4: wolf 1, mouflon 2, boar 3, bear 4 per captured card."""
    counts = parse_counts(cards)
    return sum(CARD_POINTS[animal] * n for animal, n in zip(ANIMALS, counts, strict=True))


def standings(state: PirschState) -> list[int]:
    """Points per seat: the higher the better."""
    return state.totals()


def outcome(state: PirschState) -> Outcome | None:
    """Over after round 4; the highest totals win together."""
    if len(state.rounds) < ROUNDS:
        return None
    totals = state.totals()
    best = max(totals)
    return Outcome(
        winners=tuple(s for s, t in enumerate(totals) if t == best), reason=Termination.ROUNDS
    )


def leaders(state: PirschState) -> tuple[int, ...]:
    """Seats with most points, who lead the next round; empty before round 1 and after the end."""
    if not state.rounds or outcome(state) is not None:
        return ()
    totals = state.totals()
    return tuple(seat for seat, total in enumerate(totals) if total == max(totals))


def leader(state: PirschState) -> int | None:
    """The one seat leading the next round; None in round 1 (mouflon 10), on a tie, at the end."""
    tied = leaders(state)
    return tied[0] if len(tied) == 1 else None
