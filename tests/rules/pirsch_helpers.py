"""Shared ground for the Auf der Pirsch rule tests: names, the rulebook's example, shortcuts.

Every Pirsch test module starts its matches and checks its refusals the same way.
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from typing import Any

import pytest

from companion.rules.base import IllegalMove
from companion.rules.pirsch import RULES, PirschState
from companion.rules.pirsch.cards import ANIMALS

NAMES4 = ["Ann", "Bob", "Cy", "Dee"]
NAMES3 = ["Ann", "Bob", "Cy"]
EXAMPLE = {"bear": 5, "wolf": 4, "boar": 3, "mouflon": 0}
EMPTY = {"bear": 0, "wolf": 0, "boar": 0, "mouflon": 0}


def load_playout() -> Any:
    """The playout helper of this game, loaded by path so the test does not depend on packaging."""
    path = Path(__file__).with_name("playout_pirsch.py")
    spec = importlib.util.spec_from_file_location("playout_pirsch", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PLAYOUT = load_playout()


def start(names: list[str] = NAMES4, **options: Any) -> PirschState:
    return RULES.setup(names, options)


def hunt(*footprints: Any, **extra: Any) -> dict[str, Any]:
    return {"type": "hunt", "footprints": list(footprints), **extra}


def dealt_hands(players: int, seed: int = 1) -> list[list[list[Any]]]:
    """Every card in play, shuffled and split 12 per player, as a per-card hunt carries them."""
    return [[[a, v] for a, v in hand] for hand in PLAYOUT.deal(players, random.Random(seed))]


def after_hunts(names: list[str] = NAMES4, **options: Any) -> PirschState:
    """A match with its three hunts entered (rulebook example for seat 0, nothing for the rest)."""
    state = start(names, **options)
    extra = {"suits": [3] + [2] * (len(names) - 1)} if options.get("multiplier") == "suits" else {}
    for _ in range(3):
        state = RULES.apply(state, hunt(EXAMPLE, *[EMPTY] * (len(names) - 1), **extra))
    return state


def even_final(players: int) -> list[dict[str, int]]:
    """Round 4 where the cards are spread as evenly as whole tricks allow (4p: 12 each; 3p: 12)."""
    if players == 4:
        return [{a: 3 for a in ANIMALS} for _ in range(4)]
    return [{"bear": 3, "wolf": 3, "boar": 3, "mouflon": 3} for _ in range(3)]


def refused(state: PirschState, move: Any, needle: str = "") -> IllegalMove:
    before = RULES.to_dict(state)
    with pytest.raises(IllegalMove) as caught:
        RULES.apply(state, move)
    assert RULES.to_dict(state) == before
    assert needle in caught.value.reason
    return caught.value
