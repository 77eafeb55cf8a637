"""The Game on the web: the options, and the two ways to enter a match (the live tracker and the
result alone).

The tracker is one WTForms form behind three small HTML forms: the card number with four pile
buttons (each submits ``pile`` = 0..3), "End turn" and "We are stuck" (each a hidden ``action``).
One entry kind keeps the version/idempotency handling of the platform for all three; the rules
engine decides what is legal, so its reasons reach the phone unchanged.
"""

from __future__ import annotations

from typing import Any

from wtforms import BooleanField, HiddenField, IntegerField, RadioField
from wtforms.validators import InputRequired, NumberRange, Optional, ValidationError

from ...i18n import gettext as _
from ...i18n import lazy_gettext as _l
from ...rules import thegame as rules
from ...rules.thegame import TheGameState
from ...sheet import Sheet
from ..base import EntryBase, EntryKind, form_class

ACTIONS = {"play", "end", "stuck"}


def options_fields() -> dict[str, Any]:
    """Variant, one card fewer in hand, the On Fire expansion."""
    return {
        "variant": RadioField(
            _l("Variant"),
            choices=[
                ("base", _l("Base game: at least 2 cards a turn")),
                ("pro", _l("Professional: at least 3 cards a turn")),
            ],
            default="base",
        ),
        "small_hand": BooleanField(_l("One card fewer in hand")),
        "on_fire": BooleanField(_l("On Fire: cards 22 33 44 55 66 77 must be covered")),
    }


def options(form: Any) -> dict[str, Any]:
    """Options in the DESIGN.md vocabulary."""
    return {
        "variant": "pro" if form.variant.data == "pro" else "base",
        "small_hand": bool(form.small_hand.data),
        "on_fire": bool(form.on_fire.data),
    }


class TrackerForm(EntryBase):
    """A card and the pile it goes on, or the end of the turn, or "we are stuck"."""

    card = IntegerField(_l("Card number"), validators=[Optional()])
    pile = IntegerField(validators=[Optional()])
    action = HiddenField(default="play")


def tracker_form(sheet: Sheet[TheGameState], formdata: Any) -> EntryBase:
    """The tracker form (``tracker-`` prefix, as the entry kind's key)."""
    return TrackerForm(formdata=formdata, prefix="tracker")


def refuse(field: Any, message: str) -> None:
    """Mark ``field`` with ``message`` and stop: the form comes back with it, nothing stored."""
    field.errors = [*field.errors, message]
    raise ValidationError(message)


def tracker_move(sheet: Sheet[TheGameState], form: Any) -> dict[str, Any]:
    """``play``, ``end_turn`` or ``stuck`` from the tracker form (ValidationError if incomplete)."""
    action = form.action.data or "play"
    if action not in ACTIONS:
        refuse(form.card, _("That button is not understood. Reload the page."))
    if action == "end":
        return {"type": "end_turn"}
    if action == "stuck":
        return {"type": "stuck"}
    if form.card.data is None:
        refuse(form.card, _("Type the number of the card you put down."))
    if form.pile.data is None:
        refuse(form.pile, _("Tap the pile the card goes on."))
    return {"type": "play", "pile": form.pile.data, "card": form.card.data}


def result_form(sheet: Sheet[TheGameState], formdata: Any) -> EntryBase:
    """The cards left at the end: 0 to 96 (95 professional), as the rules allow."""
    most = rules.result_bound(sheet.state.variant)
    # Why no more: the rule, not just the bounds (NumberRange fills in nothing more).
    too_many = _l(
        "From 0 to %(most)d: the first turn always puts down at least %(first)d cards.",
        most=most,
        first=rules.CARDS - most,
    )

    def fields() -> dict[str, Any]:
        return {
            "left": IntegerField(
                _l("Cards left at the end (hands and draw pile)"),
                validators=[
                    InputRequired(_l("Enter the number of cards left (0 if you beat the game).")),
                    NumberRange(0, most, too_many),
                ],
            )
        }

    return form_class("ResultForm", most, fields)(formdata=formdata, prefix="result")


def result_move(sheet: Sheet[TheGameState], form: Any) -> dict[str, Any]:
    """The ``result`` move."""
    return {"type": "result", "left": form.left.data}


TRACKER_KIND = EntryKind(
    "tracker",
    lambda: _("Tracker"),
    "games/thegame/_tracker.html",
    tracker_form,
    tracker_move,
)
RESULT_KIND = EntryKind(
    "result",
    lambda: _("Result only"),
    "games/thegame/_result.html",
    result_form,
    result_move,
)


def entry_kinds(sheet: Sheet[TheGameState]) -> list[EntryKind]:
    """The tracker first; the result alone only until a card is on a pile (never mixed)."""
    if rules.tracking(sheet.state):
        return [TRACKER_KIND]
    return [TRACKER_KIND, RESULT_KIND]
