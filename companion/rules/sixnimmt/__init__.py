"""6 nimmt!: bull heads per round, the end past the limit, lowest total wins.

Cards 1–104 (in the professional variant, for 2 to 6 players, only 1 to 10·players+4) carry
bull heads: 55 has 7, other doubles 5, tens 3, cards ending in 5 have 2, the rest 1. Each round
every player takes some rows and their heads; the match ends when someone passes the heads
limit (more than 66 by the rulebook; "66 or more" or another limit by agreement) or after an
agreed number of rounds. The lowest totals win together.

A round is entered in one of two ways:

- Scored at once: the heads each player took (``round`` with ``heads``), or the cards they took
  (``round`` with ``cards``), which the rules count.
- Played on the table ("table mode"): the four row starters (``rows``), then one ``reveal``
  per turn; the app places the cards lowest first by the rulebook's four rules (a player whose
  card is lower than every row chooses the row they take), and after the tenth turn the round's
  heads go to the sheet.

The modules: :mod:`.cards` the deck and its bull heads; :mod:`.state` the match and its end
rule; :mod:`.table` the round on the table and how a turn's cards are placed; :mod:`.moves` the
checks of every move and the state it leaves, and what a page may ask ("may a turn be revealed
now?"); :mod:`.scoring` heads, winners and why the match ended; :mod:`.game` the rules behind the
common contract.
"""

from __future__ import annotations

from .cards import DECK_SIZE, HAND, ROWS, bull_heads, highest_card
from .game import RULES, SixNimmt
from .moves import (
    check_card,
    check_distinct,
    check_reveal,
    check_round,
    check_rows,
    heads_from_cards,
    last_turn,
    may_enter_rows,
    may_reveal,
    possible_cards,
    preview_reveal,
    round_heads,
)
from .scoring import leaders
from .state import DEFAULT_THRESHOLD, EndRule, SixNimmtState, parse_end
from .table import (
    FULL,
    LOW,
    PLACED,
    ROW_LENGTH,
    Placement,
    TableRound,
    destination,
    needs_choice,
    play_turn,
    row_heads,
    start_round,
)

__all__ = [
    "DECK_SIZE",
    "DEFAULT_THRESHOLD",
    "FULL",
    "HAND",
    "LOW",
    "PLACED",
    "ROWS",
    "ROW_LENGTH",
    "RULES",
    "EndRule",
    "Placement",
    "SixNimmt",
    "SixNimmtState",
    "TableRound",
    "bull_heads",
    "check_card",
    "check_distinct",
    "check_reveal",
    "check_round",
    "check_rows",
    "destination",
    "heads_from_cards",
    "highest_card",
    "last_turn",
    "leaders",
    "may_enter_rows",
    "may_reveal",
    "needs_choice",
    "parse_end",
    "play_turn",
    "possible_cards",
    "preview_reveal",
    "round_heads",
    "row_heads",
    "start_round",
]
