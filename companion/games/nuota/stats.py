"""Nuota per la vita in the statistics: the player page's figures and how finished matches rank.

There is no result worth averaging (the seam keeps the default None): at the end every seat but
the winner has lost all its lives. Seats that did not win order by the lives they kept (a match
the host ended early), then by how long they stayed in.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n import gettext as _
from ...i18n import ngettext
from ...rules.nuota import NuotaState
from ..figures import Figures, Tallies


def survived(state: NuotaState, seat: int) -> int:
    """The rounds ``seat`` came out of with at least one life left."""
    return sum(1 for r in state.rounds if r.lives[seat] > 0)


def tallies(state: NuotaState, seat: int, won: bool) -> Tallies:
    """Rounds survived with lives left; sudden deaths the seat declared; the lives it ended
    with (the standings the group history shows, :func:`listed_value`)."""
    sudden = sum(1 for r in state.rounds if r.kind == "sudden_death" and r.declarer == seat)
    return {"survived": survived(state, seat), "sudden": sudden, "lives": state.lives[seat]}


def listed_value(tallies: Tallies) -> str | None:
    """A seat's standing at the end: the lives it kept, or the round it went out in (the round
    after the last one it survived); nothing for a match stored before lives were."""
    lives = tallies.get("lives")
    if lives is None:
        return None
    if lives > 0:
        return ngettext("%(num)d life left", "%(num)d lives left", lives)
    return _("out in round %(round)d", round=tallies.get("survived", 0) + 1)


def rounds_played(tallies: Sequence[Tallies]) -> int:
    """How many rounds the match lasted: as many as the longest-lasting seat survived (the
    winner, or a leader when the host ended it, came out of every round with lives left)."""
    return max((t.get("survived", 0) for t in tallies), default=0)


def figures_of(tallies: Tallies) -> Figures:
    """Rounds survived with lives left; sudden deaths declared."""
    rounds, sudden = tallies.get("survived", 0), tallies.get("sudden", 0)
    return [(_("Rounds survived"), str(rounds)), (_("Sudden deaths declared"), str(sudden))]


def place_key(state: NuotaState, seat: int) -> tuple[int, ...]:
    """Most lives first, then most rounds survived (lower sorts first, so both are negated)."""
    return (-state.lives[seat], -survived(state, seat))
