"""Small helpers every template can use."""

from __future__ import annotations

from datetime import datetime

from babel import Locale
from flask import Flask, current_app
from flask_babel import format_date, format_percent, get_locale
from flask_babel import gettext as _

from .. import fragments, jinja_gettext
from ..games import SEAMS
from ..games.base import one_time_key


def seam_title(slug: str) -> str:
    """A game's name from its slug."""
    seam = SEAMS.get(slug)
    return seam.title() if seam else slug


def status_label(status: str) -> str:
    """A match status in words."""
    labels = {
        "lobby": _("waiting"),
        "playing": _("playing"),
        "finished": _("finished"),
        "abandoned": _("abandoned"),
        "no_result": _("no result"),
    }
    return labels.get(status, status)


def seat_name(position: int, names: list[str]) -> str:
    """The name at a seat index (filter: ``winners|map('seat_name', players)``)."""
    return names[position] if 0 <= position < len(names) else "?"


def date_short(value: datetime | None) -> str:
    """A date in the user's language, short."""
    return format_date(value, "medium") if value else ""


def percent(value: float) -> str:
    """A share (0 to 1) as a percentage in the user's language."""
    return str(format_percent(value))


def cooperative(slug: str) -> bool:
    """Whether the game is played as one team (one result, no winners)."""
    seam = SEAMS.get(slug)
    return seam is not None and seam.cooperative


NOUNS_CAPITALISED = frozenset({"de"})
"""Languages that write every noun with a capital letter, even inside a sentence."""


def in_sentence(word: str) -> str:
    """A label (``Round``) as it reads inside a sentence: ``round``, but German keeps ``Runde``."""
    if str(get_locale() or "en").split("_")[0] in NOUNS_CAPITALISED:
        return word
    return word.lower()


def language_choices() -> list[tuple[str, str]]:
    """The switch's entries: each language of ``LANGUAGES`` named in itself (Babel's CLDR data)."""
    choices = []
    for code in current_app.config["LANGUAGES"]:
        name = Locale.parse(code).get_display_name(code) or code
        choices.append((code, name[:1].upper() + name[1:]))
    return choices


def init_app(app: Flask) -> None:
    """Register the globals and filters."""
    jinja_gettext.install(app)
    fragments.init_app(app)
    app.add_template_global(seam_title)
    app.add_template_global(status_label)
    app.add_template_global(cooperative)
    app.add_template_global(lambda: str(get_locale() or "en"), "current_lang")
    app.add_template_global(one_time_key, "idem_key")
    app.add_template_global(language_choices)
    app.add_template_filter(in_sentence)
    app.add_template_filter(seat_name)
    app.add_template_filter(date_short, "dateshort")
    app.add_template_filter(percent)
