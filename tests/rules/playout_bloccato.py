"""Random legal moves of Bloccato e pelato, for the registry-wide playout test.

Rolls are thrown the way a player would: up to three throws, keeping the largest group of equal
faces, so most turns mark something and games end (a win or a draw) in a few hundred moves.
"""

from __future__ import annotations

import random
from typing import Any

from companion.rules.bloccato import BloccatoState, markable_cells, phase

FACES = "12345C"

PAPER_SHEET = ["3X1C5X2", "24C3142", "C5213C4", "4C5X3O1", "1342C5C", "O21C34C", "5C41O23"]
"""A sheet as if typed in from a paper pad (not symmetric)."""

OPTIONS: list[dict[str, Any]] = [
    {},
    {"first": 1},
    {"sheet": PAPER_SHEET},
    {"sheet": PAPER_SHEET, "first": 0},
]
PLAYER_COUNTS: list[int] = [2]


def throw_turn(rng: random.Random) -> list[str]:
    """Up to three throws of five dice, keeping the largest group each time; every throw in full."""
    kept: list[str] = []
    throws: list[str] = []
    for _ in range(3):
        dice = kept + [rng.choice(FACES) for _ in range(5 - len(kept))]
        throws.append("".join(dice))
        best = max(FACES, key=lambda face: (dice.count(face) + (face == "C"), face))
        kept = [best] * dice.count(best)
        if len(kept) >= 4 or (best == "C" and len(kept) >= 2):
            break
    return throws


def random_move(rules: Any, state: BloccatoState, rng: random.Random) -> dict[str, Any] | None:
    """A random legal move for the player to move, or None once the game is over."""
    if rules.outcome(state) is not None:
        return None
    if rng.random() < 0.03:
        return {"type": "pass"}
    if phase(state) == "mark":
        row, col = rng.choice(markable_cells(state))
        return {"type": "mark", "cell": [row, col]}
    throws = throw_turn(rng)
    dice = "".join(rng.sample(throws[-1], 5))
    if rng.random() < 0.5:
        return {"type": "roll", "dice": dice, "throws": throws}
    return {"type": "roll", "dice": dice}
