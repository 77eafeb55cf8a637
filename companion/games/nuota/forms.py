"""Nuota per la vita's options, and its three ways to end a round: hands (:mod:`.hand_form`),
totals or sudden death.
"""

from __future__ import annotations

from typing import Any

from wtforms import IntegerField, RadioField, SelectField
from wtforms.validators import InputRequired, NumberRange, ValidationError

from ...i18n import gettext as _
from ...i18n import lazy_gettext as _l
from ...rules.nuota import DECK_SIZE, RULES, NuotaState, alive, combos
from ...sheet import Sheet
from ..base import EntryBase, EntryKind, form_class
from ..taken_back import undone_of
from .hand_form import hands_form, hands_move
from .hands import viewer
from .words import COMBO_LABELS

MAX_PLAYERS = RULES.info.max_players


def first_in_table(form: Any, field: Any) -> None:
    """The first player must be one of the names typed above (3 to 5 of them)."""
    typed = sum(
        1 for name, value in form.data.items() if name[:1] == "p" and name[1:].isdigit() and value
    )
    if isinstance(field.data, int) and RULES.info.min_players <= typed <= field.data:
        raise ValidationError(_("Only %(n)d players are at the table.", n=typed))


def options_fields() -> dict[str, Any]:
    """Base or expert variant, and who starts the first round."""
    return {
        "variant": RadioField(
            _l("Variant"),
            choices=[
                ("base", _l("Base game")),
                (
                    "expert",
                    _l("Expert: sudden death only with 5 hares or 5 pigs, and it gains a life"),
                ),
            ],
            default="base",
        ),
        "first": SelectField(
            _l("Who starts the first round"),
            choices=[(seat, _l("Player %(n)d", n=seat + 1)) for seat in range(MAX_PLAYERS)],
            coerce=int,
            default=0,
            validators=[first_in_table],
        ),
    }


def options(form: Any) -> dict[str, Any]:
    """Options in the DESIGN.md vocabulary."""
    return {"variant": form.variant.data, "first": form.first.data}


def totals_form(sheet: Sheet[NuotaState], formdata: Any) -> EntryBase:
    """The points each live player scored this round."""
    live = tuple((seat, sheet.players[seat]) for seat in alive(sheet.state))

    def fields() -> dict[str, Any]:
        return {
            f"seat{seat}": IntegerField(
                name,
                validators=[
                    InputRequired(_l("Enter a total for every player (0 if none).")),
                    NumberRange(0, DECK_SIZE, _l("Between %(min)s and %(max)s.")),
                ],
            )
            for seat, name in live
        }

    form: Any = form_class("TotalsForm", live, fields)(formdata=formdata, prefix="totals")
    back = None if formdata else undone_totals(sheet)
    form.back = back is not None
    if back is not None:
        for seat, _name in live:
            form[f"seat{seat}"].data = back[seat]
    return form


def undone_totals(sheet: Sheet[NuotaState]) -> list[Any] | None:
    """The totals of a round typed as totals that a just-made undo took back, one per seat.

    As with the hands, the undo is nearly always about one mistyped number: the boxes open with
    the round as it was, so one correction saves it again (None when the undone entry was no
    such round, or later entries came after it).
    """
    move = undone_of(sheet, "showdown")
    points = move.get("points") if move is not None else None
    return points if isinstance(points, list) and len(points) == len(sheet.players) else None


def totals_move(sheet: Sheet[NuotaState], form: Any) -> dict[str, Any]:
    """A showdown by totals; seats that are out have none."""
    live = alive(sheet.state)
    points = [
        form[f"seat{seat}"].data if seat in live else None for seat in range(len(sheet.players))
    ]
    return {"type": "showdown", "points": points}


def sudden_form(sheet: Sheet[NuotaState], formdata: Any) -> EntryBase:
    """Who declares sudden death, and with which set (expert: hares or pigs only)."""
    state = sheet.state
    seats = tuple((str(seat), sheet.players[seat]) for seat in alive(state))
    sets = tuple(combos(state))

    def fields() -> dict[str, Any]:
        return {
            "seat": RadioField(
                _l("Who declares sudden death"),
                choices=list(seats),
                validators=[InputRequired(_l("Choose who declares sudden death."))],
            ),
            "combo": RadioField(
                _l("With which set"),
                choices=[(combo, COMBO_LABELS[combo]) for combo in sets],
                validators=[InputRequired(_l("Choose the set of cards."))],
            ),
        }

    made = form_class("SuddenForm", (seats, sets), fields)
    form: Any = made(formdata=formdata, prefix="sudden")
    if not formdata:
        me, _host = viewer(sheet)
        if me in alive(state):
            form.seat.data = str(me)
    return form


def sudden_move(sheet: Sheet[NuotaState], form: Any) -> dict[str, Any]:
    """The ``sudden_death`` move."""
    return {"type": "sudden_death", "seat": int(form.seat.data), "combo": form.combo.data}


KINDS = [
    EntryKind("hands", lambda: _("Hands"), "games/nuota/_hands.html", hands_form, hands_move),
    EntryKind(
        "totals",
        lambda: _("Totals"),
        "games/nuota/_totals.html",
        totals_form,
        totals_move,
    ),
    EntryKind(
        "sudden",
        lambda: _("Sudden death"),
        "games/nuota/_sudden.html",
        sudden_form,
        sudden_move,
        once=True,
    ),
]
