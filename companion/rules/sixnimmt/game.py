"""6 nimmt! behind the common rules contract: options, moves, standings and the export.

The match is :mod:`.state`; each move is checked and played in :mod:`.moves` (the table-mode
turns placed by :mod:`.table`), the heads and winners counted in :mod:`.scoring`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import N_, GameInfo, IllegalMove, Move, Options, Outcome, Rules, move_type, require
from ..players import check_players
from . import moves, scoring
from .state import SixNimmtState, parse_end
from .table import table_from_dict, table_to_dict


class SixNimmt:
    """The rules of 6 nimmt! behind the common contract."""

    info = GameInfo(slug="sixnimmt", name="6 nimmt!", min_players=2, max_players=10)

    def setup(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> SixNimmtState:
        """Start a match; professional variant only for 2–6 players, as the rulebook says."""
        names = check_players(players, self.info)
        raw = options or {}
        require(isinstance(raw, Mapping), N_("The options of the match are not understood."))
        read = Options(raw)
        variant = read.choice("variant", ("base", "pro"), "base", N_("Unknown variant."))
        if variant == "pro":
            require(len(names) <= 6, N_("The professional variant is for 2 to 6 players."))
        return SixNimmtState(players=names, variant=variant, end=parse_end(read.get("end")))

    def apply(self, state: SixNimmtState, move: Move) -> SixNimmtState:
        """Score a round (by heads or by cards) or play a table-mode step."""
        require(self.outcome(state) is None, N_("The match is over: no more entries."))
        kind = move_type(move)
        if kind == "round":
            return moves.score_round(state, move)
        if kind == "rows":
            return moves.rows(state, move)
        if kind == "reveal":
            return moves.reveal(state, move)
        raise IllegalMove(N_("Unknown move: %(type)s."), type=kind)

    def standings(self, state: SixNimmtState) -> list[int]:
        """Bull heads per seat: the lower the better."""
        return scoring.standings(state)

    def outcome(self, state: SixNimmtState) -> Outcome | None:
        """Over when the end rule is reached; the lowest totals win together."""
        return scoring.outcome(state)

    def to_dict(self, state: SixNimmtState) -> dict[str, Any]:
        """The state as plain JSON."""
        return {
            "players": list(state.players),
            "variant": state.variant,
            "end": state.end.to_dict(),
            "rounds": [list(r) for r in state.rounds],
            "table": table_to_dict(state.table),
        }

    def from_dict(self, data: Mapping[str, Any]) -> SixNimmtState:
        """Rebuild a state written by ``to_dict``."""
        return SixNimmtState(
            players=tuple(data["players"]),
            variant=data["variant"],
            end=parse_end(data["end"]),
            rounds=tuple(tuple(r) for r in data["rounds"]),
            table=table_from_dict(data.get("table")),
        )


RULES: Rules[SixNimmtState] = SixNimmt()
