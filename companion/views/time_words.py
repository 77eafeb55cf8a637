"""How long ago an entry was, in words ("2 minutes ago"), found once per wording.

Every line of a sheet's log says when it was entered, so a sheet asks Babel's
``format_timedelta`` ten times and the whole log up to a few hundred: about 55 µs a call here,
most of it finding the locale's patterns again. Its answer depends only on the unit it picks, the
whole count of that unit, the direction and the locale; lines a minute apart mostly read the
same. :func:`words_ago` therefore files each answer under those four and asks Babel only for a
wording it has not given before. No caching library can key on Babel's rounding, so
:func:`wording` follows it (threshold 0.85, granularity "second", the defaults used here); a
test compares the two over many times in every language the app speaks.
"""

from __future__ import annotations

from babel import Locale, dates

THRESHOLD = 0.85
"""Babel's default: a unit is used once the time is this many of it."""
KEPT = 4096
"""At most this many wordings are kept (a few hundred cover years in three languages)."""

Wording = tuple[str, str, int, bool]
"""(locale, unit, count, in the future)"""

found: dict[Wording, str] = {}


def wording(seconds: float, locale: Locale | str) -> Wording:
    """The unit and whole count Babel words ``seconds`` with, the direction and the locale."""
    for unit, per_unit in dates.TIMEDELTA_UNITS:
        value = abs(seconds) / per_unit
        if value >= THRESHOLD or unit == "second":
            if unit == "second" and value > 0:
                value = max(1, value)
            return str(locale), unit, int(round(value)), seconds >= 0
    raise AssertionError("Babel's units end with the second")  # pragma: no cover


def words_ago(seconds: float, locale: Locale | str) -> str:
    """``seconds`` from now (negative: past) in words, as ``format_timedelta`` with a direction
    says it in ``locale``."""
    key = wording(seconds, locale)
    words = found.get(key)
    if words is None:
        words = dates.format_timedelta(seconds, add_direction=True, locale=locale)
        if len(found) < KEPT:
            found[key] = words
    return words
