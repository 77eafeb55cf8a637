"""The Game: one cooperative result, typed in at the end or tracked card by card on the four piles.

Two ways to keep a match, never mixed: ``result`` enters the cards left at the end; the
tracker (``play``, ``end_turn``, ``stuck``) follows the piles live and counts the hands it cannot
see. The team shares one number, the cards left: every seat wins together when it is 0 (the game
is beaten), nobody wins otherwise. The state and the page's questions live in
:mod:`companion.rules.thegame_state`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from .base import N_, GameInfo, IllegalMove, Move, Outcome, move_type, require, whole_number
from .players import check_players
from .thegame_state import (
    CARDS,
    FIRE_CARDS,
    HIGHEST,
    LOWEST,
    MINIMUM,
    PILES,
    FireAlert,
    TheGameState,
    active_seat,
    ascending,
    can_declare_stuck,
    can_end_turn,
    can_play,
    cards_left,
    check_end_turn,
    check_play,
    check_stuck,
    deal_size,
    draw_pile,
    fire_alerts,
    fits,
    hand_size,
    is_over,
    legal_piles,
    minimum,
    next_seat,
    parse_options,
    pile_top,
    pile_tops,
    played_cards,
    played_this_turn,
    rating,
    refilled,
    tracking,
)


def result_bound(variant: str) -> int:
    """The most cards a team can have left: the first turn always plays the minimum (96/95)."""
    return CARDS - MINIMUM[variant]


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
        require(not is_over(state), N_("The game is over: no more entries."))
        kind = move_type(move)
        if kind == "result":
            return enter_result(state, move.get("left"))
        if kind == "play":
            return play(state, move.get("pile"), move.get("card"))
        if kind == "end_turn":
            return end_turn(state)
        if kind == "stuck":
            check_stuck(state)
            return replace(state, ended="stuck")
        raise IllegalMove(N_("Unknown move: %(type)s."), type=kind)

    def standings(self, state: TheGameState) -> list[int]:
        """Cards left, the same number for every seat: the team shares one result."""
        return [cards_left(state)] * state.seats

    def outcome(self, state: TheGameState) -> Outcome | None:
        """None while playing; else everybody wins with 0 cards left, nobody otherwise."""
        if state.ended is None:
            return None
        winners = tuple(range(state.seats)) if cards_left(state) == 0 else ()
        return Outcome(winners=winners, reason=state.ended)

    def to_dict(self, state: TheGameState) -> dict[str, Any]:
        """The state as plain JSON."""
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
            "ended": state.ended,
        }

    def from_dict(self, data: Mapping[str, Any]) -> TheGameState:
        """Rebuild a state written by ``to_dict``."""
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
            ended=data["ended"],
        )


def enter_result(state: TheGameState, raw: object) -> TheGameState:
    """End the match with the cards the team has left, unless the piles are being tracked."""
    require(
        not tracking(state),
        N_("This match is tracked card by card: the result comes from the piles."),
    )
    left = whole_number(raw)
    most = result_bound(state.variant)
    require(
        0 <= left <= most,
        N_("The cards left go from 0 to %(most)d: the first turn always plays the minimum."),
        most=most,
    )
    return replace(state, left=left, ended="beaten" if left == 0 else "result")


def play(state: TheGameState, raw_pile: object, raw_card: object) -> TheGameState:
    """Put a card on a pile: it covers any fire card there; the 98th card beats the game."""
    pile, card = check_play(state, raw_pile, raw_card)
    piles = tuple(
        cards + (card,) if index == pile else cards for index, cards in enumerate(state.piles)
    )
    hands = tuple(
        count - 1 if seat == state.seat else count for seat, count in enumerate(state.hands)
    )
    fire = tuple(entry for entry in state.fire if entry[0] != pile)
    if state.on_fire and card in FIRE_CARDS:
        fire += ((pile, card, state.turn + 1),)
    after = replace(state, piles=piles, hands=hands, fire=fire, played_turn=state.played_turn + 1)
    return replace(after, ended="beaten") if after.played == CARDS else after


def end_turn(state: TheGameState) -> TheGameState:
    """Refill the hand, lose to a fire card left uncovered past its deadline, pass the turn."""
    check_end_turn(state)
    hands, draw = refilled(state)
    after = replace(state, hands=hands, drawn=state.drawn + draw)
    if any(deadline <= state.turn for _, _, deadline in state.fire):
        return replace(after, ended="fire")
    following = next_seat(state, hands)
    assert following is not None, (
        "a hand is empty only when the draw pile is, and 98 beats the game"
    )
    return replace(after, seat=following, turn=state.turn + 1, played_turn=0)


RULES = TheGame()

__all__ = [
    "CARDS",
    "FIRE_CARDS",
    "HIGHEST",
    "LOWEST",
    "MINIMUM",
    "PILES",
    "RULES",
    "FireAlert",
    "TheGame",
    "TheGameState",
    "active_seat",
    "ascending",
    "can_declare_stuck",
    "can_end_turn",
    "can_play",
    "cards_left",
    "check_end_turn",
    "check_play",
    "check_stuck",
    "draw_pile",
    "fire_alerts",
    "fits",
    "hand_size",
    "is_over",
    "legal_piles",
    "minimum",
    "pile_top",
    "pile_tops",
    "played_cards",
    "played_this_turn",
    "rating",
    "result_bound",
    "tracking",
]
