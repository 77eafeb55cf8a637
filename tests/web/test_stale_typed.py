"""A form typed while someone else entered something: the news is that the sheet moved on,
whatever the boxes hold, and what was typed comes back ready to be sent again."""

from __future__ import annotations

import re
from html import unescape

from companion.models import Entry

from ..conftest import Phone, count
from .helpers import parse, table
from .test_nuota import stale_hand
from .test_nuota import table as nuota_table


def inputs(html: str, prefix: str) -> dict[str, str]:
    """The ``prefix`` form's inputs (not its buttons) and their values, as the page holds them."""
    found = re.finditer(rf'<input[^>]*name="({prefix}-[a-z0-9_]+)"[^>]*value="([^"]*)"', html)
    return {m.group(1): m.group(2) for m in found}


def test_a_stale_form_with_a_refused_box_gets_the_stale_notice_not_the_box_message(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    form_b = other.entry_form(match_id)
    assert phone.enter_heads(match_id, [3, 13]).status_code == 303
    answer = other.enter_heads(match_id, [4, 999], hx=True, form=form_b)
    html = unescape(answer.get_data(as_text=True))
    notice = parse(html).find(class_="notice")
    assert notice is not None and "Ann entered something a moment ago" in notice.text()
    assert count(phone.app, Entry) == 1
    kept = inputs(html, "heads")
    assert (kept["heads-seat0"], kept["heads-seat1"]) == ("4", "999"), "what was typed is kept"
    assert 'aria-invalid="true"' in html, "the refused box is still marked"


def test_a_fresh_form_with_a_refused_box_gets_the_box_message(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    html = unescape(other.enter_heads(match_id, [4, 999], hx=True).get_data(as_text=True))
    assert "a moment ago" not in html
    assert 'aria-invalid="true"' in html
    assert count(phone.app, Entry) == 0


def test_a_hand_kept_after_someone_else_entered_is_stored_when_sent_again(
    phone: Phone, other: Phone
) -> None:
    match_id = nuota_table(phone, other)
    stale = stale_hand(phone, other, match_id)
    assert "What you typed is still below" in stale
    again = inputs(stale, "hands")
    assert again["hands-giraffe"] == "3"
    url = f"/m/{match_id}/entry/hands"
    answer = unescape(other.post(url, again, hx=True).get_data(as_text=True))
    assert "a moment ago" not in answer, "the hand offered again is not stale again"
    assert "Bob ✓ entered" in " ".join(re.sub(r"<[^>]+>", " ", answer).split())
