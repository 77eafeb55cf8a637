"""The Game: one cooperative result, typed in at the end or tracked card by card on the four piles.

One to five players share 98 cards (2–99) and four piles: two rise from 1, two fall from 100. A
card goes on a rising pile when it is higher than the top, or exactly 10 lower (a falling pile
the other way round). Each turn the active player plays at least 2 cards (3 in the professional
variant; 1 once the draw pile is empty), then refills the hand while the draw pile lasts. Hands
hold 8 cards solo, 7 with two players, 6 with three to five, one fewer with the small-hand
option. With On Fire, a 22 33 44 55 66 or 77 must be covered by the end of the next turn, or the
game is lost.

Two ways to keep a match, never mixed: ``result`` enters the cards left at the end; the
tracker (``play``, ``end_turn``, ``stuck``) follows the piles live and counts the hands it cannot
see. The team shares one number, the cards left: every seat wins together when it is 0 (the game
is beaten), nobody wins otherwise.

The modules: :mod:`.state` the match and the page's questions about it; :mod:`.moves` the
checks and what each move changes; :mod:`.scoring` the cards left, the rating and the outcome;
:mod:`.game` the rules behind the common contract.
"""

from __future__ import annotations

from .game import RULES, TheGame
from .moves import (
    can_declare_stuck,
    can_end_turn,
    can_play,
    check_end_turn,
    check_open,
    check_play,
    check_stuck,
    end_turn,
    enter_result,
    legal_piles,
    play,
    stuck,
)
from .scoring import EXCELLENT_BELOW, cards_left, rating, result_bound
from .state import (
    BACKWARD,
    CARDS,
    FIRE_CARDS,
    HIGHEST,
    LOWEST,
    MINIMUM,
    PILES,
    VARIANTS,
    FireAlert,
    TheGameState,
    active_seat,
    ascending,
    deal_size,
    draw_pile,
    fire_alerts,
    fits,
    hand_size,
    is_over,
    minimum,
    next_seat,
    parse_options,
    pile_top,
    pile_tops,
    played_cards,
    played_this_turn,
    refilled,
    tracking,
)

__all__ = [
    "BACKWARD",
    "CARDS",
    "EXCELLENT_BELOW",
    "FIRE_CARDS",
    "HIGHEST",
    "LOWEST",
    "MINIMUM",
    "PILES",
    "RULES",
    "VARIANTS",
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
    "check_open",
    "check_play",
    "check_stuck",
    "deal_size",
    "draw_pile",
    "end_turn",
    "enter_result",
    "fire_alerts",
    "fits",
    "hand_size",
    "is_over",
    "legal_piles",
    "minimum",
    "next_seat",
    "parse_options",
    "pile_top",
    "pile_tops",
    "play",
    "played_cards",
    "played_this_turn",
    "rating",
    "refilled",
    "result_bound",
    "stuck",
    "tracking",
]
