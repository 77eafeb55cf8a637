"""Bloccato e pelato on the web: the new-match options and the one turn form.

Options (DESIGN.md): ``first`` only when a seat was chosen (otherwise the engine draws lots from
the match's seed), ``sheet`` only when typed in from a paper pad. A generated sheet is never
stored: it comes from the seed, so a rematch (which copies the options and draws a new seed) is
played on a new sheet.

The turn form carries everything a turn can send; :mod:`.turn` says who may use it and turns the
pressed button into a move. The parts that need no database (dice tapped in, a cell tapped) are
read here.
"""

from __future__ import annotations

from typing import Any

from wtforms import BooleanField, RadioField, StringField, TextAreaField
from wtforms.validators import Length, ValidationError

from ...i18n import gettext as _
from ...i18n import lazy_gettext as _l
from ...rules import IllegalMove
from ...rules.bloccato import BloccatoState, check_mark, check_roll, valid_sheet
from ...rules.bloccato.sheet import FACES
from ...sheet import Sheet
from ...translate import reason
from ..base import EntryBase
from .words import refusal

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

DICE = 5


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


def options_fields() -> dict[str, Any]:
    """Who starts, and whether the sheet is generated or typed in."""
    return {
        "first": RadioField(_l("Who starts"), choices=FIRST_CHOICES, default="lots"),
        "source": RadioField(_l("The sheet"), choices=SOURCE_CHOICES, default="fresh"),
        "sheet": TextAreaField(
            _l("The sheet from the pad: 7 rows of 7 characters"),
            validators=[Length(max=400), check_sheet],
        ),
    }


def options(form: Any) -> dict[str, Any]:
    """``first`` when chosen; ``sheet`` only when typed in (else it comes from the seed)."""
    chosen: dict[str, Any] = {}
    if form.first.data in ("0", "1"):
        chosen["first"] = int(form.first.data)
    if form.source.data == "typed":
        chosen["sheet"] = [row.upper() for row in sheet_rows(form.sheet.data)]
    return chosen


def face_choices() -> list[tuple[str, Any]]:
    """The six faces of a die as radio choices (the cow spelled out for screen readers)."""
    return [(face, face) for face in "12345"] + [("C", _l("cow"))]


class TurnForm(EntryBase):
    """Everything a turn can send; the pressed button's ``action`` says which part counts."""

    die0 = RadioField(_l("Die 1"), choices=face_choices(), validate_choice=False)
    die1 = RadioField(_l("Die 2"), choices=face_choices(), validate_choice=False)
    die2 = RadioField(_l("Die 3"), choices=face_choices(), validate_choice=False)
    die3 = RadioField(_l("Die 4"), choices=face_choices(), validate_choice=False)
    die4 = RadioField(_l("Die 5"), choices=face_choices(), validate_choice=False)
    keep0 = BooleanField(_l("Keep die 1"))
    keep1 = BooleanField(_l("Keep die 2"))
    keep2 = BooleanField(_l("Keep die 3"))
    keep3 = BooleanField(_l("Keep die 4"))
    keep4 = BooleanField(_l("Keep die 5"))
    cell = StringField(_l("Cell"))
    action = StringField(_l("Action"))


def turn_form(sheet: Sheet[Any], formdata: Any) -> EntryBase:
    """The turn form (prefix ``turn``: fields are ``turn-die0``, ``turn-cell``, ...)."""
    return TurnForm(formdata=formdata, prefix="turn")


def refuse(form: Any, message: str) -> ValidationError:
    """A refusal shown at the top of the form (the view re-renders it in place)."""
    form.form_errors.append(message)
    return ValidationError(message)


def allowed(form: Any, check: Any, state: BloccatoState, value: Any) -> Any:
    """``check(state, value)`` of the rules; its refusal shown in place with the dice spelled out.

    The log's own check repeats it when the move is stored; checking here first only words the
    reason better ("the roll 1 4 4 4 cow…", not "the roll 1444C…").
    """
    try:
        return check(state, value)
    except IllegalMove as refused:
        raise refuse(form, refusal(refused)) from None


def typed_move(sheet: Sheet[BloccatoState], form: Any) -> dict[str, Any]:
    """The roll of five dice tapped in, one face per die."""
    faces = []
    for i in range(DICE):
        field = form[f"die{i}"]
        if field.data not in set(FACES):
            field.errors = [*field.errors, _("Tap the face of this die.")]
        faces.append(field.data or "")
    if any(form[f"die{i}"].errors for i in range(DICE)):
        raise ValidationError(_("Tap the face of every die."))
    return {"type": "roll", "dice": allowed(form, check_roll, sheet.state, "".join(faces))}


def mark_move(sheet: Sheet[BloccatoState], form: Any) -> dict[str, Any]:
    """Mark the tapped cell, given as ``row,col`` counted from 0."""
    parts = (form.cell.data or "").split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() and len(p.strip()) < 3 for p in parts):
        raise refuse(form, _("Tap a cell of the sheet to mark it."))
    cell = allowed(form, check_mark, sheet.state, [int(parts[0]), int(parts[1])])
    return {"type": "mark", "cell": list(cell)}
