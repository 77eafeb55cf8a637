"""Translations in templates, looked up once per request instead of once per string.

Flask-Babel's template callables find the request's translations anew for every ``_()``: the
locale selector, the domain and the context are consulted each time, and a sheet has about a
hundred strings. The translations of a request do not change while it renders, so they are
found once and kept on ``g``; the strings themselves still come from the same catalogue.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, g, has_request_context
from flask_babel import get_translations


def translations() -> Any:
    """This request's translations (found on first use), or the app's outside a request."""
    if not has_request_context():
        return get_translations()
    found = g.get("_translations")
    if found is None:
        found = g._translations = get_translations()
    return found


def install(app: Flask) -> None:
    """Replace Flask-Babel's template callables with ones that use :func:`translations`."""
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: translations().ugettext(s),
        ngettext=lambda s, p, n: translations().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: translations().unpgettext(c, s, p, n),
    )
