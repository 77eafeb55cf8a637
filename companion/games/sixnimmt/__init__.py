"""6 nimmt! on the web: the seam the platform calls.

The option fields and the quick entry forms live in :mod:`.forms`, table mode's form and the
round on the table in :mod:`.table`, the scoreboard, log lines and running totals in
:mod:`.scoreboard`, the game's words in :mod:`.words` and its statistics in :mod:`.stats`; this
module ties them into the seam.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...rules import sixnimmt as rules
from ...rules.sixnimmt import SixNimmtState
from ...sheet import Sheet
from ..base import EntryKind, Figures, Running, Seam
from ..figures import Tallies
from ..naming import numbered
from . import forms, scoreboard, stats, table, words

if TYPE_CHECKING:
    from ...models import Entry


class SixNimmtSeam(Seam[SixNimmtState]):
    """The web side of 6 nimmt!."""

    slug = "sixnimmt"
    scoreboard_template = "games/sixnimmt/_scoreboard.html"
    scoreboard_notes_template = "games/sixnimmt/_notes.html"
    lower_is_better = True
    """Bull heads: the fewer the better."""
    takes_back_held = True
    """A turn waiting for a row choice is undone alone: the turns before it stay."""

    def result_label(self) -> str | None:
        """Bull heads."""
        return words.heads_label()

    def title(self) -> str:
        """The game's name."""
        return "6 nimmt!"

    def options_fields(self) -> dict[str, Any]:
        """Variant and end of the match."""
        return forms.options_fields()

    def options(self, form: Any) -> dict[str, Any]:
        """Options in the DESIGN.md vocabulary."""
        return forms.options(form)

    def options_summary(self, options: dict[str, Any]) -> str:
        """E.g. "Professional · more than 66"."""
        return words.options_summary(options)

    def entry_kinds(self, sheet: Sheet[SixNimmtState]) -> list[EntryKind]:
        """Heads per player, cards per player, or table mode (first while a round is on it)."""
        quick = [
            EntryKind(
                "heads",
                words.heads_label,
                "games/sixnimmt/_heads.html",
                forms.heads_form,
                forms.heads_move,
                shared=True,
            ),
            EntryKind(
                "cards",
                words.cards_label,
                "games/sixnimmt/_cards.html",
                forms.cards_form,
                forms.cards_move,
                shared=True,
            ),
        ]
        if sheet.state.table is not None or sheet.match.options.get("table"):
            return [table.TABLE_KIND, *quick]
        return [*quick, table.TABLE_KIND]

    def kind_taking_back(self, move: dict[str, Any]) -> str | None:
        """An undone round comes back in the form it was typed in: its cards in the cards form
        (the heads form would open empty); a round of heads, or a turn, in the first kind."""
        return "cards" if move.get("type") == "round" and "cards" in move else None

    def chooser(self, sheet: Sheet[SixNimmtState], move: dict[str, Any]) -> int | None:
        """The seat that must choose before ``move`` can be stored (a too-low card)."""
        return table.chooser(sheet, move)

    def leaders(self, sheet: Sheet[SixNimmtState]) -> list[int]:
        """Seats with the fewest heads: the winners if the host ends the match now."""
        return rules.leaders(sheet.state)

    def entry_name(self, sheet: Sheet[Any], entry: Entry) -> str | None:
        """6 nimmt!: "round 6" (Italian "la mano 6"), a round of bull heads or of cards
        taken; a round played on the table is not named (its moves are single cards)."""
        number = numbered(sheet, entry, named={"round"}, steps={"round", "rows"})
        return None if number is None else words.entry_name(number)

    def describe(self, move: dict[str, Any], players: list[str]) -> str:
        """A log line such as "Round: Ann 5 · Bob 0 · Cy 11"."""
        return scoreboard.describe(move, players)

    def scoreboard(self, sheet: Sheet[SixNimmtState]) -> dict[str, Any]:
        """Rounds as rows, running totals, leaders and how far each player is from the end."""
        return scoreboard.board(sheet)

    def scoreboard_shared(self, sheet: Sheet[SixNimmtState]) -> bool:
        """Shared unless a round is on the table: its panel carries the row-choice forms."""
        return sheet.state.table is None

    def running_totals(self, sheet: Sheet[SixNimmtState]) -> Running | None:
        """Each player's heads after every round, with the heads limit when the match has one."""
        return scoreboard.running(sheet)

    def tallies(self, state: SixNimmtState, seat: int, won: bool) -> Tallies:
        """What the seat's match adds to the figures below."""
        return stats.tallies(state, seat, won)

    def figures_of(self, tallies: Tallies) -> Figures:
        """Average heads per round; matches ended over the limit."""
        return stats.figures_of(tallies)

    def place_key(self, state: SixNimmtState, seat: int) -> tuple[int, ...]:
        """Fewest heads first."""
        return stats.place_key(state, seat)

    def result(self, state: SixNimmtState, seat: int) -> int | None:
        """The seat's final bull heads."""
        return stats.result(state, seat)


SEAM = SixNimmtSeam()
