"""The Game in the statistics: the player page's figures and how finished matches rank.

The team shares one result, the cards left, the same for every seat: lower is better. Nobody at
the table did better than anybody else, so the seats have no order of their own (an empty key:
they all share the place the outcome gives them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...i18n import gettext as _
from ...i18n import ngettext
from ...rules.base import Termination
from ...rules.thegame import TheGameState, cards_left
from ..figures import Figures, KeptAs, Tallies
from .words import options_summary

BEST = "best_"
"""The tallies named ``best_<players>`` keep the fewest cards left with that many players."""


def tallies(state: TheGameState, seat: int, won: bool) -> Tallies:
    """Whether the team beat the game or lost it to the fire (On Fire: the group history says
    so, :func:`listed_words`), and its cards left under the number of players. A game lost to
    the fire has no best result to offer: the fire ended it whatever cards were left, as the
    group's record at the end of a match counts it (:func:`.history.team_record`)."""
    fire = int(state.ended == Termination.FIRE)
    if fire:
        return {"beaten": int(won), "fire": fire}
    return {"beaten": int(won), "fire": fire, f"{BEST}{len(state.players)}": cards_left(state)}


def ranked(result: int | None, tallies: Tallies) -> int | None:
    """No cards left to average or to rank for a game lost to the fire (:func:`tallies`)."""
    return None if tallies.get("fire") else result


def unranked_note() -> str:
    """Said of the cards left of a game lost to the fire (:func:`ranked`)."""
    return _("Lost to the fire: not counted in the best so far.")


def listed_words(options: dict[str, Any], tallies: Sequence[Tallies]) -> list[str]:
    """The rules the match was played with and, when it was, that the fire lost it."""
    words = [options_summary(options)]
    if any(t.get("fire") for t in tallies):
        words.append(_("Lost to the fire."))
    return words


def kept_as(name: str) -> KeptAs:
    """A best result is the lowest; the games beaten add up."""
    return "min" if name.startswith(BEST) else "sum"


def figures_of(tallies: Tallies) -> Figures:
    """Games beaten and the team's best result per number of players."""
    out = [(_("Games beaten"), str(tallies.get("beaten", 0)))]
    best = {int(name[len(BEST) :]): left for name, left in tallies.items() if name.startswith(BEST)}
    for seats in sorted(best):
        label = ngettext("Best team result, %(num)d player", "Best team result, %(num)d players",
                         seats)  # fmt: skip
        value = ngettext("%(num)d card left", "%(num)d cards left", best[seats])
        out.append((label, value))
    return out


def place_key(state: TheGameState, seat: int) -> tuple[int, ...]:
    """No order among the seats: the team shares one result."""
    return ()


def result(state: TheGameState, seat: int) -> int:
    """The team's cards left, the same for every seat."""
    return int(cards_left(state))
