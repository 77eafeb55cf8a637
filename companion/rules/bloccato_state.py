"""Bloccato e pelato: the state of a game and the questions a page asks about it.

Which seat is to move, whether it must roll or mark, which cells it may mark, whether a roll or a
mark is allowed (check/can pairs: ``check_*`` raises IllegalMove with the rule, ``can_*`` answers
yes or no), whether a side can still join its start cells and how the game ended. The moves
themselves are applied in :mod:`companion.rules.bloccato`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, replace

from .base import N_, IllegalMove, Outcome, require, whole_number
from .bloccato_board import SIZE, Cell, Mark, all_cells, joining_chain, owners, reaches, touching
from .bloccato_sheet import FACES


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


def read_dice(raw: object) -> str:
    """Five dice as a string of ``1``–``5``/``C`` in any order, sorted; refuse anything else."""
    dice = raw.replace(" ", "").upper() if isinstance(raw, str) else ""
    require(
        len(dice) == 5 and all(face in FACES for face in dice),
        N_("Enter exactly five dice, each 1 to 5 or C for a cow (for example 33C4C)."),
    )
    return "".join(sorted(dice, key=FACES.index))


def roll_results(dice: str) -> tuple[Result, ...]:
    """The marks a final roll allows: 2+ cows, and any number shown 3+ times (cows first).

    Five dice give at most one quad, or two cows together with three equal numbers (choose one).
    """
    found = [Result("C", dice.count("C"))] if dice.count("C") >= 2 else []
    found += [Result(face, dice.count(face)) for face in "12345" if dice.count(face) >= 3]
    return tuple(found)


@functools.lru_cache(maxsize=256)
def outcome_of(state: BloccatoState) -> Outcome | None:
    """A win as soon as a side's start cells are joined; a draw once neither side can join.

    Remembered per state (states are immutable values): the page and every move ask it often.
    """
    held = state.held()
    for seat in (0, 1):
        if reaches(state.sheet, held, seat, free=False):
            return Outcome(winners=(seat,), reason="joined")
    if not any(reaches(state.sheet, held, seat, free=True) for seat in (0, 1)):
        return Outcome(winners=(), reason="draw")
    return None


def winning_chain(state: BloccatoState) -> tuple[Cell, ...]:
    """The fewest cells of the winner joining their start cells (to highlight); empty if no win."""
    held = state.held()
    for seat in (0, 1):
        chain = joining_chain(state.sheet, held, seat)
        if chain:
            return chain
    return ()


def can_still_connect(state: BloccatoState, seat: int) -> bool:
    """Whether ``seat``'s start cells can still be joined through its own and free cells."""
    return reaches(state.sheet, state.held(), seat, free=True)


def whose_turn(state: BloccatoState) -> int | None:
    """The seat to play, or None once the game is over."""
    return None if outcome_of(state) is not None else state.turn


def phase(state: BloccatoState) -> str:
    """``roll`` (enter the dice), ``mark`` (tap a cell) or ``over``."""
    if outcome_of(state) is not None:
        return "over"
    return "mark" if state.dice else "roll"


def cells_for(state: BloccatoState, results: Sequence[Result]) -> list[Cell]:
    """Free cells showing a symbol of ``results`` (touching the last mark during a quad chain)."""
    symbols = {result.symbol for result in results}
    held = state.held()
    return [
        cell
        for cell in all_cells()
        if state.face(cell) in symbols
        and cell not in held
        and (state.chain is None or touching(state.chain, cell))
    ]


def markable_cells(state: BloccatoState) -> list[Cell]:
    """The cells the player to move may mark now (empty outside the mark phase), row by row."""
    if phase(state) != "mark":
        return []
    return cells_for(state, roll_results(state.dice))


def check_roll(state: BloccatoState, dice: object) -> str:
    """The sorted dice if the player to move may enter this roll now; IllegalMove otherwise."""
    require_playing(state)
    require(
        not state.dice,
        N_("First mark a cell for the roll %(dice)s, or pass."),
        dice=state.dice,
    )
    return read_dice(dice)


def can_roll(state: BloccatoState) -> bool:
    """Whether the player to move should roll the dice now."""
    return phase(state) == "roll"


def read_cell(raw: object) -> Cell:
    """A cell given as ``[row, col]`` (0 to 6 each); refuse any other shape."""
    require(
        isinstance(raw, list | tuple) and len(raw) == 2,
        N_("Give the cell as a row and a column."),
    )
    assert isinstance(raw, list | tuple)
    row, col = whole_number(raw[0]), whole_number(raw[1])
    require(
        0 <= row < SIZE and 0 <= col < SIZE,
        N_("The sheet has rows and columns 1 to 7."),
    )
    return row, col


def check_mark(state: BloccatoState, raw: object) -> Cell:
    """The cell if the player to move may mark it now; IllegalMove quoting the rule otherwise."""
    require_playing(state)
    require(
        bool(state.dice),
        N_("Roll first: a mark needs two cows or three equal numbers."),
    )
    cell = read_cell(raw)
    face = state.face(cell)
    require(face not in "XO", N_("That is a start cell: it cannot be marked."))
    require(cell not in state.held(), N_("That cell is already marked."))
    if face not in {result.symbol for result in roll_results(state.dice)}:
        if face == "C":
            raise IllegalMove(N_("The roll %(dice)s does not let you mark a cow."), dice=state.dice)
        raise IllegalMove(
            N_("The roll %(dice)s does not let you mark a %(number)s."),
            dice=state.dice,
            number=face,
        )
    if state.chain is not None:
        require(
            touching(state.chain, cell),
            N_(
                "After a quad, each mark must touch the cell marked just before"
                " (row %(row)d, column %(col)d)."
            ),
            row=state.chain[0] + 1,
            col=state.chain[1] + 1,
        )
    return cell


def can_mark(state: BloccatoState, cell: object) -> bool:
    """Whether the player to move may mark ``cell`` now."""
    try:
        check_mark(state, cell)
    except IllegalMove:
        return False
    return True


def can_pass(state: BloccatoState) -> bool:
    """Whether the player to move may pass (always, while the game runs)."""
    return outcome_of(state) is None


def require_playing(state: BloccatoState) -> None:
    """Refuse every move once the game is over."""
    require(outcome_of(state) is None, N_("The game is over: no more moves."))


def end_turn(state: BloccatoState, last: tuple[int, str, str] | None) -> BloccatoState:
    """Hand the dice to the other player, leaving any quad chain."""
    return replace(state, turn=1 - state.turn, dice="", chain=None, last=last)
