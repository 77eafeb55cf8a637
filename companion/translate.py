"""Turning the rules' English reasons into the user's language."""

from __future__ import annotations

from typing import Any

from .i18n import gettext
from .i18n import pgettext as in_context
from .rules import IllegalMove


def reason(error: IllegalMove) -> str:
    """The translated reason of a refused move.

    A game's name among the parameters (the rules know the Italian edition's title) is given
    as the seams show it, through the same "game title" messages: "Kuh Vadis" in German.
    """
    translated = gettext(error.template)
    if not error.params:
        return translated
    params: dict[str, Any] = dict(error.params)
    if isinstance(params.get("game"), str):
        # Aliased so that message extraction does not take the parameter's key for a message:
        # the titles themselves are extracted where the seams name them.
        params["game"] = in_context("game title", params["game"])
    return translated % params
