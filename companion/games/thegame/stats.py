"""The Game in the statistics: the player page's figures and how finished matches rank.

The team shares one result, the cards left, the same for every seat: lower is better. Nobody at
the table did better than anybody else, so the seats have no order of their own (an empty key:
they all share the place the outcome gives them).
"""

from __future__ import annotations

from ...i18n import gettext as _
from ...i18n import ngettext
from ...rules.thegame import TheGameState, cards_left
from ..base import Figures, Played


def figures(games: list[Played]) -> Figures:
    """Games beaten (every card played) and the team's best result per number of players."""
    best: dict[int, int] = {}
    beaten = 0
    for g in games:
        left = cards_left(g.state)
        seats = len(g.match.seats)
        best[seats] = min(left, best.get(seats, left))
        beaten += bool(g.match.winners)
    out = [(_("Games beaten"), str(beaten))]
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
