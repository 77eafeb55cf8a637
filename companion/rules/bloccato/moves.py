"""Bloccato e pelato: the moves — a ``roll``, a ``mark``, a ``pass`` — and the questions a page
asks before offering them.

Which seat is to move, whether it must roll or mark, which cells it may mark, whether a roll or a
mark is allowed (check/can pairs: ``check_*`` raises IllegalMove with the rule, ``can_*`` answers
yes or no), and how each move changes the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..base import N_, IllegalMove, Move, can, require, whole_number
from .board import SIZE, Cell, all_cells, touching
from .scoring import outcome_of
from .sheet import FACES
from .state import BloccatoState, Result

MAX_THROWS = 3
"""The rulebook allows up to three throws a turn."""


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


def require_playing(state: BloccatoState) -> None:
    """Refuse every move once the game is over."""
    require(outcome_of(state) is None, N_("The game is over: no more moves."))


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


def check_throws(raw: object, dice: str) -> None:
    """Check the optional in-app ``throws``: 1 to 3 throws of five dice, the last one ``dice``."""
    require(
        isinstance(raw, list) and 1 <= len(raw) <= MAX_THROWS,
        N_("A turn has one to three throws."),
    )
    assert isinstance(raw, list)
    throws = [read_dice(throw) for throw in raw]
    require(throws[-1] == dice, N_("The last throw must be the dice of the roll."))


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
    return can(check_mark, state, cell)


def can_pass(state: BloccatoState) -> bool:
    """Whether the player to move may pass (always, while the game runs)."""
    return outcome_of(state) is None


def end_turn(state: BloccatoState, last: tuple[int, str, str] | None) -> BloccatoState:
    """Hand the dice to the other player, leaving any quad chain."""
    return replace(state, turn=1 - state.turn, dice="", chain=None, last=last)


def roll(state: BloccatoState, move: Move) -> BloccatoState:
    """The final dice of a roll: waiting for a mark, or the turn over when they mark nothing."""
    dice = check_roll(state, move.get("dice"))
    if "throws" in move:
        check_throws(move["throws"], dice)
    results = roll_results(dice)
    if not results:
        return end_turn(state, (state.turn, dice, "nothing"))
    if not cells_for(state, results):
        return end_turn(state, (state.turn, dice, "no_cell"))
    return replace(state, dice=dice, last=None)


def mark(state: BloccatoState, move: Move) -> BloccatoState:
    """Mark a cell: after a quad the same player rolls again, otherwise the turn ends."""
    cell = check_mark(state, move.get("cell"))
    marked = replace(state, marks=(*state.marks, (state.turn, *cell)), last=None)
    quad = any(r.quad for r in roll_results(state.dice) if r.symbol == state.face(cell))
    if quad:
        return replace(marked, dice="", chain=cell)
    return end_turn(marked, None)


def pass_turn(state: BloccatoState) -> BloccatoState:
    """End the turn without a mark (before a roll, or declining to mark after one)."""
    return end_turn(state, (state.turn, state.dice, "pass"))
