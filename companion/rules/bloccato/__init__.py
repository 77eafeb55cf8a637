"""Bloccato e pelato (Kuh Vadis): the whole paper sheet, digital, for two players.

Seat 0 plays crosses, seat 1 circles. A turn is a ``roll`` (the final five dice, ``C`` a cow),
then a ``mark`` of one matching free cell when the roll allows it; ``pass`` ends the turn at any
point. Two or three cows, or exactly three equal numbers, mark one cell and end the turn; four or
five cows or equal numbers mark one cell and the same player rolls again, each further mark
touching the one made just before. Whoever joins their three start cells first wins; when neither
side can join theirs any more the game is a draw at once.

Decisions where the rulebook is silent:

* A roll that marks nothing (no result, or no matching free cell — next to the last mark after a
  quad) ends the turn by itself; ``last_turn`` says why.
* ``pass`` is always allowed while the game runs: before a roll it means "I rolled nothing" (or
  gives up the rest of a quad chain); after a roll the player declines to mark ("può marcare").
* Standings count the cells each player marked, not the printed start cells.
* A draw is an Outcome with no winners and reason ``"draw"``; a win has reason ``"joined"``.
* Without the ``first`` option the starting player is drawn from the seed, as the rulebook draws
  lots; without ``sheet`` a fair sheet is generated from the same seed.

The modules: :mod:`.board` the 7×7 grid and who can (still) join; :mod:`.sheet` checking a typed
sheet and generating fair ones; :mod:`.state` the game as a value; :mod:`.moves` the checks and
effects of each move and the questions a page asks; :mod:`.scoring` marks, wins, draws and who
leads; :mod:`.text` the sentences explaining what the dice allow; :mod:`.game` the rules behind
the common contract.
"""

from __future__ import annotations

from .game import RULES, Bloccato
from .moves import (
    MAX_THROWS,
    can_mark,
    can_pass,
    can_roll,
    check_mark,
    check_roll,
    markable_cells,
    phase,
    read_dice,
    roll_results,
    whose_turn,
)
from .scoring import can_still_connect, leaders, winning_chain
from .sheet import generate_sheet, start_costs, valid_sheet
from .state import BloccatoState, Result
from .text import last_turn, why

__all__ = [
    "MAX_THROWS",
    "RULES",
    "Bloccato",
    "BloccatoState",
    "Result",
    "can_mark",
    "can_pass",
    "can_roll",
    "can_still_connect",
    "check_mark",
    "check_roll",
    "generate_sheet",
    "last_turn",
    "leaders",
    "markable_cells",
    "phase",
    "read_dice",
    "roll_results",
    "start_costs",
    "valid_sheet",
    "whose_turn",
    "why",
    "winning_chain",
]
