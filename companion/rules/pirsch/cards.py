"""Auf der Pirsch: the deck, the provisional footprint table and the reading of counts and cards.

Kept apart from the match (:mod:`.state`, :mod:`.moves`) so that a page can ask about the deck
and the footprints of one player's entry without having a state; what an entry scores is in
:mod:`.scoring`. Counts per animal travel as tuples in ``ANIMALS`` order; moves use dicts keyed
by animal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from types import MappingProxyType
from typing import Protocol

from ..base import N_, per_seat, require, whole_number

ANIMALS: tuple[str, ...] = ("bear", "wolf", "boar", "mouflon")
"""The four suits, in the order counts are kept."""

ANIMAL_NAMES: Mapping[str, str] = MappingProxyType(
    {"bear": N_("bear"), "wolf": N_("wolf"), "boar": N_("boar"), "mouflon": N_("mouflon")}
)
"""Animal keys to translatable names: warning and refusal params carry the key."""

CARD_POINTS: Mapping[str, int] = MappingProxyType({"bear": 4, "wolf": 1, "boar": 3, "mouflon": 2})
"""Round 4: points for each captured card of an animal."""

VALUES: tuple[int, ...] = tuple(range(1, 13))
REMOVED_VALUES: tuple[int, ...] = (1, 6, 12)
"""With 3 players these values are taken out of every suit."""

HAND = 12
"""Cards dealt to each player; with the trick limits, also the cards each captures in rounds 1–3."""

MAX_FOOTPRINTS_PER_CARD = 3

FOOTPRINTS: Mapping[int, int] = MappingProxyType({5: 1, 6: 2, 7: 3, 8: 2, 9: 1})
"""PROVISIONAL footprints per card value, the same in every suit (other values carry none).

No public source prints the table; this is the likely one (RULES.md). It only feeds per-card entry
and warnings, never a refusal.
"""

FOOTPRINTS_PROVISIONAL = True

Card = tuple[str, int]
Counts = tuple[int, ...]
WarningItem = tuple[str, dict[str, object]]


class Seated(Protocol):
    """Anything that knows its players' names (a match state)."""

    @property
    def players(self) -> tuple[str, ...]: ...


def check_player_count(players: object) -> int:
    """Return the number of players, refusing anything but 3 or 4."""
    require(
        not isinstance(players, bool) and players in (3, 4),
        N_("Auf der Pirsch is for 3 to 4 players."),
    )
    assert isinstance(players, int)
    return players


def removed_cards(players: int) -> tuple[Card, ...]:
    """The cards to take out before dealing: the 1, 6 and 12 of every suit with 3 players."""
    if check_player_count(players) == 4:
        return ()
    return tuple((animal, value) for animal in ANIMALS for value in REMOVED_VALUES)


def deck(players: int) -> tuple[Card, ...]:
    """Every animal card in play: 48 cards with 4 players, 36 with 3."""
    gone = set(removed_cards(players))
    return tuple((a, v) for a in ANIMALS for v in VALUES if (a, v) not in gone)


def suit_size(players: int) -> int:
    """Cards of each animal in play: 12 with 4 players, 9 with 3."""
    return len(deck(players)) // len(ANIMALS)


def tricks_per_player(players: int) -> int:
    """Tricks each player must win in rounds 1–3: 3 with 4 players, 4 with 3."""
    return HAND // check_player_count(players)


def footprints(card: Card) -> int:
    """Footprints printed on a card, by the provisional table."""
    return FOOTPRINTS.get(card[1], 0)


def deck_footprints(players: int) -> int:
    """Footprints on all cards of one animal in play (9 with 4 players, 7 with 3, provisional)."""
    return sum(footprints(card) for card in deck(players) if card[0] == ANIMALS[0])


def types(counts: Counts) -> int:
    """How many animals have at least one footprint (or card) in these counts."""
    return sum(1 for count in counts if count > 0)


def parse_counts(raw: object) -> Counts:
    """One player's counts per animal from a move; a missing animal counts 0."""
    require(
        isinstance(raw, Mapping),
        N_("Give each player's counts per animal: bear, wolf, boar, mouflon."),
    )
    assert isinstance(raw, Mapping)
    for key in raw:
        require(
            key in ANIMALS,
            N_("Unknown animal: %(animal)s. The animals are bear, wolf, boar and mouflon."),
            animal=str(key),
        )
    counts = tuple(whole_number(raw.get(animal, 0)) for animal in ANIMALS)
    require(all(count >= 0 for count in counts), N_("Counts cannot be negative."))
    return counts


def as_dict(counts: Counts) -> dict[str, int]:
    """Counts keyed by animal, as moves and pages use them."""
    return dict(zip(ANIMALS, counts, strict=True))


def parse_card(raw: object, players: int) -> Card:
    """One card ``[animal, value]`` from a move, refusing cards that are not in this deck."""
    require(
        isinstance(raw, list | tuple) and len(raw) == 2,
        N_('A card is an animal and a value, like ["bear", 7].'),
    )
    assert isinstance(raw, list | tuple)
    animal, value = raw[0], whole_number(raw[1])
    require(
        isinstance(animal, str) and animal in ANIMALS,
        N_("Unknown animal: %(animal)s. The animals are bear, wolf, boar and mouflon."),
        animal=str(animal),
    )
    require(value in VALUES, N_("Card values go from 1 to 12."))
    require(
        (animal, value) not in removed_cards(players),
        N_("There is no %(animal)s %(value)d with 3 players: the 1, 6 and 12 are taken out."),
        animal=animal,
        value=value,
    )
    return (animal, value)


def parse_hands(raw: object, names: Sequence[str]) -> tuple[tuple[Card, ...], ...]:
    """The cards each player captured in a hunt: every card in the deck, none twice, 12 each."""
    seen: set[Card] = set()
    hands = []
    for hand in per_seat(raw, len(names)):
        require(isinstance(hand, list), N_("Give the cards of every player as a list."))
        assert isinstance(hand, list)
        cards = tuple(parse_card(item, len(names)) for item in hand)
        for animal, value in cards:
            require(
                (animal, value) not in seen,
                N_("The %(animal)s %(value)d is entered twice."),
                animal=animal,
                value=value,
            )
            seen.add((animal, value))
        hands.append(cards)
    for name, cards in zip(names, hands, strict=True):
        require(
            len(cards) == HAND,
            N_("Each player captures exactly %(hand)d cards in rounds 1–3; %(player)s has %(n)d."),
            hand=HAND,
            player=name,
            n=len(cards),
        )
    return tuple(hands)


def count_footprints(cards: Sequence[Card]) -> Counts:
    """Footprints per animal on these cards, by the provisional table."""
    return tuple(sum(footprints(c) for c in cards if c[0] == animal) for animal in ANIMALS)


def count_suits(cards: Sequence[Card]) -> int:
    """How many different animals these cards show."""
    return len({animal for animal, _ in cards})


@cache
def fewest_cards(players: int) -> Mapping[int, int]:
    """For each footprint count one animal can give, the fewest of its cards carrying exactly it."""
    steps = [footprints(card) for card in deck(players) if card[0] == ANIMALS[0]]
    best = {0: 0}
    for step in (s for s in steps if s > 0):
        for total, used in list(best.items()):
            if best.get(total + step, HAND + 99) > used + 1:
                best[total + step] = used + 1
    return MappingProxyType(best)


def footprint_warnings(
    state_or_players: Seated | Sequence[str] | int, footprints: object
) -> list[WarningItem]:
    """Where entered footprints disagree with the provisional table: ``(template, params)`` pairs.

    ``state_or_players`` is a match state, the players' names or their number. Malformed input is
    refused like a move would be. Warnings never block an entry: the table is not certain.
    """
    if isinstance(state_or_players, int):
        names = tuple(str(seat + 1) for seat in range(check_player_count(state_or_players)))
    elif isinstance(state_or_players, Sequence) and not isinstance(state_or_players, str):
        names = tuple(str(name) for name in state_or_players)
    else:
        names = tuple(getattr(state_or_players, "players", ()))
    players = check_player_count(len(names))
    counts = [parse_counts(raw) for raw in per_seat(footprints, players)]
    whole, reachable = deck_footprints(players), fewest_cards(players)
    warnings: list[WarningItem] = []
    for seat, (name, seat_counts) in enumerate(zip(names, counts, strict=True)):
        for animal, count in zip(ANIMALS, seat_counts, strict=True):
            if count not in reachable:
                template = N_(
                    "%(player)s: no %(animal)s cards carry exactly %(count)d footprints "
                    "(provisional table: %(most)d on all of them)."
                )
                params = {"seat": seat, "player": name, "animal": animal, "count": count}
                warnings.append((template, {**params, "most": whole}))
        needed = sum(reachable.get(count, 0) for count in seat_counts)
        if needed > HAND:
            template = N_(
                "%(player)s: these footprints need at least %(needed)d cards, "
                "but a player captures %(hand)d (provisional table)."
            )
            params = {"seat": seat, "player": name, "needed": needed, "hand": HAND}
            warnings.append((template, params))
    for index, animal in enumerate(ANIMALS):
        total = sum(seat_counts[index] for seat_counts in counts)
        if total != whole:
            template = N_(
                "The %(animal)s footprints add up to %(count)d, but every card is captured and "
                "the %(animal)s cards carry %(expected)d (provisional table)."
            )
            warnings.append((template, {"animal": animal, "count": total, "expected": whole}))
    return warnings
