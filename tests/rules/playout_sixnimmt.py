"""Random legal 6 nimmt! moves for the registry-wide playout test.

Rounds are entered three ways at random: bull heads per seat, the cards each seat took, or a full
round in table mode (four row starters, then ten reveals drawn from the cards not seen yet, which is
a random deal; a row is chosen at random when a card is lower than every row end).
"""

from __future__ import annotations

import random
from typing import Any

from companion.rules.sixnimmt import (
    HAND,
    ROWS,
    SixNimmt,
    SixNimmtState,
    needs_choice,
    possible_cards,
)

OPTIONS: list[dict[str, Any]] = [
    {},
    {"variant": "pro"},
    {"end": {"threshold": 66, "inclusive": True}},
    {"end": {"threshold": 30}},
    {"end": {"rounds": 3}},
    {"variant": "pro", "end": {"rounds": 2}},
]
PLAYER_COUNTS: list[int] = [2, 3, 4, 6, 10]


def random_move(rules: SixNimmt, state: SixNimmtState, rng: random.Random) -> dict[str, Any] | None:
    """A random legal move for ``state``, or None once the match is over."""
    if rules.outcome(state) is not None:
        return None
    if state.table is not None:
        return random_reveal(state, rng)
    kind = rng.choice(["heads", "cards", "table"])
    if kind == "heads":
        most = (state.heads_in_play - ROWS) // state.seats
        return {"type": "round", "heads": [rng.randint(0, most) for _ in range(state.seats)]}
    deck = list(range(1, state.top_card + 1))
    rng.shuffle(deck)
    if kind == "cards":
        taken = deck[: rng.randint(0, HAND * state.seats)]
        hands: list[list[int]] = [[] for _ in range(state.seats)]
        for card in taken:
            hands[rng.randrange(state.seats)].append(card)
        return {"type": "round", "cards": hands}
    return {"type": "rows", "cards": deck[:ROWS]}


def random_reveal(state: SixNimmtState, rng: random.Random) -> dict[str, Any]:
    """One turn of a random deal: distinct unseen cards, a random row where a choice is needed."""
    cards = rng.sample(possible_cards(state), state.seats)
    choices: list[int | None] = [None] * state.seats
    for seat in needs_choice(state.table, cards):
        choices[seat] = rng.randrange(ROWS)
    return {"type": "reveal", "cards": cards, "row_choice": choices}
