"""Bloccato e pelato on the web: the seam the platform calls.

The option fields and the turn form live in :mod:`.forms`, who may play a turn and rolling in
the app in :mod:`.turn`, the scoreboard and log lines in :mod:`.scoreboard`, the game's words in
:mod:`.words` and its statistics in :mod:`.stats`; this module ties them into the seam.
"""

from __future__ import annotations

from typing import Any

from ...i18n import gettext as _
from ...i18n import pgettext
from ...models import Entry
from ...rules.bloccato import BloccatoState, leaders
from ...rules.bloccato.board import join_cost
from ...sheet import Sheet
from ..base import EntryKind, Figures, Seam
from ..figures import Tallies
from . import forms, scoreboard, stats, turn, words


class BloccatoSeam(Seam[BloccatoState]):
    """The web side of Bloccato e pelato."""

    slug = "bloccato"
    scoreboard_template = "games/bloccato/_scoreboard.html"
    sheet_example = forms.SHEET_EXAMPLE
    """The placeholder of the sheet box (templates/games/bloccato/_options.html)."""

    bgstats_no_points = True
    """A race to join the start cells: a winner, no score."""

    def title(self) -> str:
        """The Italian edition's title; in German, the German edition's (Kuh Vadis)."""
        return pgettext("game title", "Bloccato e pelato")

    def options_fields(self) -> dict[str, Any]:
        """Who starts, and whether the sheet is generated or typed in."""
        return forms.options_fields()

    def options(self, form: Any) -> dict[str, Any]:
        """``first`` when chosen; ``sheet`` only when typed in (else it comes from the seed)."""
        return forms.options(form)

    def options_summary(self, options: dict[str, Any]) -> str:
        """E.g. "Fresh sheet · crosses start"."""
        return words.options_summary(options)

    def entry_kinds(self, sheet: Sheet[BloccatoState]) -> list[EntryKind]:
        """One form for the whole turn (its buttons say what to do)."""
        return [turn.TURN_KIND]

    def chooser(self, sheet: Sheet[BloccatoState], move: dict[str, Any]) -> int | None:
        """A throw in the app is held for its roller until the dice are used."""
        return turn.chooser(sheet, move)

    def leaders(self, sheet: Sheet[BloccatoState]) -> list[int]:
        """If the host ends the match now: the side with the fewest cells still to mark wins.

        A side that can no longer join never leads; both cut off is a draw (no winner).
        """
        return leaders(sheet.state)

    def tv_totals(self, sheet: Sheet[BloccatoState]) -> tuple[list[int | None], str | None]:
        """The cells each side still has to mark, which decides who leads (the marks made so
        far do not): None for a side that can no longer join."""
        state = sheet.state
        return [join_cost(state.sheet, state.held(), seat) for seat in (0, 1)], _(
            "Cells still to mark to join the start cells"
        )

    def undoes_only_the_latest(self, sheet: Sheet[BloccatoState]) -> bool:
        """Each roll, mark and pass follows from the one before."""
        return True

    def overtaken(
        self, sheet: Sheet[BloccatoState], latest: Entry, form: Any, who: str
    ) -> str | None:
        """A cell tapped, or a pass, for a roll another phone has undone since: "Bob undid the
        roll you were marking for (…)", and the turn as it is now (roll again)."""
        return turn.overtaken(sheet, latest, form, who)

    def describe(self, move: dict[str, Any], players: list[str]) -> str:
        """A log line: "Rolled 3 3 4 cow cow (in the app, 2 throws)", "Marked row 2, column 5"."""
        return scoreboard.describe(move)

    def scoreboard(self, sheet: Sheet[BloccatoState]) -> dict[str, Any]:
        """The grid, the sides, the dice and what they allow (see :mod:`.scoreboard`)."""
        return scoreboard.board(sheet)

    def start_seat(self, state: BloccatoState) -> int:
        """The seat that rolled first."""
        return state.first

    def tallies(self, state: BloccatoState, seat: int, won: bool) -> Tallies:
        """What the seat's match adds to the figures below."""
        return stats.tallies(state, seat, won)

    def figures_of(self, tallies: Tallies) -> Figures:
        """Wins as crosses and wins as circles."""
        return stats.figures_of(tallies)


SEAM = BloccatoSeam()
