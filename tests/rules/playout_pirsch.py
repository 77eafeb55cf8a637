"""Random legal moves for Auf der Pirsch, for the registry-wide playout test.

Hunts are drawn from a real deal (every card captured, 12 per player), entered either card by card
or as footprints; some footprint entries are scrambled to exercise warnings (still legal). The
final hands out the 12 tricks of a shuffled deck to random players.
"""

from __future__ import annotations

import random
from typing import Any

from companion.rules.pirsch import PirschState, next_move_type
from companion.rules.pirsch.cards import (
    ANIMALS,
    HAND,
    Card,
    as_dict,
    count_footprints,
    count_suits,
    deck,
    types,
)

OPTIONS: list[dict[str, Any]] = [
    {},
    {"multiplier": "suits"},
    {"multiplier": "footprints", "trumps": ["mouflon", "bear", "wolf", "boar"]},
    {"multiplier": "suits", "trumps": ["wolf", "boar", "bear", "mouflon"]},
]
PLAYER_COUNTS: list[int] = [3, 4]


def deal(players: int, rng: random.Random) -> list[list[Card]]:
    """Shuffle the deck in play and give each player 12 cards (what each captures in a hunt)."""
    cards = list(deck(players))
    rng.shuffle(cards)
    return [cards[seat * HAND : (seat + 1) * HAND] for seat in range(players)]


def final_cards(players: int, rng: random.Random) -> list[dict[str, int]]:
    """Round 4: the 12 tricks of a shuffled deck, each won by a random player, counted by animal."""
    cards = list(deck(players))
    rng.shuffle(cards)
    won: list[list[Card]] = [[] for _ in range(players)]
    for trick in range(HAND):
        won[rng.randrange(players)].extend(cards[trick * players : (trick + 1) * players])
    return [{a: sum(1 for c in hand if c[0] == a) for a in ANIMALS} for hand in won]


def random_move(rules: Any, state: PirschState, rng: random.Random) -> dict[str, Any] | None:
    """A random legal move for ``state``, or None once the match is over."""
    kind = next_move_type(state)
    if kind is None:
        return None
    if kind == "final":
        return {"type": "final", "cards": final_cards(state.seats, rng)}
    hands = deal(state.seats, rng)
    if rng.random() < 0.4:
        return {"type": "hunt", "cards": [[[a, v] for a, v in hand] for hand in hands]}
    counts = [count_footprints(hand) for hand in hands]
    if rng.random() < 0.3:
        counts = [tuple(rng.randint(0, 9) for _ in ANIMALS) for _ in hands]
    move: dict[str, Any] = {"type": "hunt", "footprints": [as_dict(c) for c in counts]}
    if state.multiplier == "suits":
        move["suits"] = [
            max(count_suits(hand), types(c)) for hand, c in zip(hands, counts, strict=True)
        ]
    return move
