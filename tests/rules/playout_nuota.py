"""Random legal moves for Nuota per la vita, for the registry-wide random playout test.

Rounds are dealt from a shuffled deck, so shown hands and typed totals are always ones real cards
can produce; sudden death comes now and then, in the combos the variant allows.
"""

from __future__ import annotations

import random
from typing import Any

from companion.rules.nuota import alive, combos, score_hands, species_table

OPTIONS: list[dict[str, Any]] = [
    {},
    {"variant": "base", "first": 2},
    {"variant": "expert"},
    {"variant": "expert", "first": 1},
]
PLAYER_COUNTS: list[int] = [3, 4, 5]


def deal(seats: int, live: tuple[int, ...], rng: random.Random) -> list[dict[str, int] | None]:
    """Shuffle the 60 cards and give 10 to every seat still in the game (None for those out)."""
    deck = [species.name for species in species_table() for _ in range(species.copies)]
    rng.shuffle(deck)
    hands: list[dict[str, int] | None] = [None] * seats
    for order, seat in enumerate(live):
        hand: dict[str, int] = {}
        for name in deck[order * 10 : order * 10 + 10]:
            hand[name] = hand.get(name, 0) + 1
        hands[seat] = hand
    return hands


def random_move(rules: Any, state: Any, rng: random.Random) -> dict[str, Any] | None:
    """A random legal move for ``state``: shown hands, typed totals or a sudden death."""
    if rules.outcome(state) is not None:
        return None
    live = alive(state)
    roll = rng.random()
    if roll < 0.15:
        seat = rng.choice(live)
        return {"type": "sudden_death", "seat": seat, "combo": rng.choice(combos(state))}
    hands = deal(state.seats, live, rng)
    if roll < 0.6:
        return {"type": "showdown", "hands": hands}
    points = list(score_hands(hands, len(live)).points)
    return {"type": "showdown", "points": points}
