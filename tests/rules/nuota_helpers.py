"""Shared ground for the Nuota per la vita rule tests: names, species and entry shortcuts."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from companion.rules.base import IllegalMove
from companion.rules.nuota import RULES, NuotaState

_package = __name__.rpartition(".")[0]  # "" while tests/ is not a package
playout_nuota = importlib.import_module(
    f"{_package}.playout_nuota" if _package else "playout_nuota"
)

PLAYERS = ["Tim", "Mia", "Lino", "Leo", "Anna"]
GIRAFFES = 0
MOLE, GOAT = 2, 3


def start(players: int = 3, **options: Any) -> NuotaState:
    return RULES.setup(PLAYERS[:players], options)


def points(state: NuotaState, *totals: int | None) -> NuotaState:
    return RULES.apply(state, {"type": "showdown", "points": list(totals)})


def hands(state: NuotaState, *shown: dict[str, int] | None) -> NuotaState:
    return RULES.apply(state, {"type": "showdown", "hands": list(shown)})


def sudden(state: NuotaState, seat: int, combo: str = "hares") -> NuotaState:
    return RULES.apply(state, {"type": "sudden_death", "seat": seat, "combo": combo})


def with_lives(players: int, *lives: int, **options: Any) -> NuotaState:
    """A fresh match where the seats already have these lives (as if earlier rounds were played)."""
    state = start(players, **options)
    return NuotaState(state.players, state.variant, state.first, tuple(lives))


def refused(state: NuotaState, move: Any) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        RULES.apply(state, move)
    error = caught.value
    assert error.reason == (error.template % error.params if error.params else error.template)
    return error
