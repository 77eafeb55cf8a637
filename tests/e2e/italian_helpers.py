"""Checks that a page is in Italian, with the words taken from the app's own catalogue, so a
missing or fuzzy translation fails the test instead of passing unseen."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po

import companion

from .helpers import Phone, expect


def italian(*msgids: str) -> list[tuple[str, str]]:
    """(English, Italian) pairs from the catalogue, failing on a missing translation."""
    path = Path(companion.__file__).parent / "translations" / "it" / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        catalogue = read_po(handle)
    pairs = []
    for msgid in msgids:
        message = catalogue.get(msgid)
        assert message is not None and message.string and not message.fuzzy, (
            f"no Italian for {msgid!r} in the catalogue"
        )
        pairs.append((msgid, str(message.string)))
    return pairs


def assert_italian(phone: Phone, pairs: list[tuple[str, str]]) -> None:
    """The page is in Italian: lang="it", the Italian strings shown, the English ones not.

    Each is waited for (a fragment may still be swapping in), never read once from a snapshot.
    """
    expect(phone.page.locator("html")).to_have_attribute("lang", "it")
    body = phone.page.locator("body")
    for english, translated in pairs:
        expect(body).to_contain_text(translated)  # is messages.mo compiled?
        if english != translated:
            expect(body).not_to_contain_text(english)
