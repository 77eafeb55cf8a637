"""Large text (WCAG 1.4.4): a German 360 px phone whose browser text size is doubled (32 px,
not 16) gets larger type everywhere, and no page scrolls sideways: not the home page, not a
6 nimmt! sheet with a few rounds (its scoreboard may scroll in its own box, each number whole),
not the group page; a log line keeps the width and its Undo goes under it ("Rückgängig" took
the width and the line's text stood three letters a line)."""

from __future__ import annotations

import re
from collections.abc import Callable

from .helpers import Phone, Shots, enter_round, expect

GERMAN_360 = {"locale": "de-DE", "viewport": {"width": 360, "height": 740}}
NAMES = ["Anna", "Bernd", "Dieter", "Klara"]
ROOT = "parseFloat(getComputedStyle(document.documentElement).fontSize)"
PAGE_WIDTH = "document.documentElement.scrollWidth"
CUT_NUMBERS = """els => els.filter(el => el.scrollWidth > el.clientWidth + 1)
    .map(el => el.textContent.trim())"""


def double_text(phone: Phone) -> None:
    """Set the browser's default text size to 32 px, as a person's text-size setting does."""
    session = phone.context.new_cdp_session(phone.page)
    session.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})


def no_sideways_scroll(phone: Phone, shots: Shots, step: str) -> None:
    """The page is no wider than the phone; a screenshot of the screen (a full-page one would
    reset the text size)."""
    width = phone.page.evaluate(PAGE_WIDTH)
    shots(phone, step, full_page=False)
    assert width <= 360, (step, width)


def test_doubled_text_grows_and_no_page_scrolls_sideways_at_360_px(
    phones: Callable[..., Phone], shots: Shots
) -> None:
    a = phones("A", **GERMAN_360)
    page = a.goto("/")
    usual = page.evaluate(ROOT)
    double_text(a)
    a.goto("/")
    assert page.evaluate(ROOT) >= 1.8 * usual, (usual, page.evaluate(ROOT))  # was 17 px fixed
    no_sideways_scroll(a, shots, "home")  # was 429 px: the languages in a row

    page = a.goto("/new/sixnimmt")
    for i, name in enumerate(NAMES):
        page.get_by_label(f"Spieler {i + 1}", exact=True).fill(name)
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    for heads in ([3, 8, 4, 10], [12, 0, 7, 5], [1, 2, 3, 4]):
        enter_round(a, heads)
    expect(page.locator("#log-entries > li")).to_have_count(3)
    page.locator("#scoreboard").scroll_into_view_if_needed()
    no_sideways_scroll(a, shots, "sheet")
    cells = page.locator("#scoreboard table.score td")
    assert cells.evaluate_all(CUT_NUMBERS) == []  # was "1012" in one cell: numbers ran together
    line = page.locator("#log-entries > li").first
    text = line.locator(".entry-text").bounding_box()
    undo = line.get_by_role("button", name="Eintrag #3 rückgängig machen").bounding_box()
    assert text and undo
    assert text["width"] > undo["width"], (text, undo)  # was 3 letters a line beside the button
    line.scroll_into_view_if_needed()
    shots(a, "log", full_page=False)

    host = page.locator("#host")
    host.get_by_text("Gastgeber-Steuerung", exact=True).tap()
    host.get_by_text("Partie jetzt beenden").tap()
    host.get_by_role("button", name="Ja, beenden").tap()
    expect(host.get_by_role("link", name="Diese Partie löschen")).to_be_visible()
    page.locator(".sheet-head a").first.tap()
    page.wait_for_url(re.compile(r"/g/\d+$"))
    a.check()
    expect(page.locator("#players-title")).to_be_visible()
    no_sideways_scroll(a, shots, "group")  # was 483 px: the players table out of its card
    a.check()
