"""A refused form keeps what was typed, and the live sheet never replaces it afterwards."""

from __future__ import annotations

from collections.abc import Callable

from .conftest import LiveServer
from .helpers import Phone, claim, expect, heads_box, start_match


def test_a_refused_round_survives_another_phones_change(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a = phones("A")
    start_match(a, ["Ann", "Bob"])
    claim(a, "Ann")
    code = (a.page.locator("#invite [data-code]").text_content() or "").strip()
    heads_box(a, 0).fill("3")
    heads_box(a, 1).fill("999")
    a.page.locator("#entry button[type=submit]").click()
    expect(a.page.locator("#entry .field-error")).to_be_visible()

    b = phones("B")
    b.goto("/j")
    b.page.get_by_label("Code").fill(code)
    b.page.locator("#join button[type=submit]").click()
    claim(b, "Bob")  # a new version: A's sheet follows it (rung, or on its next poll)
    version = b.page.locator("#scoreboard").get_attribute("data-version")
    expect(a.page.locator("#scoreboard")).to_have_attribute("data-version", version or "")
    a.poll_now()
    expect(heads_box(a, 0)).to_have_value("3")
    expect(heads_box(a, 1)).to_have_value("999")
    a.check()
