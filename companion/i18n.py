"""Translations for the Python code, with the request's catalogue and locale found once.

Flask-Babel's ``gettext`` finds the request's catalogue anew on every call (the request's
namespace on ``g``, the domain, the locale and its cache key): about 16 µs a string, where the
lookup in the catalogue is under 1 µs, and its ``get_locale`` about 6 µs a call. A sheet's code
asks for some thirty strings and the locale some forty times. Neither changes while a request
runs, so both are found on first use and kept on ``g``; the templates use the same catalogue
(:mod:`.jinja_gettext`). Outside a request, Flask-Babel answers, as before.

The names are Flask-Babel's, so ``pybabel extract`` finds the messages as it always did.
"""

from __future__ import annotations

from typing import Any

from babel import Locale
from flask import g, has_request_context
from flask_babel import get_babel, get_translations
from flask_babel import get_locale as babel_locale
from flask_babel.speaklater import LazyString


def translations() -> Any:
    """This request's catalogue (found on first use), or the app's outside a request."""
    if not has_request_context():
        return get_translations()
    found = g.get("_translations")
    if found is None:
        found = g._translations = get_translations()
    return found


def get_locale() -> Locale | None:
    """This request's locale (chosen on first use), or Flask-Babel's answer outside one."""
    if not has_request_context():
        return babel_locale()
    found = g.get("_locale")
    if found is None:
        found = g._locale = babel_locale()
    return found  # type: ignore[no-any-return]


def language_code() -> str:
    """This request's language as its code ("it"), as :func:`get_locale` would choose it but
    without building Babel's ``Locale`` (about 20 µs the first time in a request, measured):
    what a copy of a kept answer needs for its key, and all it needs of the language."""
    if not has_request_context():
        return str(babel_locale() or "")
    found = g.get("_locale")
    if found is not None:
        return str(found)
    from .extensions import select_locale

    return select_locale() or str(get_babel().default_locale)


def choose_language(code: str | None) -> bool:
    """Remember ``code`` as this browser's language (when it is one of ours) and use it from
    now on in this request too; whether it was one of ours."""
    from flask import current_app, session
    from flask_babel import refresh

    if code not in current_app.config["LANGUAGES"]:
        return False
    session["lang"] = code
    session.permanent = True
    for kept in ("_locale", "_translations"):
        g.pop(kept, None)
    refresh()
    return True


def filled(text: str, variables: dict[str, Any]) -> str:
    """``text`` with its values put in, as Flask-Babel does (no values: left as it is)."""
    return text % variables if variables else text


def gettext(string: str, /, **variables: Any) -> str:
    """``_("...", name=...)``."""
    return filled(translations().ugettext(string), variables)


def ngettext(singular: str, plural: str, num: int, /, **variables: Any) -> str:
    """``ngettext("...", "...", n)``: ``num`` is also a value of the string."""
    variables.setdefault("num", num)
    return filled(translations().ungettext(singular, plural, num), variables)


def pgettext(context: str, string: str, /, **variables: Any) -> str:
    """``pgettext("context", "...")``."""
    return filled(translations().upgettext(context, string), variables)


def lazy_gettext(string: str, /, **variables: Any) -> LazyString:
    """A string translated when it is shown (a form label declared at import time)."""
    return LazyString(gettext, string, **variables)


def lazy_pgettext(context: str, string: str, /, **variables: Any) -> LazyString:
    """Like :func:`lazy_gettext`, with a context."""
    return LazyString(pgettext, context, string, **variables)
