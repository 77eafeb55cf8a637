"""Nuota per la vita: one player's hand, a grid of the ten species with a number each.

Its − and + buttons are plain submit buttons (they work without JavaScript too): a tap is not a
move, so the form's ``validate`` changes the count and fails, which makes the sheet hand the
form back as typed with the new count (the same happens for the "count" request an input
sends while someone types). Every box is checked on its own (below 0, more copies than the deck
holds) so that all of a hand's mistakes are said at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wtforms import IntegerField, SelectField, StringField
from wtforms.validators import InputRequired, NumberRange, Optional, ValidationError

from ...i18n import gettext as _
from ...i18n import lazy_gettext as _l
from ...rules.nuota import HAND_SIZE, SPECIES, NuotaState, alive, combos
from ...sheet import Sheet
from ..base import EntryBase, form_class
from .hands import default_seat, hand_of, held_hands, seats_with_a_phone, viewer
from .words import COMBO_LABELS, SPECIES_LABELS, species_label

STEP_COUNT = "count"
COPIES = {species.name: species.copies for species in SPECIES}


def at_most_copies(name: str) -> Callable[[Any, Any], None]:
    """A validator: no more cards of species ``name`` than the deck holds (as the rules say)."""

    def check(form: Any, field: Any) -> None:
        if field.data is not None and field.data > COPIES[name]:
            raise ValidationError(
                _(
                    "There are only %(copies)d %(species)s cards in the game.",
                    copies=COPIES[name],
                    species=species_label(name),
                )
            )

    return check


class HandsBase(EntryBase):
    """The hand form's own helpers for its template: the grid rows and the running count."""

    size = HAND_SIZE
    combos: tuple[str, ...] = ()
    """The sudden-death sets of the match's variant (set per form by :func:`hands_form`)."""
    seen = IntegerField(default=0)
    """The last log entry this form was rendered after: a hand typed before it is stale."""
    shown = StringField(default="")
    """The seat whose held hand filled the counts when the form was drawn ("" for none): the
    host's form must not save those cards as another player's (:func:`hands_move`)."""

    def seen_entry(self) -> int | None:
        """The last log entry this form was rendered after (0 before the first)."""
        return self.seen.data or 0

    def stamp(self, sheet: Sheet[Any]) -> HandsBase:
        """As for every form, and the hand is now typed after the sheet's last entry: a hand
        kept after someone else's entry can then be sent again."""
        super().stamp(sheet)
        self.seen.data = sheet.entries[-1].seq if sheet.entries else 0
        self.seen.raw_data = None
        return self

    def validate(self, extra_validators: Any = None) -> bool:
        """The boxes' checks; a − / + tap (or a running-count request) is never a move: it is
        applied here, whatever the other boxes say, so a box over its copies steps back down."""
        valid = super().validate(extra_validators)
        if not self.step.data:
            return valid
        if self.step.data != STEP_COUNT:
            step(self)
        return False

    def rows(self) -> list[dict[str, Any]]:
        """Each species with its value, copies and the typed count's field."""
        return [
            {"name": s.name, "field": self[s.name], "value": s.value, "copies": s.copies}
            for s in SPECIES
        ]

    def count(self) -> int:
        """Cards typed so far (the hand must reach 10)."""
        return sum(hand_counts(self).values())

    def misfits(self) -> int:
        """How many typed counts the deck does not allow (below 0, above the species' copies)."""
        return sum(not 0 <= count <= COPIES[name] for name, count in hand_counts(self).items())

    def fits(self) -> bool:
        """Whether every typed count is one the deck allows: only then may ten cards be called a
        full hand."""
        return not self.misfits()

    def sudden_sets(self) -> list[dict[str, Any]]:
        """Each sudden-death set of this match: its words, the count that makes it, and whether
        the typed hand holds it (a hand that does most likely belonged to a sudden death)."""
        counts = hand_counts(self)
        fits = self.fits()  # a hand with an impossible count is a mistake, not a sudden death
        sets = []
        for combo in self.combos:
            species = combo[:-1]  # "cats" is every "cat" of the deck
            needs = COPIES[species]
            sets.append(
                {
                    "label": COMBO_LABELS[combo],
                    "needs": {species: needs},
                    "held": fits and counts[species] == needs,
                }
            )
        return sets


def hands_form(sheet: Sheet[NuotaState], formdata: Any) -> EntryBase:
    """One hand: whose it is, then a count per species (empty counts as 0)."""
    live = alive(sheet.state)
    held = held_hands(sheet)
    choices = tuple(
        (seat, f"{sheet.players[seat]} ✓" if held[seat] else sheet.players[seat]) for seat in live
    )

    def fields() -> dict[str, Any]:
        built: dict[str, Any] = {
            "seat": SelectField(
                _l("Whose hand"),
                choices=list(choices),
                coerce=int,
                validators=[InputRequired(_l("Choose whose hand this is."))],
            ),
            "step": StringField(),
        }
        for species in SPECIES:
            built[species.name] = IntegerField(
                SPECIES_LABELS[species.name],
                validators=[
                    Optional(),
                    NumberRange(min=0, message=_l("A count cannot be below 0.")),
                    at_most_copies(species.name),
                ],
            )
        return built

    made = form_class("HandsForm", choices, fields, HandsBase)
    form: Any = made(formdata=formdata, prefix="hands")
    form.typed = bool(formdata)
    form.held = held
    form.combos = combos(sheet.state)
    form.phones = set()  # the seats whose phones send their own hands (the host's form)
    if not formdata:
        form.seen.data = sheet.entries[-1].seq if sheet.entries else 0
        me, host = viewer(sheet)
        form.phones = seats_with_a_phone(sheet) if host else set()
        seat = default_seat(sheet, me, host)
        form.seat.data = seat
        mine = held[seat] if seat is not None else None
        form.shown.data = str(seat) if mine else ""
        for species in SPECIES:
            form[species.name].data = (mine or {}).get(species.name) or None
    return form


def hand_counts(form: Any) -> dict[str, int]:
    """The typed counts by species (empty boxes are 0)."""
    return {species.name: form[species.name].data or 0 for species in SPECIES}


def step(form: Any) -> None:
    """Apply a − / + tap ("giraffe:1") to the typed counts, within 0 and the species' copies."""
    name, _sep, delta = (form.step.data or "").partition(":")
    if name not in COPIES or delta not in {"1", "-1"}:
        return
    field = form[name]
    field.data = min(COPIES[name], max(0, (field.data or 0) + int(delta))) or None
    field.errors = []


def hands_move(sheet: Sheet[NuotaState], form: Any) -> dict[str, Any]:
    """A showdown with this one hand; the other seats stay null until their phones add theirs."""
    if form.step.data:  # applied by HandsBase.validate; never a move
        raise ValidationError("step")
    counts = hand_counts(form)
    shown = form.shown.data or ""
    if shown.isdigit() and int(shown) != form.seat.data and int(shown) < len(form.held):
        # The counts the form opened with are another player's held hand, untouched: saving
        # them for the player now chosen would score the round with one hand twice.
        if hand_of(counts) == form.held[int(shown)]:
            form.seat.errors = [
                _(
                    "These are %(shown)s's cards, as the form opened with them: "
                    "enter %(player)s's cards before saving.",
                    shown=sheet.players[int(shown)],
                    player=sheet.players[form.seat.data],
                )
            ]
            raise ValidationError("shown")
    hands: list[dict[str, int] | None] = [None] * len(sheet.players)
    hands[form.seat.data] = counts
    return {"type": "showdown", "hands": hands}
