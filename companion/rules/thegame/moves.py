"""The Game's moves: the check that guards each one and how it changes the state.

Two ways to keep a match, never mixed: ``result`` types the cards left at the end; the tracker
(``play``, ``end_turn``, ``stuck``) follows the piles live. Each ``check_*`` is also the page's
question "may this be offered now?" through its ``can_*`` twin, so a button is only shown when
the move it sends would pass.
"""

from __future__ import annotations

from dataclasses import replace

from ..base import N_, Termination, can, require, whole_number
from .scoring import result_bound
from .state import (
    CARDS,
    FIRE_CARDS,
    HIGHEST,
    LOWEST,
    PILES,
    TheGameState,
    ascending,
    fits,
    is_over,
    minimum,
    next_seat,
    pile_top,
    played_cards,
    refilled,
    tracking,
)


def check_open(state: TheGameState) -> None:
    """Refuse any entry once the game is over."""
    require(not is_over(state), N_("The game is over: no more entries."))


def check_play(state: TheGameState, pile: object, card: object) -> tuple[int, int]:
    """Refuse a play the rules forbid; return the pile and card as whole numbers."""
    check_open(state)
    pile = whole_number(pile)
    card = whole_number(card)
    require(0 <= pile < PILES, N_("Choose one of the four piles."))
    require(
        LOWEST <= card <= HIGHEST,
        N_("Card %(card)d does not exist: the cards go from 2 to 99."),
        card=card,
    )
    require(card not in played_cards(state), N_("Card %(card)d is already on a pile."), card=card)
    require(
        state.hands[state.seat] > 0,
        N_("%(player)s has no cards left in hand."),
        player=state.players[state.seat],
    )
    top = pile_top(state, pile)
    if ascending(pile):
        rule = N_("On a rising pile a card must be higher than %(top)d, or exactly 10 lower.")
    else:
        rule = N_("On a falling pile a card must be lower than %(top)d, or exactly 10 higher.")
    require(fits(pile, top, card), rule, top=top)
    return pile, card


def can_play(state: TheGameState, pile: object, card: object) -> bool:
    """Whether the active player may put ``card`` on ``pile`` now."""
    return can(check_play, state, pile, card)


def legal_piles(state: TheGameState, card: object) -> tuple[int, ...]:
    """The piles where ``card`` may go now (empty when it may go nowhere)."""
    return tuple(pile for pile in range(PILES) if can_play(state, pile, card))


def check_end_turn(state: TheGameState) -> None:
    """Refuse ending the turn before the minimum is played (the rule the tracker enforces)."""
    check_open(state)
    need = minimum(state)
    require(
        state.played_turn >= need,
        N_(
            "Play at least %(minimum)d cards before ending the turn (%(played)d so far; "
            "1 is enough once the draw pile is empty). If you cannot, the team is stuck."
        ),
        minimum=need,
        played=state.played_turn,
    )


def can_end_turn(state: TheGameState) -> bool:
    """Whether the active player has played the minimum and may end the turn."""
    return can(check_end_turn, state)


def check_stuck(state: TheGameState) -> None:
    """Refuse "we are stuck" when the active player can still play the minimum for sure."""
    check_open(state)
    require(
        state.played_turn < minimum(state),
        N_("%(player)s has played the minimum: end the turn; the next player may be stuck."),
        player=state.players[state.seat],
    )
    require(
        all(state.piles),
        N_("A pile is still empty: any card can go there, so nobody is stuck yet."),
    )


def can_declare_stuck(state: TheGameState) -> bool:
    """Whether the "We are stuck" button may be offered."""
    return can(check_stuck, state)


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
    ended = Termination.BEATEN if left == 0 else Termination.RESULT
    return replace(state, left=left, ended=ended)


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
    return replace(after, ended=Termination.BEATEN) if after.played == CARDS else after


def end_turn(state: TheGameState) -> TheGameState:
    """Refill the hand, lose to a fire card left uncovered past its deadline, pass the turn."""
    check_end_turn(state)
    hands, draw = refilled(state)
    after = replace(state, hands=hands, drawn=state.drawn + draw)
    if any(deadline <= state.turn for _, _, deadline in state.fire):
        return replace(after, ended=Termination.FIRE)
    following = next_seat(state, hands)
    assert following is not None, (
        "a hand is empty only when the draw pile is, and 98 beats the game"
    )
    return replace(after, seat=following, turn=state.turn + 1, played_turn=0)


def stuck(state: TheGameState) -> TheGameState:
    """End the game: the active player cannot play the minimum."""
    check_stuck(state)
    return replace(state, ended=Termination.STUCK)
