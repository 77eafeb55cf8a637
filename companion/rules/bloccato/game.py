"""Bloccato e pelato behind the common rules contract: options, moves, standings and the export.

The state is in :mod:`.state`; each move is checked and applied in :mod:`.moves`, wins, draws
and the marks counted in :mod:`.scoring`, and the sheet read or generated in :mod:`.sheet`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..base import N_, GameInfo, IllegalMove, Move, Options, Outcome, Rules, move_type, whole_number
from ..players import check_players
from . import moves, scoring
from .sheet import generate_sheet, parse_sheet
from .state import BloccatoState


class Bloccato:
    """The rules of Bloccato e pelato behind the common contract."""

    info = GameInfo(slug="bloccato", name="Bloccato e pelato", min_players=2, max_players=2)

    def setup(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> BloccatoState:
        """Start a game on the given sheet (or a fair one from the seed); ``first`` seat begins."""
        names = check_players(players, self.info)
        read = Options(options)
        rng = random.Random(whole_number(seed))
        lots = rng.randrange(2)
        first = read.index("first", 2, lots, N_("The first player must be seat 0 or 1."))
        raw = read.get("sheet")
        sheet = generate_sheet(rng) if raw is None else parse_sheet(raw)
        return BloccatoState(players=names, sheet=sheet, first=first, turn=first)

    def apply(self, state: BloccatoState, move: Move) -> BloccatoState:
        """Enter the final dice of a roll, mark a cell, or pass."""
        moves.require_playing(state)
        kind = move_type(move)
        if kind == "roll":
            return moves.roll(state, move)
        if kind == "mark":
            return moves.mark(state, move)
        if kind == "pass":
            return moves.pass_turn(state)
        raise IllegalMove(N_("Unknown move: %(type)s."), type=kind)

    def standings(self, state: BloccatoState) -> list[int]:
        """Cells each seat has marked (the printed start cells not counted)."""
        return scoring.standings(state)

    def outcome(self, state: BloccatoState) -> Outcome | None:
        """A win as soon as a side's start cells are joined; a draw once neither side can join."""
        return scoring.outcome_of(state)

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


RULES: Rules[BloccatoState] = Bloccato()
