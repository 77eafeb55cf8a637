"""WTForms' own messages speak the request's language, from a catalogue read once per language
(:mod:`companion.form_base`), not once per request as Flask-WTF reads it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from werkzeug.datastructures import MultiDict
from wtforms import IntegerField, RadioField
from wtforms import i18n as wtforms_i18n
from wtforms.meta import DefaultMeta

from companion.form_base import Form

from ..conftest import make_app


class Sample(Form):
    count = IntegerField()
    pick = RadioField(choices=[("a", "A")])


def errors_in(app: Any, language: str) -> dict[str, list[str]]:
    with app.test_request_context("/", headers={"Accept-Language": language}):
        form = Sample(formdata=MultiDict({"count": "x", "pick": "b"}))
        form.validate()
        return dict(form.errors)


def test_the_library_messages_follow_the_request_language(tmp_path: Path) -> None:
    app = make_app(tmp_path, WTF_CSRF_ENABLED=False)
    assert errors_in(app, "en")["count"] == ["Not a valid integer value."]
    assert errors_in(app, "it")["pick"] == ["Non è una opzione valida"]
    assert errors_in(app, "de")["pick"] == ["Keine gültige Auswahl."]
    assert errors_in(app, "en")["pick"] == ["Not a valid choice."]


def test_each_language_catalogue_is_read_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path, WTF_CSRF_ENABLED=False)
    monkeypatch.setattr(DefaultMeta, "translations_cache", {})
    read: list[Any] = []
    original = wtforms_i18n.get_translations

    def counted(languages: Any) -> Any:
        read.append(tuple(languages))
        return original(languages)

    monkeypatch.setattr(wtforms_i18n, "get_translations", counted)
    for _ in range(3):
        errors_in(app, "it")
        errors_in(app, "en")
    assert sorted(read) == [("en",), ("it",)]
