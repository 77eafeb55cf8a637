"""Templates are compiled with their indentation shrunk to a space (:mod:`companion.views.dedent`),
which is only safe while no template holds text where leading spaces are content; and no tag's
attributes may run together (a block tag that closes a line takes its line break away)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask

from ..bench.weight import GAMES, start
from ..conftest import Phone

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
GLUED = re.compile(r'<[^<>]*="[^"]*"[A-Za-z][^<>]*>')
"""A tag whose attributes run together."""
OPEN_LITERAL = re.compile(r"""(?:_|gettext|pgettext)\(\s*(?:"[^"]*|'[^']*)$""", re.M)


def test_no_template_holds_text_whose_indentation_is_content() -> None:
    for path in TEMPLATES.rglob("*.html"):
        source = path.read_text()
        assert "<pre" not in source and "<textarea" not in source, path
        assert not OPEN_LITERAL.search(source), f"{path}: a message spans lines"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_sheet_is_sent_with_little_indentation_and_whole_tags(app: Flask, game: str) -> None:
    phone = Phone(app)
    page = phone.get(f"/m/{start(phone, game)}").get_data(as_text=True)
    assert "</html>" in page
    indented = [line for line in page.splitlines() if line.startswith("    ")]
    assert not indented, indented[:5]
    assert not GLUED.findall(page)


def test_a_tap_answer_has_whole_tags(app: Flask) -> None:
    phone = Phone(app)
    match_id = phone.new_match(["Ann", "Bob", "Cy"])
    fields = phone.entry_form(match_id)
    fields.update({f"heads-seat{i}": "1" for i in range(3)})
    answer = phone.post(f"/m/{match_id}/entry/heads", fields, hx=True).get_data(as_text=True)
    assert "Round: Ann 1" in answer
    assert not GLUED.findall(answer)
