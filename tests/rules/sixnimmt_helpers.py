"""Shared ground for the 6 nimmt! rule tests, by heads and in table mode.

Names, shortcuts for rounds and reveals, the rulebook's figures and a full staircase round.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules import IllegalMove
from companion.rules.sixnimmt import RULES, SixNimmtState

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo"]


def match(players: int = 3, **options: Any) -> SixNimmtState:
    """A fresh match for the first ``players`` names."""
    return RULES.setup(NAMES[:players], options)


def play(state: SixNimmtState, *rounds: list[int]) -> SixNimmtState:
    """Enter each round by heads."""
    for heads in rounds:
        state = RULES.apply(state, {"type": "round", "heads": heads})
    return state


def refused(state: SixNimmtState, move: Any, words: str) -> None:
    """The move is refused with a reason containing ``words``."""
    with pytest.raises(IllegalMove) as error:
        RULES.apply(state, move)
    assert words in error.value.reason


def table(players: int = 4, rows: list[int] | None = None, **options: Any) -> SixNimmtState:
    """A match with the rows of a round on the table (figure 1 by default)."""
    state = RULES.setup(NAMES[:players], options)
    return RULES.apply(state, {"type": "rows", "cards": rows or [12, 37, 43, 58]})


def reveal(state: SixNimmtState, cards: list[int], choice: Any = None) -> SixNimmtState:
    """Reveal one turn; ``choice`` is the row_choice list (left out when None)."""
    move: dict[str, Any] = {"type": "reveal", "cards": cards}
    if choice is not None:
        move["row_choice"] = choice
    return RULES.apply(state, move)


def figure(number: int) -> SixNimmtState:
    """The table after figure 1, 2, 3 or 4 of the rulebook (seats play in a mixed order)."""
    state = table()
    turns = [
        ([61, 14, 44, 15], None),
        ([36, 30, 21, 26], None),
        ([83, 3, 68, 9], [None, 1, None, None]),
    ]
    for cards, choice in turns[: number - 1]:
        state = reveal(state, cards, choice)
    return state


def play_staircase(options: dict[str, Any] | None = None) -> list[SixNimmtState]:
    """A full 2-player round on rows 1-4: the turns play 5-6, 7-8, ... 23-24 (every state kept)."""
    state = RULES.setup(NAMES[:2], options or {})
    states = [RULES.apply(state, {"type": "rows", "cards": [1, 2, 3, 4]})]
    for turn in range(1, 11):
        states.append(reveal(states[-1], [2 * turn + 3, 2 * turn + 4]))
    return states
