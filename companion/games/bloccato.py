"""Bloccato e pelato on the web: the new-match options, the log lines and the seam itself.

Options (DESIGN.md): ``first`` only when a seat was chosen (otherwise the engine draws lots from
the match's seed), ``sheet`` only when typed in from a paper pad. A generated sheet is never
stored: it comes from the seed, so a rematch (which copies the options and draws a new seed) is
played on a new sheet.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import RadioField, TextAreaField
from wtforms.validators import Length, ValidationError

from ..rules.bloccato import valid_sheet
from ..rules.bloccato_board import join_cost
from ..sheet import Sheet
from ..views.translate import reason
from .base import EntryKind
from .bloccato_turn import TURN_KIND
from .bloccato_turn import chooser as held_chooser
from .bloccato_view import board
from .bloccato_words import dice_words

FIRST_CHOICES = [
    ("lots", _l("Draw lots")),
    ("0", _l("Player 1 (crosses ✕)")),
    ("1", _l("Player 2 (circles ◯)")),
]
SOURCE_CHOICES = [
    ("fresh", _l("A fresh sheet, made by the app (fair to both sides)")),
    ("typed", _l("Type in a sheet from a paper pad")),
]
SHEET_EXAMPLE = "3X1C5X2\n24C3142\nC5213C4\n4C5X3O1\n1342C5C\nO21C34C\n5C41O23"
"""The placeholder of the sheet box: what a typed-in paper sheet looks like."""


def sheet_rows(text: str | None) -> list[str]:
    """The typed sheet as rows: one per non-empty line, spaces inside a line ignored."""
    lines = ("".join(line.split()) for line in (text or "").splitlines())
    return [line for line in lines if line]


def check_sheet(form: Any, field: Any) -> None:
    """A typed-in sheet must be valid; every problem is listed under the box."""
    if form.source.data != "typed":
        return
    if not sheet_rows(field.data):
        raise ValidationError(_("Type the 7 rows of the sheet, one per line."))
    problems = valid_sheet(sheet_rows(field.data))
    if problems:  # every problem in order: the view shows them all under the box
        field.errors.extend(reason(problem) for problem in problems[:-1])
        raise ValidationError(reason(problems[-1]))


class BloccatoSeam:
    """The web side of Bloccato e pelato."""

    slug = "bloccato"
    scoreboard_template = "games/bloccato/_scoreboard.html"
    sheet_example = SHEET_EXAMPLE

    def title(self) -> str:
        """The game's name (the Italian edition's title in every language)."""
        return "Bloccato e pelato"

    def options_fields(self) -> dict[str, Any]:
        """Who starts, and whether the sheet is generated or typed in."""
        return {
            "first": RadioField(_l("Who starts"), choices=FIRST_CHOICES, default="lots"),
            "source": RadioField(_l("The sheet"), choices=SOURCE_CHOICES, default="fresh"),
            "sheet": TextAreaField(
                _l("The sheet from the pad: 7 rows of 7 characters"),
                validators=[Length(max=400), check_sheet],
            ),
        }

    def options(self, form: Any) -> dict[str, Any]:
        """``first`` when chosen; ``sheet`` only when typed in (else it comes from the seed)."""
        options: dict[str, Any] = {}
        if form.first.data in ("0", "1"):
            options["first"] = int(form.first.data)
        if form.source.data == "typed":
            options["sheet"] = [row.upper() for row in sheet_rows(form.sheet.data)]
        return options

    def options_summary(self, options: dict[str, Any]) -> str:
        """E.g. "Fresh sheet · crosses start"."""
        source = _("Sheet from a paper pad") if options.get("sheet") else _("Fresh sheet")
        first = options.get("first")
        if first == 0:
            starter = _("crosses start")
        elif first == 1:
            starter = _("circles start")
        else:
            starter = _("starter drawn by lot")
        return f"{source} · {starter}"

    def entry_kinds(self, sheet: Sheet) -> list[EntryKind]:
        """One form for the whole turn (its buttons say what to do)."""
        return [TURN_KIND]

    def chooser(self, sheet: Sheet, move: dict[str, Any]) -> int | None:
        """A throw in the app is held for its roller until the dice are used."""
        return held_chooser(sheet, move)

    def leaders(self, sheet: Sheet) -> list[int]:
        """If the host ends the match now: the side with the fewest cells still to mark wins.

        A side that can no longer join never leads; both cut off is a draw (no winner).
        """
        state = sheet.state
        costs = {seat: join_cost(state.sheet, state.held(), seat) for seat in (0, 1)}
        reachable = {seat: cost for seat, cost in costs.items() if cost is not None}
        if not reachable:
            return []
        best = min(reachable.values())
        return [seat for seat, cost in reachable.items() if cost == best]

    def describe(self, move: dict[str, Any], players: list[str]) -> str:
        """A log line: "Rolled 3 3 4 cow cow (in the app, 2 throws)", "Marked row 2, column 5"."""
        kind = move.get("type")
        if kind == "roll":
            dice = dice_words(str(move.get("dice", "")))
            throws = move.get("throws")
            if isinstance(throws, list):
                return _(
                    "Rolled %(dice)s in the app (throws: %(throws)s)",
                    dice=dice,
                    throws=" → ".join(dice_words(str(t)) for t in throws),
                )
            return _("Rolled %(dice)s", dice=dice)
        if kind == "mark":
            row, col = move.get("cell", [0, 0])
            return _("Marked row %(row)d, column %(col)d", row=int(row) + 1, col=int(col) + 1)
        if kind == "pass":
            return _("Passed")
        return str(kind)

    def scoreboard(self, sheet: Sheet) -> dict[str, Any]:
        """The grid, the sides, the dice and what they allow (see bloccato_view)."""
        return board(sheet)


SEAM = BloccatoSeam()
