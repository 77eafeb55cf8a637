"""Every catalogue is complete: every string of the template translated, nothing fuzzy.

A new ``_()``/``N_()`` string reaches ``messages.pot`` with ``make extract``; until it has an
Italian and a German translation this test fails, so Italian and German players never meet an
English sentence. Placeholders must match too: a missing or renamed ``%(name)s`` makes ``%``
raise at run time. The catalogues are the folders under ``companion/translations/``, and each
must be one of the app's ``LANGUAGES`` (and every language but English must have one).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from babel.messages.catalog import PYTHON_FORMAT, Catalog, Message
from babel.messages.pofile import read_po

TRANSLATIONS = Path(__file__).resolve().parent.parent / "companion" / "translations"
TEMPLATE = TRANSLATIONS / "messages.pot"
CATALOGUES = sorted(
    path.parent.parent.name for path in TRANSLATIONS.glob("*/LC_MESSAGES/messages.po")
)


def load(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=locale, abort_invalid=True)


@pytest.fixture(scope="module", params=CATALOGUES)
def catalogue(request: pytest.FixtureRequest) -> Catalog:
    """Each language's catalogue in turn (Italian, German, …)."""
    code = request.param
    return load(TRANSLATIONS / code / "LC_MESSAGES" / "messages.po", locale=code)


@pytest.fixture(scope="module")
def template() -> Catalog:
    return load(TEMPLATE)


def messages(catalog: Catalog) -> list[Message]:
    """The catalogue's real messages (not the header, not obsolete ones)."""
    return [message for message in catalog if message.id]


def ids(message: Message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


def strings(message: Message) -> tuple[str, ...]:
    return tuple(message.string) if isinstance(message.string, list | tuple) else (message.string,)


def label(message: Message) -> str:
    return repr(ids(message)[0])


def placeholders(text: str) -> tuple[frozenset[str], Counter[str]]:
    """Named placeholders as ``name:conversion``; unnamed ones counted by conversion."""
    named: set[str] = set()
    unnamed: Counter[str] = Counter()
    for match in PYTHON_FORMAT.finditer(text):
        name, conversion = match.group(1), match.group(3)
        if conversion == "%":
            continue
        if name is None:
            unnamed[conversion] += 1
        else:
            named.add(f"{name}:{conversion}")
    return frozenset(named), unnamed


def stray_percent(text: str) -> bool:
    """Whether a ``%`` is left that is neither a placeholder nor ``%%``."""
    return "%" in PYTHON_FORMAT.sub("", text)


def test_the_languages_have_catalogues() -> None:
    from companion.config import defaults

    languages = set(defaults("instance")["LANGUAGES"])
    assert {"it", "de"} <= set(CATALOGUES)
    assert set(CATALOGUES) == languages - {"en"}, "a language without a catalogue, or the reverse"


def test_catalogue_has_two_plural_forms(catalogue: Catalog) -> None:
    assert catalogue.num_plurals == 2
    assert catalogue.plural_expr.replace(" ", "") == "(n!=1)"


def test_every_message_is_translated(catalogue: Catalog) -> None:
    problems = []
    for message in messages(catalogue):
        forms = strings(message)
        expected = catalogue.num_plurals if message.pluralizable else 1
        if len(forms) != expected:
            problems.append(f"{label(message)}: {len(forms)} forms, expected {expected}")
        elif not all(form and form.strip() for form in forms):
            problems.append(f"{label(message)}: untranslated")
    assert not problems, "\n".join(problems)


def test_nothing_is_fuzzy(catalogue: Catalog) -> None:
    assert not catalogue.fuzzy, "the catalogue header is marked fuzzy"
    fuzzy = [label(message) for message in messages(catalogue) if message.fuzzy]
    assert not fuzzy, "fuzzy translations:\n" + "\n".join(fuzzy)


def test_placeholders_match(catalogue: Catalog) -> None:
    problems = []
    for message in messages(catalogue):
        source_named: set[str] = set()
        source_unnamed: Counter[str] = Counter()
        for text in ids(message):
            named, unnamed = placeholders(text)
            source_named |= named
            source_unnamed |= unnamed
        source_stray = any(stray_percent(text) for text in ids(message))
        for index, form in enumerate(strings(message)):
            if not form:
                continue  # reported by test_every_message_is_translated
            named, unnamed = placeholders(form)
            where = (
                f"{label(message)} (msgstr[{index}])" if message.pluralizable else label(message)
            )
            if named != source_named or unnamed != source_unnamed:
                problems.append(
                    f"{where}: placeholders {sorted(named)} {dict(unnamed)}, expected "
                    f"{sorted(source_named)} {dict(source_unnamed)}"
                )
            if stray_percent(form) and not source_stray:
                problems.append(f"{where}: a lone % (write %% for a percent sign)")
    assert not problems, "\n".join(problems)


def test_catalogue_covers_the_template(template: Catalog, catalogue: Catalog) -> None:
    problems = []
    for message in messages(template):
        found = catalogue.get(ids(message)[0], context=message.context)
        if found is None:
            problems.append(f"{label(message)}: missing (run `make extract`, then translate it)")
        elif found.pluralizable != message.pluralizable or ids(found) != ids(message):
            problems.append(f"{label(message)}: plural forms differ from the template")
    assert not problems, "\n".join(problems)
