"""Auf der Pirsch on the web: the seam the platform calls.

The option fields and entry forms live in :mod:`.forms`, the scoreboard, log lines and running
totals in :mod:`.scoreboard`, the game's words in :mod:`.words` and its statistics in
:mod:`.stats`; this module ties them into the seam.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...i18n import gettext as _
from ...rules import pirsch as rules
from ...rules.pirsch import PirschState
from ...sheet import Sheet
from ..base import EntryKind, Figures, Running, Seam
from ..figures import KeptAs, Tallies
from ..naming import numbered
from . import cards, forms, scoreboard, stats, words

if TYPE_CHECKING:
    from ...models import Entry


class PirschSeam(Seam[PirschState]):
    """The web side of Auf der Pirsch."""

    slug = "pirsch"
    scoreboard_template = "games/pirsch/_scoreboard.html"
    lower_is_better = False
    """Points: the higher the better."""

    def result_label(self) -> str | None:
        """Points."""
        return _("Points")

    def title(self) -> str:
        """The game's name (the same in every language)."""
        return "Auf der Pirsch"

    def options_fields(self) -> dict[str, Any]:
        """The multiplier reading and the optional trump order of the four rounds."""
        return forms.options_fields()

    def options(self, form: Any) -> dict[str, Any]:
        """Options as DESIGN.md spells them: ``multiplier``; ``trumps`` when all four are set."""
        return forms.options(form)

    def rematch_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The multiplier reading stays; the trump order does not: the trump cards are shuffled
        for every match, so the last match's order would name the wrong trumps."""
        return {key: value for key, value in options.items() if key != "trumps"}

    def options_summary(self, options: dict[str, Any]) -> str:
        """E.g. "footprints × footprint types · trumps: bear, wolf, boar, mouflon"."""
        return words.options_summary(options)

    def entry_kinds(self, sheet: Sheet[PirschState]) -> list[EntryKind]:
        """Counts per animal (footprints, or cards in round 4) first, then the cards picked."""
        final = rules.next_move_type(sheet.state) == "final"
        return [
            EntryKind(
                "counts",
                (lambda: _("Cards per animal")) if final else (lambda: _("Footprints")),
                "games/pirsch/_counts.html",
                forms.counts_form,
                forms.counts_move,
            ),
            EntryKind(
                "cards",
                lambda: _("Pick the cards"),
                "games/pirsch/_cards.html",
                cards.cards_form,
                cards.cards_move,
            ),
        ]

    def kind_taking_back(self, move: dict[str, Any]) -> str | None:
        """An undone hunt of picked cards comes back in the picking grid, its cards ticked; a
        round of counts (and round 4, kept as counts however it was entered) in the counts."""
        picked = move.get("type") == "hunt" and "cards" in move
        return "cards" if picked else None

    def leaders(self, sheet: Sheet[PirschState]) -> list[int]:
        """Seats with the highest totals: the winners if the host ends the match now."""
        totals = sheet.state.totals()
        return [i for i, total in enumerate(totals) if total == max(totals)]

    def entry_name(self, sheet: Sheet[Any], entry: Entry) -> str | None:
        """Auf der Pirsch: "round 2" (Italian "il turno 2"), its footprints or its cards."""
        number = numbered(sheet, entry, named={"hunt", "final"}, steps={"hunt", "final"})
        return None if number is None else words.entry_name(number)

    def saved_note(self, sheet: Sheet[PirschState], entry: Entry) -> str | None:
        """A round saved with footprints the table cannot hold (saved anyway, RULES.md): the
        scoreboard's warning, said again in the panel where it was entered."""
        index = len(sheet.state.rounds) - 1
        if entry.seq in sheet.undone or index < 0:
            return None
        warnings = [words.warning_text(t, p) for t, p in rules.round_warnings(sheet.state, index)]
        if not warnings:
            return None
        said = _("Round %(n)d: check the footprints.", n=index + 1)
        return " ".join([said, _("Saved anyway: the footprint table is provisional."), *warnings])

    def describe(self, move: dict[str, Any], players: list[str]) -> str:
        """One log line per round, with each player's figures."""
        kind = move.get("type")
        if kind == "hunt":
            return scoreboard.hunt_line(move, players)
        if kind == "final":
            return scoreboard.final_line(move, players)
        return str(kind)

    def scoreboard(self, sheet: Sheet[PirschState]) -> dict[str, Any]:
        """Rounds, totals, leaders, the next round and the setup hint."""
        return scoreboard.board(sheet)

    def scoreboard_shared(self, sheet: Sheet[PirschState]) -> bool:
        """The scoreboard carries no form: every phone of the table may share its rendering."""
        return True

    def running_totals(self, sheet: Sheet[PirschState]) -> Running | None:
        """Each player's points after every round."""
        return scoreboard.running(sheet)

    def tallies(self, state: PirschState, seat: int, won: bool) -> Tallies:
        """What the seat's match adds to the figures below."""
        return stats.tallies(state, seat, won)

    def kept_as(self, name: str) -> KeptAs:
        """Which tallies keep their best rather than add up."""
        return stats.kept_as(name)

    def figures_of(self, tallies: Tallies) -> Figures:
        """The best single hunt and the average of round 4."""
        return stats.figures_of(tallies)

    def place_key(self, state: PirschState, seat: int) -> tuple[int, ...]:
        """Most points first."""
        return stats.place_key(state, seat)

    def result(self, state: PirschState, seat: int) -> int | None:
        """The seat's final points."""
        return stats.result(state, seat)


SEAM = PirschSeam()
