"""Nuota per la vita behind the common rules contract: options, moves, standings and the export.

The match keeps the lives and the round-by-round history (:mod:`.state`); each move is checked
and recorded in :mod:`.moves`, the majorities and lives lost counted in :mod:`.scoring`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import N_, GameInfo, IllegalMove, Move, Options, Outcome, Rules, move_type, require
from ..players import check_players
from . import moves, scoring
from .state import LIVES, VARIANTS, NuotaState, state_from_dict, state_to_dict


class Nuota:
    """The rules of Nuota per la vita behind the common contract."""

    info = GameInfo(slug="nuota", name="Nuota per la vita", min_players=3, max_players=5)

    def setup(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> NuotaState:
        """Start a match: 5 lives each; ``variant`` base or expert, ``first`` the first starter."""
        names = check_players(players, self.info)
        read = Options(options)
        variant = read.choice("variant", VARIANTS, "base", N_("Unknown variant."))
        first = read.index(
            "first", len(names), 0, N_("The first player must be one of the players.")
        )
        return NuotaState(players=names, variant=variant, first=first, lives=(LIVES,) * len(names))

    def apply(self, state: NuotaState, move: Move) -> NuotaState:
        """End a round by showdown (hands or totals) or by sudden death."""
        require(self.outcome(state) is None, N_("The match is over: no more entries."))
        kind = move_type(move)
        if kind == "showdown":
            return moves.showdown(state, move)
        if kind == "sudden_death":
            return moves.sudden_death(state, move)
        raise IllegalMove(N_("Unknown move: %(type)s."), type=kind)

    def standings(self, state: NuotaState) -> list[int]:
        """Lives per seat (0 for a seat that is out)."""
        return scoring.standings(state)

    def outcome(self, state: NuotaState) -> Outcome | None:
        """Over when one player is left: the last one standing wins."""
        return scoring.outcome(state)

    def to_dict(self, state: NuotaState) -> dict[str, Any]:
        """The state as plain JSON."""
        return state_to_dict(state)

    def from_dict(self, data: Mapping[str, Any]) -> NuotaState:
        """Rebuild a state written by ``to_dict``."""
        return state_from_dict(data)


RULES: Rules[NuotaState] = Nuota()
