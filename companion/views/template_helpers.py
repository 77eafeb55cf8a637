"""Small helpers every template can use."""

from __future__ import annotations

from datetime import datetime

from flask import Flask
from flask_babel import format_date, get_locale, ngettext
from flask_babel import gettext as _

from .. import fragments, jinja_gettext
from ..games import SEAMS
from ..models import Match
from ..page_cache import one_time_key


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
    }
    return labels.get(status, status)


def seat_name(position: int, names: list[str]) -> str:
    """The name at a seat index (filter: ``winners|map('seat_name', players)``)."""
    return names[position] if 0 <= position < len(names) else "?"


def date_short(value: datetime | None) -> str:
    """A date in the user's language, short."""
    return format_date(value, "medium") if value else ""


def cooperative(slug: str) -> bool:
    """Whether the game is played as one team (one result, no winners)."""
    return bool(getattr(SEAMS.get(slug), "cooperative", False))


def final_scores(match: Match) -> str:
    """Each player's final number, e.g. "Ann 12 · Bob 30", from the replayed log; a team's
    single result for a cooperative game."""
    from ..sheet import replay

    current = replay(match)
    if cooperative(match.game):
        left = current.standings[0] if current.standings else 0
        return ngettext("Team result: %(num)d card left", "Team result: %(num)d cards left", left)
    return " · ".join(
        f"{name} {value}" for name, value in zip(current.players, current.standings, strict=True)
    )


def init_app(app: Flask) -> None:
    """Register the globals and filters."""
    jinja_gettext.install(app)
    fragments.init_app(app)
    app.add_template_global(seam_title)
    app.add_template_global(status_label)
    app.add_template_global(final_scores)
    app.add_template_global(cooperative)
    app.add_template_global(lambda: str(get_locale() or "en"), "current_lang")
    app.add_template_global(one_time_key, "idem_key")
    app.add_template_filter(seat_name)
    app.add_template_filter(date_short, "dateshort")
