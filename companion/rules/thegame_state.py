"""The Game: the state of a match and the questions a page asks about it.

The app never sees the hands: it counts them. Each seat's hand count starts at the hand size,
drops by one per card played and is refilled at the end of the turn while the draw pile lasts.
Everything here is a pure function of the state, so templates can ask "may this card go on that
pile?" before offering it.
The moves that change the state live in :mod:`companion.rules.thegame`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import N_, IllegalMove, require, whole_number

CARDS = 98
LOWEST, HIGHEST = 2, 99
PILES = 4
BACKWARD = 10
FIRE_CARDS = frozenset({22, 33, 44, 55, 66, 77})
MINIMUM = {"base": 2, "pro": 3}
VARIANTS = tuple(MINIMUM)
EXCELLENT_BELOW = 10


@dataclass(frozen=True)
class TheGameState:
    """A match: options, hand counts, the four piles, whose turn it is and how it ended.

    ``fire`` lists the uncovered fire cards as ``(pile, card, deadline)``: the fire card must be
    covered by the end of turn number ``deadline`` (turns count from 0). ``left`` is set only when
    the team typed its result. ``ended`` is None while playing, else the reason: beaten, stuck,
    fire or result.
    """

    players: tuple[str, ...]
    variant: str = "base"
    small_hand: bool = False
    on_fire: bool = False
    hands: tuple[int, ...] = ()
    piles: tuple[tuple[int, ...], ...] = ((), (), (), ())
    drawn: int = 0
    seat: int = 0
    turn: int = 0
    played_turn: int = 0
    fire: tuple[tuple[int, int, int], ...] = ()
    left: int | None = None
    ended: str | None = None

    @property
    def seats(self) -> int:
        """How many players sit at the table."""
        return len(self.players)

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player with these options."""
        return deal_size(self.seats, self.small_hand)

    @property
    def played(self) -> int:
        """How many cards lie on the four piles."""
        return sum(len(pile) for pile in self.piles)


@dataclass(frozen=True)
class FireAlert:
    """An uncovered fire card: where it lies and by the end of whose turn it must be covered."""

    pile: int
    card: int
    deadline_turn: int
    deadline_seat: int | None
    due_this_turn: bool


def parse_options(options: object) -> tuple[str, bool, bool]:
    """Read ``variant``, ``small_hand`` and ``on_fire``; missing options take the base game."""
    if options is None:
        options = {}
    require(isinstance(options, Mapping), N_("The options are not understood."))
    assert isinstance(options, Mapping)
    variant = options.get("variant", "base")
    require(variant in VARIANTS, N_("Unknown variant: choose base or professional."))
    small_hand = options.get("small_hand", False)
    on_fire = options.get("on_fire", False)
    require(
        isinstance(small_hand, bool) and isinstance(on_fire, bool),
        N_("The options are not understood."),
    )
    return str(variant), bool(small_hand), bool(on_fire)


def deal_size(players: int, small_hand: bool) -> int:
    """8 cards solo, 7 with two players, 6 with three to five; one fewer with the small hand."""
    size = 8 if players == 1 else 7 if players == 2 else 6
    return size - 1 if small_hand else size


def hand_size(players: int | Sequence[str], options: Mapping[str, Any] | None = None) -> int:
    """The hand size for a number of players (or a list of names) and the match options."""
    count = players if isinstance(players, int) else len(players)
    require(
        not isinstance(count, bool) and 1 <= count <= 5,
        N_("%(game)s is for %(low)d to %(high)d players."),
        game="The Game",
        low=1,
        high=5,
    )
    return deal_size(count, parse_options(options)[1])


def draw_pile(state: TheGameState) -> int:
    """Cards still in the draw pile: 98 minus the hands dealt minus the cards drawn since."""
    return CARDS - state.hand_size * state.seats - state.drawn


def minimum(state: TheGameState) -> int:
    """Cards to play this turn: 2 (professional 3), only 1 once the draw pile is empty."""
    return MINIMUM[state.variant] if draw_pile(state) > 0 else 1


def cards_left(state: TheGameState) -> int:
    """The team's result so far: cards not played (hands and draw pile), or the typed result."""
    return state.left if state.left is not None else CARDS - state.played


def rating(left: int) -> str:
    """The rulebook's rating: ``beaten`` (0 left), ``excellent`` (under 10), else ``played``."""
    left = whole_number(left)
    require(0 <= left <= CARDS, N_("The result is a number of cards from 0 to 98."))
    if left == 0:
        return "beaten"
    return "excellent" if left < EXCELLENT_BELOW else "played"


def is_over(state: TheGameState) -> bool:
    """Whether the game has ended (beaten, stuck, lost to fire or result typed)."""
    return state.ended is not None


def active_seat(state: TheGameState) -> int | None:
    """The seat whose turn it is, or None once the game is over."""
    return None if is_over(state) else state.seat


def played_this_turn(state: TheGameState) -> int:
    """Cards the active player has put down this turn."""
    return state.played_turn


def tracking(state: TheGameState) -> bool:
    """Whether the match is tracked card by card (a card has been played)."""
    return state.played > 0


def ascending(pile: int) -> bool:
    """Piles 0 and 1 go up from 1; piles 2 and 3 go down from 100."""
    return pile < 2


def pile_top(state: TheGameState, pile: int) -> int:
    """The top card of a pile, or its direction card (1 or 100) while it is empty."""
    cards = state.piles[pile]
    if cards:
        return cards[-1]
    return 1 if ascending(pile) else 100


def pile_tops(state: TheGameState) -> tuple[int, ...]:
    """The four top cards, piles 0–3."""
    return tuple(pile_top(state, pile) for pile in range(PILES))


def fits(pile: int, top: int, card: int) -> bool:
    """The pile rule: higher or exactly 10 lower going up; lower or exactly 10 higher going down."""
    if ascending(pile):
        return card > top or card == top - BACKWARD
    return card < top or card == top + BACKWARD


def played_cards(state: TheGameState) -> frozenset[int]:
    """Every card already on a pile."""
    return frozenset(card for pile in state.piles for card in pile)


def check_play(state: TheGameState, pile: object, card: object) -> tuple[int, int]:
    """Refuse a play the rules forbid; return the pile and card as whole numbers."""
    require(not is_over(state), N_("The game is over: no more entries."))
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
    try:
        check_play(state, pile, card)
    except IllegalMove:
        return False
    return True


def legal_piles(state: TheGameState, card: object) -> tuple[int, ...]:
    """The piles where ``card`` may go now (empty when it may go nowhere)."""
    return tuple(pile for pile in range(PILES) if can_play(state, pile, card))


def check_end_turn(state: TheGameState) -> None:
    """Refuse ending the turn before the minimum is played (the rule the tracker enforces)."""
    require(not is_over(state), N_("The game is over: no more entries."))
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
    try:
        check_end_turn(state)
    except IllegalMove:
        return False
    return True


def check_stuck(state: TheGameState) -> None:
    """Refuse "we are stuck" when the active player can still play the minimum for sure."""
    require(not is_over(state), N_("The game is over: no more entries."))
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
    try:
        check_stuck(state)
    except IllegalMove:
        return False
    return True


def next_seat(state: TheGameState, hands: Sequence[int]) -> int | None:
    """The next seat after the active one that still holds cards (the active seat itself last)."""
    for step in range(1, state.seats + 1):
        seat = (state.seat + step) % state.seats
        if hands[seat] > 0:
            return seat
    return None


def refilled(state: TheGameState) -> tuple[tuple[int, ...], int]:
    """The hand counts once the active player refills as far as the draw pile allows; the draw."""
    draw = min(state.hand_size - state.hands[state.seat], draw_pile(state))
    hands = list(state.hands)
    hands[state.seat] += draw
    return tuple(hands), draw


def fire_alerts(state: TheGameState) -> tuple[FireAlert, ...]:
    """The uncovered fire cards, each with the turn (and seat) by whose end it must be covered."""
    following = next_seat(state, refilled(state)[0])
    return tuple(
        FireAlert(
            pile=pile,
            card=card,
            deadline_turn=deadline,
            deadline_seat=state.seat if deadline <= state.turn else following,
            due_this_turn=deadline <= state.turn,
        )
        for pile, card, deadline in state.fire
    )
