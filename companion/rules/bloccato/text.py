"""Bloccato e pelato: the sentences that tell the player to move what the dice allow and why.

Every sentence is an English template marked with ``N_`` plus its params, so the web layer can
translate it; numbers of dice are spelled out in the template (one template per count) because
the translation of "three 4s" and "four 4s" differs in more than the number.
"""

from __future__ import annotations

from ..base import N_
from .moves import roll_results
from .scoring import outcome_of
from .state import BloccatoState, Result

Text = tuple[str, dict[str, object]]

_NUMBER = {
    (3, False): N_("Three %(number)ss: mark a free %(number)s."),
    (4, False): N_("Four %(number)ss: mark a free %(number)s, then roll again next to it."),
    (5, False): N_("Five %(number)ss: mark a free %(number)s, then roll again next to it."),
    (3, True): N_("Three %(number)ss: mark a free %(number)s next to your last mark."),
    (4, True): N_(
        "Four %(number)ss: mark a free %(number)s next to your last mark, then roll again."
    ),
    (5, True): N_(
        "Five %(number)ss: mark a free %(number)s next to your last mark, then roll again."
    ),
}

_COWS = {
    (2, False): N_("Two cows: mark a free cow."),
    (3, False): N_("Three cows: mark a free cow."),
    (4, False): N_("Four cows: mark a free cow, then roll again next to it."),
    (5, False): N_("Five cows: mark a free cow, then roll again next to it."),
    (2, True): N_("Two cows: mark a free cow next to your last mark."),
    (3, True): N_("Three cows: mark a free cow next to your last mark."),
    (4, True): N_("Four cows: mark a free cow next to your last mark, then roll again."),
    (5, True): N_("Five cows: mark a free cow next to your last mark, then roll again."),
}

_BOTH = {
    False: N_("Two cows and three %(number)ss: choose one, a free cow or a free %(number)s."),
    True: N_(
        "Two cows and three %(number)ss: choose one, a free cow or a free %(number)s,"
        " next to your last mark."
    ),
}

_LAST = {
    "nothing": N_("%(player)s rolled %(dice)s: no two cows, no three equal numbers, no mark."),
    "no_cell": N_("%(player)s rolled %(dice)s, but no matching free cell could be marked."),
    "pass": N_("%(player)s passed."),
}


def _describe(results: tuple[Result, ...], chained: bool) -> Text:
    """The sentence for the results of one roll waiting for a mark."""
    if len(results) == 2:
        return _BOTH[chained], {"number": results[1].symbol}
    result = results[0]
    if result.symbol == "C":
        return _COWS[(result.count, chained)], {}
    return _NUMBER[(result.count, chained)], {"number": result.symbol}


def why(state: BloccatoState) -> Text:
    """What the player to move may do and why (or how the game ended), as a translatable
    template and its params."""
    outcome = outcome_of(state)
    if outcome is not None:
        if not outcome.winners:
            return N_("Neither player can join the start cells any more: a draw."), {}
        return N_("%(player)s joined the three start cells and wins."), {
            "player": state.players[outcome.winners[0]]
        }
    player = state.players[state.turn]
    if state.dice:
        return _describe(roll_results(state.dice), state.chain is not None)
    if state.chain is not None:
        return N_(
            "%(player)s: roll again; the next mark must touch the last one"
            " (row %(row)d, column %(col)d)."
        ), {"player": player, "row": state.chain[0] + 1, "col": state.chain[1] + 1}
    return N_("%(player)s: roll the five dice (up to three throws), then enter the final dice."), {
        "player": player
    }


def last_turn(state: BloccatoState) -> Text | None:
    """How the previous turn ended without a mark (nothing rolled, no cell, a pass), if it did."""
    if state.last is None:
        return None
    seat, dice, what = state.last
    params: dict[str, object] = {"player": state.players[seat]}
    if what != "pass":
        params["dice"] = dice
    return _LAST[what], params
