"""Auf der Pirsch behind the common rules contract: options, moves, standings and the export.

The match keeps the rounds as entered (:mod:`.state`); each move is checked and scored in
:mod:`.moves`, the totals and winners counted in :mod:`.scoring`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import N_, GameInfo, IllegalMove, Move, Options, Outcome, Rules, move_type, require
from ..players import check_players
from . import moves, scoring
from .cards import ANIMALS
from .state import MULTIPLIERS, ROUNDS, PirschState, RoundRecord


class Pirsch:
    """The rules of Auf der Pirsch behind the common contract."""

    info = GameInfo(slug="pirsch", name="Auf der Pirsch", min_players=3, max_players=4)

    def setup(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> PirschState:
        """Start a match of 3 or 4 players; nothing is random, so ``seed`` is unused.

        By default footprint types count and the trump order is not recorded.
        """
        names = check_players(players, self.info)
        read = Options(options)
        multiplier = read.choice(
            "multiplier",
            MULTIPLIERS,
            "footprints",
            N_("The multiplier counts footprint types or captured suits."),
        )
        trumps = read.get("trumps")
        if trumps is not None:
            require(
                isinstance(trumps, list | tuple)
                and len(trumps) == ROUNDS
                and all(isinstance(t, str) for t in trumps)
                and sorted(trumps) == sorted(ANIMALS),
                N_("The four trump cards name each animal once, one per round."),
            )
            trumps = tuple(trumps)
        return PirschState(players=names, multiplier=multiplier, trumps=trumps)

    def apply(self, state: PirschState, move: Move) -> PirschState:
        """Score a hunt (rounds 1–3) or the final (round 4)."""
        moves.check_open(state)
        kind = move_type(move)
        if kind == "hunt":
            return moves.hunt(state, move)
        if kind == "final":
            return moves.final(state, move)
        raise IllegalMove(N_("Unknown move: %(type)s."), type=kind)

    def standings(self, state: PirschState) -> list[int]:
        """Points per seat: the higher the better."""
        return scoring.standings(state)

    def outcome(self, state: PirschState) -> Outcome | None:
        """Over after round 4; the highest totals win together."""
        return scoring.outcome(state)

    def to_dict(self, state: PirschState) -> dict[str, Any]:
        """The state as plain JSON."""
        return {
            "players": list(state.players),
            "multiplier": state.multiplier,
            "trumps": None if state.trumps is None else list(state.trumps),
            "rounds": [record.to_dict() for record in state.rounds],
        }

    def from_dict(self, data: Mapping[str, Any]) -> PirschState:
        """Rebuild a state written by ``to_dict``."""
        trumps = data.get("trumps")
        return PirschState(
            players=tuple(data["players"]),
            multiplier=data.get("multiplier", "footprints"),
            trumps=None if trumps is None else tuple(trumps),
            rounds=tuple(RoundRecord.from_dict(r) for r in data["rounds"]),
        )


RULES: Rules[PirschState] = Pirsch()
