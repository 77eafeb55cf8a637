"""Turning the rules' English reasons into the user's language."""

from __future__ import annotations

from flask_babel import gettext

from .rules import IllegalMove


def reason(error: IllegalMove) -> str:
    """The translated reason of a refused move."""
    translated = gettext(error.template)
    return translated % error.params if error.params else translated
