"""Auf der Pirsch on the web: the option fields, the entry forms and how each becomes a move
(the picked cards' form is in :mod:`.cards`).

Both forms serve every round, so a form keeps its key (``counts`` or ``cards``) across the match:
"counts" is footprints per animal in rounds 1–3 and captured cards per animal in round 4; "cards"
is the captured cards themselves, picked from a grid, counted by the app. A form remembers the
move it was rendered for (a hidden ``phase``): a phone still showing round 3 after someone entered
it then gets the platform's "entered a moment ago" notice, and a hand-made fourth hunt gets the
rule's refusal — in place, never a 404.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wtforms import Field, HiddenField, RadioField, SelectField
from wtforms.validators import ValidationError
from wtforms.widgets import TextInput

from ...i18n import get_locale, lazy_pgettext
from ...i18n import gettext as _
from ...i18n import lazy_gettext as _l
from ...rules import IllegalMove
from ...rules import pirsch as rules
from ...rules.pirsch import PirschState
from ...sheet import Sheet, bounded_version, entries_since
from ..base import EntryBase, form_class
from ..taken_back import undone_of
from .words import MULTIPLIER_CHOICES, animal_name, refusal

PHASES = ("hunt", "final")
MOST_FOOTPRINTS = rules.HAND * rules.MAX_FOOTPRINTS_PER_CARD
"""No box takes more footprints than 12 cards can carry; the rules check the sums."""


def trump_check(form: Any, field: Any) -> None:
    """The trump order is all four rounds, each animal once, or nothing at all."""
    picks = [form[f"trump{n}"].data or "" for n in range(1, rules.ROUNDS + 1)]
    if not any(picks):
        return
    if not field.data:
        raise ValidationError(_("Pick the trump of every round, or leave all four empty."))
    if picks.count(field.data) > 1:
        raise ValidationError(_("Each animal is trump in one round only."))


def trump_field(number: int) -> SelectField:
    """The trump animal of one round, or none recorded."""
    choices = [("", _l("not recorded"))] + [(a, _l(rules.ANIMAL_NAMES[a])) for a in rules.ANIMALS]
    return SelectField(
        lazy_pgettext("pirsch", "Round %(n)d", n=number),
        choices=choices,
        default="",
        validators=[trump_check],
    )


def options_fields() -> dict[str, Any]:
    """The multiplier reading and the optional trump order of the four rounds."""
    fields: dict[str, Any] = {
        "multiplier": RadioField(
            _l("Multiplier in rounds 1–3"),
            choices=MULTIPLIER_CHOICES,
            default="footprints",
        )
    }
    for number in range(1, rules.ROUNDS + 1):
        fields[f"trump{number}"] = trump_field(number)
    return fields


def options(form: Any) -> dict[str, Any]:
    """Options as DESIGN.md spells them: ``multiplier``; ``trumps`` when all four are set."""
    multiplier = form.multiplier.data if form.multiplier.data in rules.MULTIPLIERS else None
    chosen: dict[str, Any] = {"multiplier": multiplier or "footprints"}
    trumps = [form[f"trump{n}"].data for n in range(1, rules.ROUNDS + 1)]
    if all(trumps):
        chosen["trumps"] = trumps
    return chosen


class CountField(Field):
    """One count box: empty means 0, anything but a whole number is refused in words.

    Typed as text with a numeric keypad, so "abc" reaches the server and is answered, instead of
    being silently emptied by the browser as a number input would.
    """

    widget = TextInput()

    def _value(self) -> str:
        if self.raw_data:
            return str(self.raw_data[0])
        return "" if self.data is None else str(self.data)

    def process_formdata(self, valuelist: list[Any]) -> None:
        self.data = None
        text = str(valuelist[0]).strip() if valuelist else ""
        if not text:
            return
        if not text.removeprefix("-").isdecimal() or len(text) > 6:
            raise ValueError(_("“%(text)s” is not a whole number.", text=text[:12]))
        self.data = int(text)


def between(top: int, least: int = 0) -> Callable[[Any, Any], None]:
    """A validator: the count, when given, is from ``least`` to ``top``."""

    def check(form: Any, field: Any) -> None:
        if field.data is not None and not least <= field.data <= top:
            raise ValidationError(_("Between %(min)s and %(max)s.", min=least, max=top))

    return check


def footprint_types(seat: int, player: str) -> Callable[[Any, Any], None]:
    """A validator: a player captured at least as many animals as their footprints show."""

    def check(form: Any, field: Any) -> None:
        shown = sum(bool(form[f"s{seat}_{animal}"].data) for animal in rules.ANIMALS)
        if field.data is not None and field.data < shown:
            raise ValidationError(
                _(
                    "%(player)s has footprints of %(types)d animals, so captured at least "
                    "%(types)d.",
                    player=player,
                    types=shown,
                )
            )

    return check


def phase_of(sheet: Sheet[PirschState], formdata: Any, prefix: str) -> str:
    """The move a form is for: what it was rendered for if it says so, else what comes next."""
    sent = formdata.get(f"{prefix}-phase") if formdata is not None else None
    if sent in PHASES:
        return str(sent)
    return rules.next_move_type(sheet.state) or "final"


def counts_form(sheet: Sheet[PirschState], formdata: Any) -> EntryBase:
    """A grid of players × animals: footprints (rounds 1–3) or captured cards (round 4)."""
    phase = phase_of(sheet, formdata, "counts")
    hunt = phase == "hunt"
    top = MOST_FOOTPRINTS if hunt else rules.suit_size(len(sheet.players))
    players = tuple(sheet.players)
    suits = hunt and sheet.state.multiplier == "suits"

    def fields() -> dict[str, Any]:
        built: dict[str, Any] = {"phase": HiddenField(default=phase)}
        for i, name in enumerate(players):
            for animal in rules.ANIMALS:
                label = (
                    _("%(player)s: %(animal)s footprints", player=name, animal=animal_name(animal))
                    if hunt
                    else _("%(player)s: %(animal)s cards", player=name, animal=animal_name(animal))
                )
                built[f"s{i}_{animal}"] = CountField(label, validators=[between(top)])
            if suits:  # 12 cards show at least as many animals as it takes suits to hold them
                label = _("%(player)s: animal types captured", player=name)
                least = -(-rules.HAND // rules.suit_size(len(players)))
                built[f"s{i}_types"] = CountField(
                    label, validators=[between(len(rules.ANIMALS), least), footprint_types(i, name)]
                )
        built["players"] = players
        return built

    # The labels are translated now, so the language is part of the setup.
    setup = (players, phase, top, suits, str(get_locale() or ""))
    made = form_class("PirschCountsForm", setup, fields, base=CountsBase)
    form = made(formdata=formdata, prefix="counts")
    form.phase.data = phase
    form.row_errors = {}
    form.back = formdata is None and fill_back(form, undone_of(sheet, phase), len(players))
    return form


def fill_back(form: Any, move: dict[str, Any] | None, seats: int) -> bool:
    """The boxes of a round a just-made undo took back, as it was entered (a 0 stays an empty
    box, as typed), so that one correction saves it again; whether there was such a round."""
    rows = move.get("footprints", move.get("cards")) if move is not None else None
    counted = isinstance(rows, list) and all(isinstance(row, dict) for row in rows)
    if not counted or len(rows) != seats:  # none, or a hunt of cards picked (not counts)
        return False
    for seat, counts in enumerate(rows):
        for animal in rules.ANIMALS:
            form[f"s{seat}_{animal}"].data = counts.get(animal) or None
    suits = move.get("suits") if move is not None else None
    if "s0_types" in form._fields and isinstance(suits, list) and len(suits) == seats:
        for seat, types in enumerate(suits):
            form[f"s{seat}_types"].data = types
    return True


class CountsBase(EntryBase):
    """The grid's form: a box's own mistakes and the rows left empty are said together, on the
    first save."""

    players: tuple[str, ...] = ()

    def validate(self, extra_validators: Any = None) -> bool:
        """The boxes' checks; when one fails, the empty rows are marked too."""
        valid = super().validate(extra_validators)
        if not valid:
            empty_rows(self.players, self)
            self.form_errors.append(_("Nothing was saved: check the boxes marked below."))
        return valid


def empty_rows(players: tuple[str, ...] | list[str], form: Any) -> bool:
    """Mark each player whose boxes are all empty, and each empty "animal types" box."""
    missing = False
    for i, name in enumerate(players):
        cells = [form[f"s{i}_{animal}"] for animal in rules.ANIMALS]
        if all(cell.data is None and not cell.errors for cell in cells):  # "abc" is said as such
            form.row_errors[i] = [
                _("Enter at least one number for %(player)s (empty boxes count 0).", player=name)
            ]
            missing = True
        types = form._fields.get(f"s{i}_types")
        if types is not None and types.data is None:
            types.errors = [*types.errors, _("Enter how many different animals they captured.")]
            missing = True
    return missing


def counts_move(sheet: Sheet[PirschState], form: Any) -> dict[str, Any]:
    """The ``hunt`` or ``final`` move from the grid; a player with every box empty is refused."""
    hunt = form.phase.data == "hunt"
    if empty_rows(sheet.players, form) and not is_stale(sheet, form):
        form.form_errors.append(_("Nothing was saved: fill in the boxes marked below."))
        raise ValidationError(form.form_errors[-1])
    rows = [
        {a: form[f"s{i}_{a}"].data or 0 for a in rules.ANIMALS} for i in range(len(sheet.players))
    ]
    move: dict[str, Any]
    if hunt:
        move = {"type": "hunt", "footprints": rows}
        if "s0_types" in form._fields:
            move["suits"] = [form[f"s{i}_types"].data for i in range(len(sheet.players))]
    else:
        move = {"type": "final", "cards": rows}
    precheck(sheet, form, move)
    return move


def is_stale(sheet: Sheet[PirschState], form: Any) -> bool:
    """Whether someone entered something since the form was rendered (the platform refuses it)."""
    version = bounded_version(form.version.data)
    return version != sheet.match.version and bool(entries_since(sheet.match, version))


def precheck(sheet: Sheet[PirschState], form: Any, move: dict[str, Any]) -> None:
    """Ask the rules before storing, to show a refusal with its animal names translated.

    Skipped when someone else entered something since the form was rendered: the platform then
    answers with its "entered a moment ago" notice, which is the more useful news.
    """
    if is_stale(sheet, form):
        return
    try:
        sheet.rules.apply(sheet.state, move)
    except IllegalMove as refused:
        form.form_errors.append(refusal(refused))
        raise ValidationError(form.form_errors[-1]) from None
