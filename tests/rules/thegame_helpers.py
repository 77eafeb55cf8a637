"""Shared ground for The Game rule tests: pile numbers, names, shortcuts to play and refuse.

Every module builds its matches the same way.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from companion.rules.base import IllegalMove
from companion.rules.thegame import RULES, TheGameState

UP, UP2, DOWN, DOWN2 = 0, 1, 2, 3
NAMES = ["Martino", "Susanna", "Giacomo", "Anna", "Leo"]


def new(players: int = 3, **options: Any) -> TheGameState:
    """A fresh match for the first ``players`` names."""
    return RULES.setup(NAMES[:players], options)


def play(state: TheGameState, pile: int, *cards: int) -> TheGameState:
    """Put the cards on one pile, one after the other."""
    for card in cards:
        state = RULES.apply(state, {"type": "play", "pile": pile, "card": card})
    return state


def end(state: TheGameState) -> TheGameState:
    """End the active player's turn."""
    return RULES.apply(state, {"type": "end_turn"})


def play_through(state: TheGameState, plays: Iterable[tuple[int, int]]) -> TheGameState:
    """Play the cards in order, each player emptying the hand before ending the turn."""
    for pile, card in plays:
        if state.hands[state.seat] == 0:
            state = end(state)
        state = play(state, pile, card)
    return state


def refused(state: TheGameState, move: Any, words: str) -> None:
    """The move is refused with a reason containing ``words``."""
    with pytest.raises(IllegalMove) as caught:
        RULES.apply(state, move)
    assert words in caught.value.reason
