"""Nuota per la vita in words: species, sudden-death sets and variants as the table says them.

The rules speak English keys ("giraffe", "hares"); every page and every refusal shows them through
these labels, so an Italian table reads "giraffa" and "tutte e 5 le lepri".
"""

from __future__ import annotations

from typing import Any

from ...i18n import lazy_gettext as _l
from ...i18n import pgettext
from ...rules import IllegalMove

SPECIES_LABELS: dict[str, Any] = {
    "giraffe": _l("giraffe"),
    "bear": _l("bear"),
    "mole": _l("mole"),
    "goat": _l("goat"),
    "sheep": _l("sheep"),
    "dog": _l("dog"),
    "hare": _l("hare"),
    "pig": _l("pig"),
    "cat": _l("cat"),
    "mouse": _l("mouse"),
}
"""One card of each species, lower case (the rules' reasons put it mid-sentence)."""

COMBO_LABELS: dict[str, Any] = {
    "cats": _l("all 4 cats"),
    "hares": _l("all 5 hares"),
    "pigs": _l("all 5 pigs"),
}
"""The sudden-death sets, as in "Ann declares sudden death with all 5 hares"."""

COMBO_SHORT: dict[str, Any] = {
    "cats": _l("4 cats"),
    "hares": _l("5 hares"),
    "pigs": _l("5 pigs"),
}
"""The same sets in a narrow table cell (the history's sudden-death rounds)."""

VARIANT_LABELS: dict[str, Any] = {
    "base": _l("Base game"),
    "expert": _l("Expert variant"),
}
"""The variant as the sheet header and the history name it."""


def variant_label(variant: str) -> str:
    """ "Base game" or "Expert variant" in the reader's language (the base game if unknown)."""
    return str(VARIANT_LABELS.get(variant, VARIANT_LABELS["base"]))


def species_label(name: str) -> str:
    """The species in the reader's language (the key itself if it is unknown)."""
    label = SPECIES_LABELS.get(name)
    return str(label) if label is not None else name


def combo_label(combo: str | None, short: bool = False) -> str:
    """The sudden-death set in the reader's language ("all 5 hares", or "5 hares" if short)."""
    label = (COMBO_SHORT if short else COMBO_LABELS).get(combo or "")
    return str(label) if label is not None else str(combo)


def translated(error: IllegalMove) -> IllegalMove:
    """The same refusal with its species named in the reader's language.

    The reason itself is translated later, where every refusal is (companion/translate.py); only the
    English species key inside it needs this seam's help.
    """
    species = error.params.get("species")
    if not isinstance(species, str) or species not in SPECIES_LABELS:
        return error
    return IllegalMove(error.template, **{**error.params, "species": species_label(species)})


def entry_name(number: int) -> str:
    """A stored round as a phone is told of it ("Elena entered round 6 a moment ago"), with
    the article Italian needs wherever the name stands ("la mano 6", "per la mano 6")."""
    return pgettext("nuota entry", "round %(n)d", n=number)
