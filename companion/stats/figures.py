"""Each game's own figures on the player page, from the final states of the player's matches.

Every function takes the player's matches of one game as ``Played`` records (oldest first) and
returns ``(label, value)`` pairs ready to show.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask_babel import format_decimal, ngettext
from flask_babel import gettext as _

from .places import survived
from .replays import Finished


@dataclass(frozen=True)
class Played:
    """One finished match from the player's side: the match, its final state and the seat."""

    match: Finished
    state: Any
    seat: int
    place: int
    shared: bool

    @property
    def won(self) -> bool:
        """Whether the player is among the winners (a tie shares the win)."""
        return self.seat in self.match.winners


Figures = list[tuple[str, str]]


def average(values: list[int]) -> str | None:
    """The mean to one decimal in the user's language, or None without values."""
    if not values:
        return None
    return format_decimal(sum(values) / len(values), "#,##0.0")


def sixnimmt(games: list[Played]) -> Figures:
    """Average heads per round; matches ended over the limit (each match's own limit; only
    shown when some match ended by a limit rather than after a number of rounds)."""
    heads = [heads[g.seat] for g in games for heads in g.state.rounds]
    over, limited = 0, False
    for g in games:
        end, total = g.state.end, g.state.totals()[g.seat]
        if end.threshold is not None:
            limited = True
            over += total >= end.threshold if end.inclusive else total > end.threshold
    out = []
    mean = average(heads)
    if mean is not None:
        out.append((_("Average heads per round"), mean))
    if limited:
        out.append((_("Times over the limit"), str(over)))
    return out


def nuota(games: list[Played]) -> Figures:
    """Rounds survived with lives left; sudden deaths declared."""
    rounds = sum(survived(g.state, g.seat) for g in games)
    sudden = sum(
        1
        for g in games
        for r in g.state.rounds
        if r.kind == "sudden_death" and r.declarer == g.seat
    )
    return [(_("Rounds survived"), str(rounds)), (_("Sudden deaths declared"), str(sudden))]


def pirsch(games: list[Played]) -> Figures:
    """The best single hunt and the average of the final round (round 4)."""
    hunts = [r.points[g.seat] for g in games for r in g.state.rounds if r.kind == "hunt"]
    finals = [r.points[g.seat] for g in games for r in g.state.rounds if r.kind == "final"]
    out = []
    if hunts:
        out.append((_("Best hunt"), str(max(hunts))))
    mean = average(finals)
    if mean is not None:
        out.append((_("Average round-4 points"), mean))
    return out


def thegame(games: list[Played]) -> Figures:
    """Games beaten (every card played) and the team's best result per number of players."""
    from ..rules.thegame import cards_left

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


def bloccato(games: list[Played]) -> Figures:
    """Wins playing crosses (seat 0) and playing circles (seat 1)."""
    crosses = sum(1 for g in games if g.won and g.seat == 0)
    circles = sum(1 for g in games if g.won and g.seat == 1)
    return [(_("Wins as crosses"), str(crosses)), (_("Wins as circles"), str(circles))]


FIGURES: dict[str, Callable[[list[Played]], Figures]] = {
    "sixnimmt": sixnimmt,
    "nuota": nuota,
    "pirsch": pirsch,
    "thegame": thegame,
    "bloccato": bloccato,
}
