"""Nuota per la vita's cards: the ten species, a hand of 10 and the 60-card deck.

Pure helpers shared by the rules and the web page: the species table, checking one hand and
checking hands against the deck. They know nothing of a match's state, so a page can use them
while a hand is being typed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..base import N_, require, whole_number

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
