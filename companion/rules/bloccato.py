"""Bloccato e pelato (Kuh Vadis): the whole paper sheet, digital, for two players.

Seat 0 plays crosses, seat 1 circles. A turn is a ``roll`` (the final five dice, ``C`` a cow),
then a ``mark`` of one matching free cell when the roll allows it; ``pass`` ends the turn at any
point. Two or three cows, or exactly three equal numbers, mark one cell and end the turn; four or
five cows or equal numbers mark one cell and the same player rolls again, each further mark
touching the one made just before. Whoever joins their three start cells first wins; when neither
side can join theirs any more the game is a draw at once.

Decisions where the rulebook is silent:

* A roll that marks nothing (no result, or no matching free cell — next to the last mark after a
  quad) ends the turn by itself; ``last_turn`` says why.
* ``pass`` is always allowed while the game runs: before a roll it means "I rolled nothing" (or
  gives up the rest of a quad chain); after a roll the player declines to mark ("può marcare").
* Standings count the cells each player marked, not the printed start cells.
* A draw is an Outcome with no winners and reason ``"draw"``; a win has reason ``"joined"``.
* Without the ``first`` option the starting player is drawn from the seed, as the rulebook draws
  lots; without ``sheet`` a fair sheet is generated from the same seed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from .base import N_, GameInfo, IllegalMove, Move, Outcome, move_type, require, whole_number
from .bloccato_sheet import generate_sheet, parse_sheet, start_costs, valid_sheet
from .bloccato_state import (
    BloccatoState,
    Result,
    can_mark,
    can_pass,
    can_roll,
    can_still_connect,
    cells_for,
    check_mark,
    check_roll,
    end_turn,
    markable_cells,
    outcome_of,
    phase,
    read_dice,
    require_playing,
    roll_results,
    whose_turn,
    winning_chain,
)
from .bloccato_text import explain, explain_last
from .players import check_players

__all__ = [
    "RULES",
    "BloccatoState",
    "Result",
    "can_mark",
    "can_pass",
    "can_roll",
    "can_still_connect",
    "check_mark",
    "check_roll",
    "generate_sheet",
    "last_turn",
    "markable_cells",
    "phase",
    "read_dice",
    "roll_results",
    "start_costs",
    "valid_sheet",
    "whose_turn",
    "why",
    "winning_chain",
]

MAX_THROWS = 3
"""The rulebook allows up to three throws a turn."""


def why(state: BloccatoState) -> tuple[str, dict[str, object]]:
    """What the player to move may do and why, as a translatable template and its params."""
    return explain(state)


def last_turn(state: BloccatoState) -> tuple[str, dict[str, object]] | None:
    """How the previous turn ended without a mark (nothing rolled, no cell, a pass), if it did."""
    return explain_last(state)


def _read_throws(raw: object, dice: str) -> None:
    """Check the optional in-app ``throws``: 1 to 3 throws of five dice, the last one ``dice``."""
    require(
        isinstance(raw, list) and 1 <= len(raw) <= MAX_THROWS,
        N_("A turn has one to three throws."),
    )
    assert isinstance(raw, list)
    throws = [read_dice(throw) for throw in raw]
    require(throws[-1] == dice, N_("The last throw must be the dice of the roll."))


class Bloccato:
    """The rules of Bloccato e pelato behind the common contract."""

    info = GameInfo(slug="bloccato", name="Bloccato e pelato", min_players=2, max_players=2)

    def setup(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> BloccatoState:
        """Start a game on the given sheet (or a fair one from the seed); ``first`` seat begins."""
        names = check_players(players, self.info)
        options = {} if options is None else options
        require(isinstance(options, Mapping), N_("The options are not understood."))
        rng = random.Random(whole_number(seed))
        first = rng.randrange(2)
        if options.get("first") is not None:
            first = whole_number(options["first"])
            require(first in (0, 1), N_("The first player must be seat 0 or 1."))
        raw = options.get("sheet")
        sheet = generate_sheet(rng) if raw is None else parse_sheet(raw)
        return BloccatoState(players=names, sheet=sheet, first=first, turn=first)

    def apply(self, state: BloccatoState, move: Move) -> BloccatoState:
        """Enter the final dice of a roll, mark a cell, or pass."""
        require_playing(state)
        kind = move_type(move)
        if kind == "roll":
            dice = check_roll(state, move.get("dice"))
            if "throws" in move:
                _read_throws(move["throws"], dice)
            results = roll_results(dice)
            if not results:
                return end_turn(state, (state.turn, dice, "nothing"))
            if not cells_for(state, results):
                return end_turn(state, (state.turn, dice, "no_cell"))
            return replace(state, dice=dice, last=None)
        if kind == "mark":
            cell = check_mark(state, move.get("cell"))
            marked = replace(state, marks=(*state.marks, (state.turn, *cell)), last=None)
            quad = any(r.quad for r in roll_results(state.dice) if r.symbol == state.face(cell))
            if quad:
                return replace(marked, dice="", chain=cell)
            return end_turn(marked, None)
        if kind == "pass":
            return end_turn(state, (state.turn, state.dice, "pass"))
        raise IllegalMove(N_("Unknown move: %(type)s."), type=kind)

    def standings(self, state: BloccatoState) -> list[int]:
        """Cells each seat has marked (the printed start cells not counted)."""
        return [sum(1 for mark in state.marks if mark[0] == seat) for seat in (0, 1)]

    def outcome(self, state: BloccatoState) -> Outcome | None:
        """A win as soon as a side's start cells are joined; a draw once neither side can join."""
        return outcome_of(state)

    def to_dict(self, state: BloccatoState) -> dict[str, Any]:
        """The state as plain JSON."""
        return {
            "players": list(state.players),
            "sheet": list(state.sheet),
            "first": state.first,
            "turn": state.turn,
            "marks": [list(mark) for mark in state.marks],
            "dice": state.dice,
            "chain": None if state.chain is None else list(state.chain),
            "last": None if state.last is None else list(state.last),
        }

    def from_dict(self, data: Mapping[str, Any]) -> BloccatoState:
        """Rebuild a state written by ``to_dict``."""
        chain, last = data.get("chain"), data.get("last")
        return BloccatoState(
            players=tuple(data["players"]),
            sheet=tuple(data["sheet"]),
            first=int(data["first"]),
            turn=int(data["turn"]),
            marks=tuple((int(s), int(r), int(c)) for s, r, c in data["marks"]),
            dice=str(data.get("dice", "")),
            chain=None if chain is None else (int(chain[0]), int(chain[1])),
            last=None if last is None else (int(last[0]), str(last[1]), str(last[2])),
        )


RULES = Bloccato()
