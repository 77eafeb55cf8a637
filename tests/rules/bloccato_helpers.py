"""Shared ground for the Bloccato e pelato rule tests: sheets and shortcuts to roll and mark."""

from __future__ import annotations

import importlib
from typing import Any

from companion.rules.bloccato import RULES, BloccatoState
from companion.rules.bloccato.board import Cell

_package = __name__.rpartition(".")[0]  # "" while tests/ is not a package
playout = importlib.import_module(
    f"{_package}.playout_bloccato" if _package else "playout_bloccato"
)
OPTIONS, random_move = playout.OPTIONS, playout.random_move

PASS: dict[str, Any] = {"type": "pass"}
AFTER_THE_END: list[dict[str, Any]] = [
    PASS,
    {"type": "roll", "dice": "CCCCC"},
    {"type": "mark", "cell": [3, 3]},
]


def make_sheet(
    crosses: list[Cell], circles: list[Cell], faces: dict[Cell, str] | None = None
) -> list[str]:
    """A sheet with a regular pattern of faces, the given start cells and face overrides."""
    grid = [["12345C"[(row + 2 * col) % 6] for col in range(7)] for row in range(7)]
    for (row, col), face in (faces or {}).items():
        grid[row][col] = face
    for row, col in crosses:
        grid[row][col] = "X"
    for row, col in circles:
        grid[row][col] = "O"
    return ["".join(row) for row in grid]


def start(sheet: list[str], first: int = 0) -> BloccatoState:
    """A new game on ``sheet`` with ``first`` to play; Sara crosses, Emilio circles."""
    return RULES.setup(["Sara", "Emilio"], {"sheet": sheet, "first": first}, seed=1)


def roll(state: BloccatoState, dice: str) -> BloccatoState:
    """Enter the final dice of a roll."""
    return RULES.apply(state, {"type": "roll", "dice": dice})


def mark(state: BloccatoState, cell: Cell) -> BloccatoState:
    """Mark ``cell``."""
    return RULES.apply(state, {"type": "mark", "cell": list(cell)})


def normal_roll(face: str) -> str:
    """A roll that marks exactly one cell showing ``face`` and ends the turn."""
    if face == "C":
        return "CC123"
    return face * 3 + "".join(other for other in "12345" if other != face)[:2]


def play(state: BloccatoState, seat: int, cell: Cell) -> BloccatoState:
    """``seat`` marks ``cell`` with a normal roll (the other player passes first if needed)."""
    if state.turn != seat:
        state = RULES.apply(state, PASS)
    return mark(roll(state, normal_roll(state.face(cell))), cell)


def winners(state: BloccatoState) -> tuple[int, ...] | None:
    """The winning seats once the game is over, None while it goes on."""
    outcome = RULES.outcome(state)
    return None if outcome is None else outcome.winners


EXAMPLE = make_sheet(
    crosses=[(0, 0), (0, 6), (6, 3)],
    circles=[(6, 0), (6, 6), (0, 3)],
    faces={(3, 3): "3", (3, 2): "C", (2, 1): "1", (2, 2): "4", (2, 3): "5", (2, 4): "5"},
)
