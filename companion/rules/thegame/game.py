"""The Game behind the common rules contract: options, moves, standings and the export.

The match's state and the page's questions live in :mod:`.state`; each move is checked and
applied in :mod:`.moves`, the team's result counted in :mod:`.scoring`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import N_, GameInfo, IllegalMove, Move, Outcome, Rules, Termination, move_type
from ..players import check_players
from . import moves, scoring
from .state import TheGameState, deal_size, parse_options


class TheGame:
    """The rules of The Game behind the common contract."""

    info = GameInfo(slug="thegame", name="The Game", min_players=1, max_players=5)

    def setup(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> TheGameState:
        """Deal the hands (counted, not seen): 8 solo, 7 with two, 6 with three to five."""
        names = check_players(players, self.info)
        variant, small_hand, on_fire = parse_options(options)
        size = deal_size(len(names), small_hand)
        return TheGameState(
            players=names,
            variant=variant,
            small_hand=small_hand,
            on_fire=on_fire,
            hands=(size,) * len(names),
        )

    def apply(self, state: TheGameState, move: Move) -> TheGameState:
        """Enter the result, or play a card, end the turn or declare the team stuck."""
        moves.check_open(state)
        kind = move_type(move)
        if kind == "result":
            return moves.enter_result(state, move.get("left"))
        if kind == "play":
            return moves.play(state, move.get("pile"), move.get("card"))
        if kind == "end_turn":
            return moves.end_turn(state)
        if kind == "stuck":
            return moves.stuck(state)
        raise IllegalMove(N_("Unknown move: %(type)s."), type=kind)

    def standings(self, state: TheGameState) -> list[int]:
        """Cards left, the same number for every seat: the team shares one result."""
        return scoring.standings(state)

    def outcome(self, state: TheGameState) -> Outcome | None:
        """None while playing; else everybody wins with 0 cards left, nobody otherwise."""
        return scoring.outcome(state)

    def to_dict(self, state: TheGameState) -> dict[str, Any]:
        """The state as plain JSON (the ending as its plain string)."""
        return {
            "players": list(state.players),
            "variant": state.variant,
            "small_hand": state.small_hand,
            "on_fire": state.on_fire,
            "hands": list(state.hands),
            "piles": [list(pile) for pile in state.piles],
            "drawn": state.drawn,
            "seat": state.seat,
            "turn": state.turn,
            "played_turn": state.played_turn,
            "fire": [list(entry) for entry in state.fire],
            "left": state.left,
            "ended": None if state.ended is None else state.ended.value,
        }

    def from_dict(self, data: Mapping[str, Any]) -> TheGameState:
        """Rebuild a state written by ``to_dict``."""
        ended = data["ended"]
        return TheGameState(
            players=tuple(data["players"]),
            variant=data["variant"],
            small_hand=data["small_hand"],
            on_fire=data["on_fire"],
            hands=tuple(data["hands"]),
            piles=tuple(tuple(pile) for pile in data["piles"]),
            drawn=data["drawn"],
            seat=data["seat"],
            turn=data["turn"],
            played_turn=data["played_turn"],
            fire=tuple((pile, card, deadline) for pile, card, deadline in data["fire"]),
            left=data["left"],
            ended=None if ended is None else Termination(ended),
        )


RULES: Rules[TheGameState] = TheGame()
