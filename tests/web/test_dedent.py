"""Templates are compiled without their indentation (:mod:`companion.views.dedent`), which is
only safe while no template holds text where leading spaces are content."""

from __future__ import annotations

import re
from pathlib import Path

from flask import Flask

from ..conftest import Phone

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
GLUED = re.compile(r'<[^<>]*="[^"]*"[A-Za-z][^<>]*>')
"""A tag whose attributes run together: a block tag closing a line took the space away."""
OPEN_LITERAL = re.compile(r"""(?:_|gettext|pgettext)\(\s*(?:"[^"]*|'[^']*)$""", re.M)


def test_no_template_holds_text_whose_indentation_is_content() -> None:
    for path in TEMPLATES.rglob("*.html"):
        source = path.read_text()
        assert "<pre" not in source and "<textarea" not in source, path
        assert not OPEN_LITERAL.search(source), f"{path}: a message spans lines"


def test_a_sheet_is_sent_without_indentation(app: Flask) -> None:
    phone = Phone(app)
    match_id = phone.new_match(["Ann", "Bob", "Cy"])
    page = phone.get(f"/m/{match_id}").get_data(as_text=True)
    assert "Ann" in page and "</html>" in page
    indented = [line for line in page.splitlines() if line[:1] in (" ", "\t")]
    assert not indented, indented[:5]
    fields = phone.entry_form(match_id)
    fields.update({f"heads-seat{i}": "1" for i in range(3)})
    answer = phone.post(f"/m/{match_id}/entry/heads", fields, hx=True).get_data(as_text=True)
    for html in (page, answer):
        assert not GLUED.findall(html)
