"""The base of every form: WTForms' own messages in the request's language, from a catalogue
read once per language.

Flask-WTF finds WTForms' catalogue (its built-in messages and default labels) by reading and
parsing the ``.mo`` file from disk again in every request that builds a form: a sheet, a poll
that draws an entry panel and every round pay for it, about half a bare request each. WTForms'
own :class:`~wtforms.meta.DefaultMeta` keeps one catalogue per language list, so the forms ask
it, with the request's locale, and skip Flask-WTF's per-request load.
"""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from wtforms.meta import DefaultMeta

from .i18n import get_locale


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
