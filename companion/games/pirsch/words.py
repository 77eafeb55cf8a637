"""Auf der Pirsch on the web: the game's words — animals, multipliers, formulas and the rules'
refusals and warnings in the user's language.

The rules give animals as keys ("bear") in the params of their refusals and warnings; every
text here translates them, so an Italian sheet never shows an English animal.
"""

from __future__ import annotations

from typing import Any

from ...i18n import gettext as _
from ...i18n import lazy_gettext as _l
from ...i18n import pgettext
from ...rules import IllegalMove
from ...rules.pirsch.cards import ANIMAL_NAMES, ANIMALS, CARD_POINTS, Counts

MULTIPLIER_CHOICES = [
    ("footprints", _l("Footprint types (rulebook)")),
    ("suits", _l("Captured animal types (some editions)")),
]


def animal_name(animal: str) -> str:
    """An animal key ("bear") in the user's language; unknown keys stay as they are."""
    name = ANIMAL_NAMES.get(animal)
    return _(name) if name else animal


def refusal(error: IllegalMove) -> str:
    """A rule's refusal in the user's language, with the animal named in it translated too."""
    params = dict(error.params)
    if isinstance(params.get("animal"), str):
        params["animal"] = animal_name(str(params["animal"]))
    text = _(error.template)
    return text % params if params else text


def warning_text(template: str, params: dict[str, object]) -> str:
    """One warning of the rules in the user's language, its animal translated."""
    values = dict(params)
    if isinstance(values.get("animal"), str):
        values["animal"] = animal_name(str(values["animal"]))
    return _(template) % values


def options_summary(options: dict[str, Any]) -> str:
    """E.g. "footprints × footprint types · trumps: bear, wolf, boar, mouflon"."""
    if options.get("multiplier") == "suits":
        text = _("footprints × captured animal types")
    else:
        text = _("footprints × footprint types")
    trumps = options.get("trumps")
    if isinstance(trumps, list) and trumps:
        order = ", ".join(animal_name(str(t)) for t in trumps)
        text = _("%(multiplier)s · trumps: %(order)s", multiplier=text, order=order)
    return text


def hunt_formula(counts: Counts, factor: int, points: int, names: bool = True) -> str:
    """ "bear 5 + wolf 4 + boar 3 = 12 × 3 = 36" (or "5 + 4 + 3 = …" without the names)."""
    parts = [
        f"{animal_name(animal)} {n}" if names else str(n)
        for animal, n in zip(ANIMALS, counts, strict=True)
        if n
    ]
    return f"{' + '.join(parts) or '0'} = {sum(counts)} × {factor} = {points}"


def final_formula(counts: Counts, points: int) -> str:
    """ "bear 5 × 4 + wolf 3 × 1 = 23": captured cards × their points."""
    parts = [
        f"{animal_name(animal)} {n} × {CARD_POINTS[animal]}"
        for animal, n in zip(ANIMALS, counts, strict=True)
        if n
    ]
    return f"{' + '.join(parts) or '0'} = {points}"


def entry_name(number: int) -> str:
    """A stored round as a phone is told of it ("Elena entered round 6 a moment ago"), with
    the article Italian needs wherever the name stands ("la mano 6", "per la mano 6")."""
    return pgettext("pirsch entry", "round %(n)d", n=number)
