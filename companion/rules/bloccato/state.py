"""Bloccato e pelato: the state of a game, an immutable value.

The sheet, whose turn it is, the marks in order and the roll waiting for a mark; and
:class:`Result`, what one final roll lets the player mark. What may be done with a state is in
:mod:`.moves`, how it ended in :mod:`.scoring`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import Cell, Mark, owners


@dataclass(frozen=True)
class Result:
    """What a roll lets the player mark: ``symbol`` (``1``–``5`` or ``C``) shown ``count`` times."""

    symbol: str
    count: int

    @property
    def quad(self) -> bool:
        """Four or five alike: mark anywhere (or next to the last mark) and roll again."""
        return self.count >= 4


@dataclass(frozen=True)
class BloccatoState:
    """A game: the sheet, whose turn it is, the marks in order and the roll waiting for a mark.

    ``dice`` is the roll waiting for a mark ("" while the player must roll); ``chain`` the cell
    the next mark must touch after a quad; ``last`` how the previous turn ended without a mark,
    as ``(seat, dice, what)`` with ``what`` one of ``nothing``, ``no_cell``, ``pass``.
    """

    players: tuple[str, ...]
    sheet: tuple[str, ...]
    first: int
    turn: int
    marks: tuple[Mark, ...] = ()
    dice: str = ""
    chain: Cell | None = None
    last: tuple[int, str, str] | None = None

    def held(self) -> dict[Cell, int]:
        """Who holds each taken cell (printed start cells and marks)."""
        return owners(self.sheet, self.marks)

    def face(self, cell: Cell) -> str:
        """The symbol printed in ``cell``."""
        return self.sheet[cell[0]][cell[1]]
