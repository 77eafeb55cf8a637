"""Nuota per la vita's options, and its three ways to end a round: hands, totals or sudden death.

The hands form is a grid of the ten species with a number each. Its − and + buttons are plain
submit buttons (they work without JavaScript too): a tap is not a move, so ``hands_move`` changes
the count and raises ValidationError, which makes the sheet hand the form back as typed with the
new count (the same happens for the "count" request an input sends while someone types).
"""

from __future__ import annotations

from typing import Any

from wtforms import IntegerField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, NumberRange, Optional, ValidationError

from ...i18n import gettext as _
from ...i18n import lazy_gettext as _l
from ...rules.nuota import DECK_SIZE, HAND_SIZE, RULES, SPECIES, NuotaState, alive, combos
from ...sheet import Sheet
from ..base import EntryBase, EntryKind, form_class
from .hands import default_seat, hand_of, held_hands, undone_round, viewer
from .words import COMBO_LABELS, SPECIES_LABELS

STEP_COUNT = "count"
COPIES = {species.name: species.copies for species in SPECIES}
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

    def rows(self) -> list[dict[str, Any]]:
        """Each species with its value, copies and the typed count's field."""
        return [
            {"name": s.name, "field": self[s.name], "value": s.value, "copies": s.copies}
            for s in SPECIES
        ]

    def count(self) -> int:
        """Cards typed so far (the hand must reach 10)."""
        return sum(hand_counts(self).values())

    def sudden_sets(self) -> list[dict[str, Any]]:
        """Each sudden-death set of this match: its words, the count that makes it, and whether
        the typed hand holds it (a hand that does most likely belonged to a sudden death)."""
        counts = hand_counts(self)
        sets = []
        for combo in self.combos:
            species = combo[:-1]  # "cats" is every "cat" of the deck
            needs = COPIES[species]
            sets.append(
                {
                    "label": COMBO_LABELS[combo],
                    "needs": {species: needs},
                    "held": counts[species] >= needs,
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
        for species in SPECIES:  # more copies than the deck holds: the rules refuse, by name
            built[species.name] = IntegerField(
                SPECIES_LABELS[species.name],
                validators=[
                    Optional(),
                    # Too many copies: the rules say how many the deck holds, by name.
                    NumberRange(min=0, message=_l("A count cannot be below 0.")),
                ],
            )
        return built

    made = form_class("HandsForm", choices, fields, HandsBase)
    form: Any = made(formdata=formdata, prefix="hands")
    form.typed = bool(formdata)
    form.held = held
    form.combos = combos(sheet.state)
    if not formdata:
        form.seen.data = sheet.entries[-1].seq if sheet.entries else 0
        me, host = viewer(sheet)
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
    if form.step.data:
        if form.step.data != STEP_COUNT:
            step(form)
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
    move = undone_round(sheet)
    points = move.get("points") if move is not None and move.get("type") == "showdown" else None
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
