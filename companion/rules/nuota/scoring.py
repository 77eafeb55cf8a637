"""Nuota per la vita: what a round counts and how a match ends.

Pure helpers shared by the rules and the web page: scoring shown hands species by species
(the sole majority scores), checking typed totals and turning totals into lives lost; then each
seat's lives and the last one standing. Apart from :func:`standings` and :func:`outcome` they
know nothing of a match's state, so a page can use them while a hand is being typed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..base import Outcome, Termination
from .cards import SPECIES, VALUES, counts_of
from .state import NuotaState, alive


def min_majority(players_left: int) -> int:
    """Cards needed to score a species: one while 3+ players remain, two when only 2 are left."""
    return 2 if players_left <= 2 else 1


@dataclass(frozen=True)
class Scoring:
    """A shown round scored: the winning seat per species (None: nobody) and points per seat."""

    winners: tuple[int | None, ...]
    points: tuple[int | None, ...]


def species_winner(counts: Sequence[int | None], needed: int) -> int | None:
    """The seat with the sole majority of one species (more than every other player), or None.

    A tie for the most scores nobody, and so does a majority smaller than ``needed`` cards.
    """
    held = [(count, seat) for seat, count in enumerate(counts) if count is not None]
    if not held:
        return None
    most = max(count for count, _ in held)
    holders = [seat for count, seat in held if count == most]
    if most < needed or len(holders) != 1:
        return None
    return holders[0]


def score_hands(
    hands: Sequence[Mapping[str, int] | Sequence[int] | None], players_left: int
) -> Scoring:
    """Score shown hands species by species: the sole majority scores the species' value.

    ``hands`` has one entry per seat (None for a seat that is out); each hand maps species names to
    counts or lists counts in species order. The hands are assumed valid (see :func:`check_hand`).
    """
    counts = [None if hand is None else counts_of(hand) for hand in hands]
    needed = min_majority(players_left)
    winners = tuple(
        species_winner([None if hand is None else hand[index] for hand in counts], needed)
        for index in range(len(SPECIES))
    )
    points = [None if hand is None else 0 for hand in counts]
    for index, winner in enumerate(winners):
        if winner is not None:
            points[winner] = (points[winner] or 0) + VALUES[index]
    return Scoring(winners=winners, points=tuple(points))


def _subset_sums() -> frozenset[int]:
    """Every total one player can score: the sums of distinct species values."""
    sums = {0}
    for value in VALUES:
        sums |= {total + value for total in sums}
    return frozenset(sums)


POSSIBLE_TOTALS = _subset_sums()
"""All totals from 0 to 60 except 1, 2, 58 and 59."""


def possible_total(total: int) -> bool:
    """Whether one player can score ``total`` in a round (a sum of distinct species values)."""
    return not isinstance(total, bool) and isinstance(total, int) and total in POSSIBLE_TOTALS


def possible_totals(totals: Sequence[int]) -> bool:
    """Whether these totals can be scored in one round: each species scores for one player only."""
    return _share(0, tuple(sorted(totals, reverse=True)))


@lru_cache(maxsize=4096)
def _share(index: int, left: tuple[int, ...]) -> bool:
    """Can the species from ``index`` on make the totals still ``left``, each species used once?"""
    if not any(left):
        return True
    if index == len(VALUES) or sum(left) > sum(VALUES[index:]):
        return False
    value = VALUES[index]
    for seat, total in enumerate(left):
        if total >= value and (seat == 0 or left[seat - 1] != total):
            rest = (*left[:seat], total - value, *left[seat + 1 :])
            if _share(index + 1, tuple(sorted(rest, reverse=True))):
                return True
    return _share(index + 1, left)


def life_changes(points: Sequence[int | None]) -> tuple[int, ...]:
    """Lives each seat gains (+) or loses (−) for these totals; 0 for a seat that is out (None).

    Highest total loses 0, lowest loses 2, everyone else 1; tied lowest all lose 2, tied highest
    all lose 0 (a Decision), and when every total is equal nobody loses.
    """
    scored = [total for total in points if total is not None]
    if not scored or min(scored) == max(scored):
        return tuple(0 for _ in points)
    high, low = max(scored), min(scored)
    changes = []
    for total in points:
        if total is None or total == high:
            changes.append(0)
        elif total == low:
            changes.append(-2)
        else:
            changes.append(-1)
    return tuple(changes)


def standings(state: NuotaState) -> list[int]:
    """Lives per seat (0 for a seat that is out)."""
    return list(state.lives)


def outcome(state: NuotaState) -> Outcome | None:
    """Over when one player is left: the last one standing wins."""
    seats = alive(state)
    if len(seats) > 1:
        return None
    return Outcome(winners=seats, reason=Termination.LAST_STANDING)
