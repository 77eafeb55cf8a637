"""Random legal moves for The Game, for the registry-wide playout test.

Most playouts track the piles card by card; a few enter a typed result at once. Every tracker move
plays a card or ends a turn that played one, so a playout ends within 2 × 98 moves.
"""

from __future__ import annotations

import random
from typing import Any

from companion.rules import thegame as tg

OPTIONS: list[dict[str, Any]] = [
    {},
    {"variant": "pro"},
    {"variant": "pro", "small_hand": True},
    {"on_fire": True},
    {"variant": "pro", "small_hand": True, "on_fire": True},
]
PLAYER_COUNTS: list[int] = [1, 2, 3, 5]


def legal_plays(state: tg.TheGameState) -> list[dict[str, Any]]:
    """Every play the tracker accepts now (it cannot see the hands, so any unplayed card)."""
    if state.hands[state.seat] == 0:
        return []
    played = tg.played_cards(state)
    tops = tg.pile_tops(state)
    return [
        {"type": "play", "pile": pile, "card": card}
        for card in range(tg.LOWEST, tg.HIGHEST + 1)
        if card not in played
        for pile in range(tg.PILES)
        if tg.fits(pile, tops[pile], card)
    ]


def random_move(rules: Any, state: tg.TheGameState, rng: random.Random) -> dict[str, Any] | None:
    """A random legal move, or None once the game is over."""
    if rules.outcome(state) is not None:
        return None
    if not tg.tracking(state) and rng.random() < 0.2:
        return {"type": "result", "left": rng.randint(0, tg.result_bound(state.variant))}
    if tg.can_declare_stuck(state) and rng.random() < 0.02:
        return {"type": "stuck"}
    plays = legal_plays(state)
    if tg.can_end_turn(state) and (not plays or rng.random() < 0.4):
        return {"type": "end_turn"}
    if plays:
        # Small steps keep the piles open, so some playouts get far or beat the game.
        plays.sort(key=lambda move: abs(move["card"] - tg.pile_top(state, move["pile"])))
        return plays[min(int(rng.expovariate(0.5)), len(plays) - 1)]
    return {"type": "stuck"}
