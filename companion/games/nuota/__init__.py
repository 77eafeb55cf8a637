"""Nuota per la vita on the web: the seam the platform calls.

The option fields and the three ways to end a round live in :mod:`.forms`, the hands gathered
from several phones in :mod:`.hands`, the lives board, log lines and running totals in
:mod:`.scoreboard`, the species' names in :mod:`.words` and the statistics in :mod:`.stats`;
this module ties them into the seam.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...i18n import ngettext, pgettext
from ...rules.nuota import NuotaState
from ...sheet import Sheet
from ..base import EntryKind, Figures, Running, Seam
from ..figures import Tallies
from ..naming import numbered
from . import forms, hands, scoreboard, stats, words

if TYPE_CHECKING:
    from ...models import Entry


class NuotaSeam(Seam[NuotaState]):
    """The web side of Nuota per la vita."""

    slug = "nuota"
    scoreboard_template = "games/nuota/_scoreboard.html"
    gathers_parts = True
    """A round shown by its hands needs every live seat's hand, each typed on its own phone."""

    bgstats_no_points = True
    """The last player with lives wins; the others end on none, so no score worth sending."""

    def title(self) -> str:
        """The Italian edition's title; in German, the original's ("Life is Life – Schwimm …")."""
        return pgettext("game title", "Nuota per la vita")

    def options_fields(self) -> dict[str, Any]:
        """Base or expert variant, and who starts the first round."""
        return forms.options_fields()

    def options(self, form: Any) -> dict[str, Any]:
        """Options in the DESIGN.md vocabulary."""
        return forms.options(form)

    def options_summary(self, options: dict[str, Any]) -> str:
        """ "Base game" or "Expert variant"."""
        return words.variant_label(options.get("variant", "base"))

    def entry_kinds(self, sheet: Sheet[NuotaState]) -> list[EntryKind]:
        """Show the hands (first), enter the totals, or declare sudden death."""
        return list(forms.KINDS)

    def kind_taking_back(self, move: dict[str, Any]) -> str | None:
        """An undone round typed as totals comes back in the totals form (the hands form gives
        back the hands of a round scored from them)."""
        return "totals" if move.get("points") is not None else None

    def gather(
        self,
        sheet: Sheet[NuotaState],
        move: dict[str, Any],
        seat: int | None,
        host: bool,
        known: int | None = None,
    ) -> tuple[dict[str, Any], bool]:
        """Merge this phone's hand with those held so far (see :func:`.hands.gather`)."""
        return hands.gather(sheet, move, seat, host, known)

    def gathered(self, move: dict[str, Any]) -> bool:
        """A round scored from the hands: each hand may have come from its own phone."""
        return move.get("type") == "showdown" and "hands" in move

    def leaders(self, sheet: Sheet[NuotaState]) -> list[int]:
        """Seats with the most lives: the winners if the host ends the match now."""
        lives = sheet.state.lives
        return [seat for seat, left in enumerate(lives) if left == max(lives)]

    def entry_name(self, sheet: Sheet[Any], entry: Entry) -> str | None:
        """Nuota: "round 6" (Italian "la tornata 6"), a showdown or a sudden death."""
        number = numbered(
            sheet, entry, named={"showdown", "sudden_death"}, steps={"showdown", "sudden_death"}
        )
        return None if number is None else words.entry_name(number)

    def describe(self, move: dict[str, Any], players: list[str]) -> str:
        """A log line: "Hands shown: Ann 23 · Bob 7 · Cy 14", totals, or sudden death."""
        return scoreboard.describe(move, players)

    def scoreboard(self, sheet: Sheet[NuotaState]) -> dict[str, Any]:
        """Lives, who starts, the hands coming in, the last round and the history."""
        return scoreboard.scoreboard(sheet)

    def scoreboard_shared(self, sheet: Sheet[NuotaState]) -> bool:
        """The scoreboard carries no form: every phone of the table may share its rendering."""
        return True

    def running_totals(self, sheet: Sheet[NuotaState]) -> Running | None:
        """Each player's lives at the start and after every round."""
        return scoreboard.running_totals(sheet)

    def tallies(self, state: NuotaState, seat: int, won: bool) -> Tallies:
        """What the seat's match adds to the figures below."""
        return stats.tallies(state, seat, won)

    def figures_of(self, tallies: Tallies) -> Figures:
        """Rounds survived with lives left; sudden deaths declared."""
        return stats.figures_of(tallies)

    def listed_words(self, options: dict[str, Any], tallies: Sequence[Tallies]) -> list[str]:
        """How many rounds the match lasted, and the expert variant when it was played."""
        rounds = stats.rounds_played(tallies)
        words = []
        if rounds:
            words.append(ngettext("%(num)d round played", "%(num)d rounds played", rounds))
        if options.get("variant") == "expert":
            words.append(self.options_summary(options))
        return words

    def listed_value(self, result: int | None, tallies: Tallies) -> str | None:
        """Lives left, or the round the seat went out in: Nuota keeps no score."""
        return stats.listed_value(tallies)

    def start_seat(self, state: NuotaState) -> int:
        """The seat that started the first round (the ``first`` option)."""
        return state.first

    def place_key(self, state: NuotaState, seat: int) -> tuple[int, ...]:
        """Most lives first, then most rounds survived (who went out later)."""
        return stats.place_key(state, seat)


SEAM = NuotaSeam()
