"""Translations in templates, looked up once per request instead of once per string.

Flask-Babel's template callables find the request's translations anew for every ``_()``: the
locale selector, the domain and the context are consulted each time, and a sheet has about a
hundred strings. The translations of a request do not change while it renders, so they are
found once and kept (:func:`.i18n.translations`); the strings still come from the same
catalogue.

Jinja's own "new style" wrappers then pass each string through three layers of calls before it
reaches the catalogue. The callables below do the same in one: translate, mark safe when the
template autoescapes (so the values are escaped as they are put in), and fill in the values.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from jinja2 import pass_eval_context
from jinja2.nodes import EvalContext
from markupsafe import Markup

from .i18n import translations

NUMBERS = (int, float)
"""Values that never need escaping: nothing in a number's digits is markup."""


def finished(eval_ctx: EvalContext, text: str, variables: dict[str, Any]) -> str:
    """A translated string with its values filled in, escaped where the template escapes.

    Where every value is a number (a total in each cell of a scoreboard), there is nothing to
    escape, so the string is filled in directly and marked safe as a whole.
    """
    if not eval_ctx.autoescape:
        return text % variables
    if all(type(value) in NUMBERS for value in variables.values()):
        return Markup(text % variables)
    return Markup(text) % variables


@pass_eval_context
def gettext(eval_ctx: EvalContext, string: str, /, **variables: Any) -> str:
    """``_("...", name=...)`` in a template."""
    return finished(eval_ctx, translations().ugettext(string), variables)


@pass_eval_context
def ngettext(
    eval_ctx: EvalContext, singular: str, plural: str, num: int, /, **variables: Any
) -> str:
    """``ngettext("...", "...", n)``: ``num`` is also a value of the string."""
    variables.setdefault("num", num)
    return finished(eval_ctx, translations().ungettext(singular, plural, num), variables)


@pass_eval_context
def pgettext(eval_ctx: EvalContext, context: str, string: str, /, **variables: Any) -> str:
    """``pgettext("context", "...")``."""
    return finished(eval_ctx, translations().upgettext(context, string), variables)


@pass_eval_context
def npgettext(
    eval_ctx: EvalContext, context: str, singular: str, plural: str, num: int, /, **variables: Any
) -> str:
    """``npgettext("context", "...", "...", n)``."""
    variables.setdefault("num", num)
    text = translations().unpgettext(context, singular, plural, num)
    return finished(eval_ctx, text, variables)


def install(app: Flask) -> None:
    """Replace Flask-Babel's template callables with the ones above."""
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=gettext, ngettext=ngettext, newstyle=True, pgettext=pgettext, npgettext=npgettext
    )
    app.jinja_env.globals.update(
        _=gettext, gettext=gettext, ngettext=ngettext, pgettext=pgettext, npgettext=npgettext
    )
