"""The Python code's translations (:mod:`companion.i18n`): the same words as Flask-Babel gives,
with the request's catalogue and locale found once per request."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import flask_babel
import pytest

from companion import i18n

from ..conftest import make_app


@pytest.mark.parametrize("language", ["en", "it", "de"])
def test_the_words_are_flask_babels(tmp_path: Path, language: str) -> None:
    app = make_app(tmp_path)
    with app.test_request_context("/", headers={"Accept-Language": language}):
        assert i18n.gettext("Round") == flask_babel.gettext("Round")
        assert i18n.gettext("%(minutes)d min", minutes=5) == flask_babel.gettext(
            "%(minutes)d min", minutes=5
        )
        assert i18n.ngettext(
            "Team result: %(num)d card left", "Team result: %(num)d cards left", 3
        ) == flask_babel.ngettext(
            "Team result: %(num)d card left", "Team result: %(num)d cards left", 3
        )
        assert str(i18n.lazy_gettext("Round")) == flask_babel.gettext("Round")
        assert i18n.get_locale() == flask_babel.get_locale()


def test_a_request_finds_its_catalogue_and_locale_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path)
    found: list[str] = []
    catalogue, locale = i18n.get_translations, i18n.babel_locale

    def counted(kind: str, call: Any) -> Any:
        def wrapper() -> Any:
            found.append(kind)
            return call()

        return wrapper

    monkeypatch.setattr(i18n, "get_translations", counted("catalogue", catalogue))
    monkeypatch.setattr(i18n, "babel_locale", counted("locale", locale))
    for language, word in (("it", "Totale"), ("en", "Total")):
        with app.test_request_context("/", headers={"Accept-Language": language}):
            assert [i18n.gettext("Total") for _ in range(20)] == [word] * 20
            assert len({str(i18n.get_locale()) for _ in range(20)}) == 1
    assert sorted(found) == ["catalogue", "catalogue", "locale", "locale"]
