"""Nuota per la vita: the cards, the majorities and the lives a round costs.

Pure helpers shared by the rules (:mod:`companion.rules.nuota`) and the web page: the species
table, checking one hand, scoring shown hands species by species, checking typed totals and turning
totals into lives lost. They know nothing of a match's state, so a page can use them while a hand
is being typed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .base import N_, require, whole_number

HAND_SIZE = 10
DECK_SIZE = 60


@dataclass(frozen=True)
class Species:
    """One kind of animal card: its name, its value and how many copies the deck holds.

    The value printed in the corner always equals the number of copies.
    """

    name: str
    value: int
    copies: int


SPECIES: tuple[Species, ...] = tuple(
    Species(name, copies, copies)
    for name, copies in (
        ("giraffe", 9),
        ("bear", 8),
        ("mole", 7),
        ("goat", 7),
        ("sheep", 6),
        ("dog", 6),
        ("hare", 5),
        ("pig", 5),
        ("cat", 4),
        ("mouse", 3),
    )
)
"""The ten species in the order the rulebook scores them (giraffes first)."""

NAMES: tuple[str, ...] = tuple(species.name for species in SPECIES)
VALUES: tuple[int, ...] = tuple(species.value for species in SPECIES)

Counts = tuple[int, ...]
"""A hand as card counts per species, in the order of :data:`SPECIES`."""


def species_table() -> tuple[Species, ...]:
    """The ten species with value and copies, in scoring order, for the hand-entry grid."""
    return SPECIES


def check_hand(hand: object, player: str = "") -> Counts:
    """Return a hand as counts in species order, refusing anything that is not 10 real cards.

    ``hand`` maps species names to counts; missing species count 0. ``player`` names the hand in
    the reason so a table of five knows whose hand to fix.
    """
    require(isinstance(hand, Mapping), N_("Give each hand as a number of cards per species."))
    assert isinstance(hand, Mapping)
    for key in hand:
        require(key in NAMES, N_("Unknown species: %(species)s."), species=str(key))
    counts = []
    for species in SPECIES:
        count = whole_number(hand.get(species.name, 0))
        require(count >= 0, N_("A number of cards cannot be negative."))
        require(
            count <= species.copies,
            N_("There are only %(copies)d %(species)s cards in the game."),
            copies=species.copies,
            species=species.name,
        )
        counts.append(count)
    require(
        sum(counts) == HAND_SIZE,
        N_("A hand holds exactly 10 cards: %(player)s has %(count)d."),
        player=player,
        count=sum(counts),
    )
    return tuple(counts)


def check_deck(hands: Sequence[Counts | None]) -> None:
    """Refuse hands that together hold more copies of a species than the deck has."""
    for index, species in enumerate(SPECIES):
        held = sum(hand[index] for hand in hands if hand is not None)
        require(
            held <= species.copies,
            N_("There are only %(copies)d %(species)s cards, but the hands hold %(count)d."),
            copies=species.copies,
            species=species.name,
            count=held,
        )


def counts_of(hand: Mapping[str, int] | Sequence[int]) -> Counts:
    """A hand as counts in species order, from a mapping by name or an already ordered sequence."""
    if isinstance(hand, Mapping):
        return tuple(int(hand.get(name, 0)) for name in NAMES)
    return tuple(int(count) for count in hand)


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
