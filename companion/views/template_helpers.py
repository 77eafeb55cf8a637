"""Small helpers every template can use."""

from __future__ import annotations

from collections import Counter
from datetime import date, datetime
from functools import cache, lru_cache
from typing import Any

from babel import Locale, dates
from flask import Flask, current_app, g, has_request_context, request, url_for
from flask_babel import format_percent

from .. import fragments, jinja_gettext
from ..caches import kept
from ..games import SEAMS
from ..games.base import one_time_key
from ..i18n import get_locale
from ..labels import seam_title, status_label
from .reply import wants_fragment


def seat_name(position: int, names: list[str]) -> str:
    """The name at a seat index (filter: ``winners|map('seat_name', players)``)."""
    return names[position] if 0 <= position < len(names) else "?"


def date_short(value: datetime | None) -> str:
    """A date in the user's language, short ("24 nov 2026").

    Babel is asked directly, with the request's locale: Flask-Babel's ``format_date`` looks up
    its configured formats on every call, which triples the cost. Like Flask-Babel's, only the
    date part is formatted, as stored."""
    return short_date_in(value.date(), get_locale()) if value else ""


@lru_cache(maxsize=4096)
def short_date_in(day: date, locale: Locale | None) -> str:
    """One day in one language, formatted once: a history page shows some sixty dates, and a
    group plays several matches an evening, so most of them are the same few days (Babel takes
    about 25 µs for each)."""
    return str(dates.format_date(day, "medium", locale=locale))


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
    return list(named_languages(tuple(current_app.config["LANGUAGES"])))


@cache
def named_languages(codes: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """Each language code with its name in itself, capitalised; CLDR is read once per set."""
    choices = []
    for code in codes:
        name = Locale.parse(code).get_display_name(code) or code
        choices.append((code, name[:1].upper() + name[1:]))
    return tuple(choices)


URLS = "companion.urls"
URLS_KEPT = 4096
"""URLs one worker remembers: a few dozen per open table (its forms, its links)."""


def page_url(endpoint: str, **values: object) -> str:
    """``url_for`` for templates, remembered per endpoint and values.

    A sheet names about fifty URLs (a form per seat, per undoable entry, per host control),
    nearly all the same from one version of the table to the next; building each one through
    the routing map cost more than rendering its form. A URL depends only on its endpoint, its
    values and where the app is mounted, so those make the key. Relative endpoints, external
    URLs and values that cannot be a key are built as usual.
    """
    if not has_request_context() or endpoint.startswith(".") or "_external" in values:
        return url_for(endpoint, **values)
    root = request.script_root
    try:
        key = (root, endpoint, *sorted(values.items()))
        urls = kept(URLS, URLS_KEPT)
        found = urls.get(key)
    except TypeError:
        return url_for(endpoint, **values)
    if found is None:
        found = url_for(endpoint, **values)
        urls.put(key, found)
    return str(found)


class SaidOnce:
    """A grid's messages for the field macro: a message several boxes share (Totals saved
    empty) is said once, across the grid under the boxes, and each of them points to it; one
    box's own message stays under that box. ``ids`` maps each message said so far to its
    element's id (the macro adds the boxes' own ones as it goes)."""

    def __init__(self, fields: list[Any], prefix: str) -> None:
        counts = Counter(message for f in fields for message in dict.fromkeys(f.errors))
        shared = [message for message, n in counts.items() if n > 1]
        self.shared = [(f"{prefix}-err-{i}", str(message)) for i, message in enumerate(shared)]
        self.ids: dict[str, str] = {text: id_ for id_, text in self.shared}


def said_once(form: Any, *names: str) -> SaidOnce:
    """The :class:`SaidOnce` of ``form``'s boxes whose names start with one of ``names``."""
    boxes = [f for f in form if f.name.startswith(names)]
    return SaidOnce(boxes, names[0])


def first_refused_box() -> bool:
    """True once per page rendered whole, for its first refused box, which then says
    ``autofocus``: without JavaScript a refused form comes back as a new page scrolled to its
    top, and the message far below read as if nothing had happened (with htmx the answer is a
    fragment, which app.js brings into view)."""
    if not has_request_context() or wants_fragment() or g.get("refused_box_focused"):
        return False
    g.refused_box_focused = True
    return True


def init_app(app: Flask) -> None:
    """Register the globals and filters."""
    jinja_gettext.install(app)
    fragments.init_app(app)
    app.jinja_env.globals["url_for"] = page_url
    app.add_template_global(seam_title)
    app.add_template_global(status_label)
    app.add_template_global(cooperative)
    app.add_template_global(lambda: str(get_locale() or "en"), "current_lang")
    app.add_template_global(one_time_key, "idem_key")
    app.add_template_global(language_choices)
    app.add_template_global(first_refused_box)
    app.add_template_global(said_once)
    app.add_template_filter(in_sentence)
    app.add_template_filter(seat_name)
    app.add_template_filter(date_short, "dateshort")
    app.add_template_filter(percent)
