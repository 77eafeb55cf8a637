"""The base of every form: WTForms' own messages in the request's language, from a catalogue
read once per language.

Flask-WTF finds WTForms' catalogue (its built-in messages and default labels) by reading and
parsing the ``.mo`` file from disk again in every request that builds a form: a sheet, a poll
that draws an entry panel and every round pay for it, about half a bare request each. WTForms'
own :class:`~wtforms.meta.DefaultMeta` keeps one catalogue per language list, so the forms ask
it, with the request's locale, and skip Flask-WTF's per-request load.

A box that holds no whole number is refused in our own words (:func:`plain_number_errors`),
by every form that has numbers: the entry forms and the new match's.
"""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from wtforms import IntegerField
from wtforms.meta import DefaultMeta

from .i18n import get_locale
from .i18n import lazy_gettext as _l


class Form(FlaskForm):
    """A Flask-WTF form whose WTForms messages come from a catalogue kept per language."""

    class Meta:
        """The request's locale, and WTForms' cached lookup instead of Flask-WTF's."""

        cache_translations = True

        @property
        def locales(self) -> tuple[str, ...]:
            """The request's language, as WTForms looks up its catalogue."""
            return (str(get_locale()),)

        def get_translations(self, form: Any) -> Any:
            """WTForms' catalogue for this language, loaded on its first use."""
            return DefaultMeta.get_translations(self, form)  # type: ignore[arg-type]


NOT_A_NUMBER = _l("Type a whole number, like 3.")


def plain_number_errors(form: Any) -> None:
    """A box that holds no whole number says so alone, in our own words: not the library's
    message followed by the range, which read as one broken sentence. Fields that read their
    numbers themselves (and word their own refusal) are left alone."""
    for field in form:
        typed = str(field.raw_data[0]).strip() if field.raw_data else ""
        library = type(field).process_formdata is IntegerField.process_formdata
        if field.process_errors and typed and library:
            field.errors = [str(NOT_A_NUMBER)]
