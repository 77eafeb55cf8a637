"""The Game: the state of a match and the questions a page asks about it.

The app never sees the hands: it counts them. Each seat's hand count starts at the hand size,
drops by one per card played and is refilled at the end of the turn while the draw pile lasts.
Everything here is a pure function of the state, so templates can ask "which pile is on top?"
or "whose turn comes next?" before offering anything. The checks and the moves that change the
state live in :mod:`.moves`, the team's result in :mod:`.scoring`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import N_, Options, Termination, require

CARDS = 98
LOWEST, HIGHEST = 2, 99
PILES = 4
BACKWARD = 10
FIRE_CARDS = frozenset({22, 33, 44, 55, 66, 77})
MINIMUM = {"base": 2, "pro": 3}
VARIANTS = tuple(MINIMUM)


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
    ended: Termination | None = None

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
    read = Options(options)
    variant = read.choice(
        "variant", VARIANTS, "base", N_("Unknown variant: choose base or professional.")
    )
    small_hand = read.flag("small_hand", N_("The options are not understood."))
    on_fire = read.flag("on_fire", N_("The options are not understood."))
    return variant, small_hand, on_fire


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
