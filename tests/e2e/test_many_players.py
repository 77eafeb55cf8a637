"""Eight to ten players on a phone's 6 nimmt! scoreboard: every name whole, every number apart
from its neighbours ("Summe 1516232925307112" was eight totals run together under "A… B… C…"),
at 360 px, at 320 px and with the browser's text doubled; a table too wide for the phone scrolls
in its own box, its row labels staying in view, and never the page."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from .helpers import Phone, Shots, enter_round, expect, fill_new_match
from .test_large_text import double_text

EIGHT = ["Anna", "Ben", "Carla", "Dario", "Eva", "Fritz", "Gina", "Hugo"]
TEN = ["Anna", "Andrea", "Ben", "Carla", "Dario", "Eva", "Fritz", "Gina", "Hugo", "Massimiliano"]
ROUNDS = [
    [3, 0, 5, 7, 1, 2, 10, 4, 2, 9],
    [11, 1, 1, 1, 1, 1, 50, 6, 3, 8],  # "11" beside "6" read "116"
    [5, 6, 7, 8, 9, 10, 45, 3, 4, 7],  # a total of three digits ends the match
]
CASES = {
    "eight-360": (EIGHT, 360, False),
    "ten-320": (TEN, 320, False),
    "ten-360-large-text": (TEN, 360, True),
}
CUT = "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent.trim())"
GAPS = """rows => rows.map(row => {
    const boxes = [...row.querySelectorAll('td')].map(td => {
        const range = document.createRange();
        range.selectNodeContents(td.firstChild.nodeType === 3 ? td.firstChild : td);
        return range.getBoundingClientRect();
    });
    return Math.min(...boxes.slice(1).map((box, i) => box.left - boxes[i].right));
})"""


@pytest.mark.parametrize("case", CASES)
def test_every_name_whole_and_every_number_apart_with_many_players(
    phones: Callable[..., Phone], shots: Shots, case: str
) -> None:
    names, width, large = CASES[case]
    a = phones("A", viewport={"width": width, "height": 740})
    if large:
        double_text(a)
    page = a.goto("/new/sixnimmt")
    page.locator("details.more summary").click()
    fill_new_match(a, names)
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    empty = page.locator("#scoreboard td.empty .to-enter")
    expect(empty).to_be_visible()  # "No rounds yet" stays in view of a table wider than the phone
    assert empty.evaluate("e => e.getBoundingClientRect().right") <= width
    for heads in ROUNDS:
        enter_round(a, heads[: len(names)])
    board = page.locator("#scoreboard")
    expect(board.locator(".outcome-title")).to_have_text("Match over")
    board.scroll_into_view_if_needed()
    shots(a, "scoreboard", full_page=False)
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # the page stays put

    heads = board.locator("thead th[data-seat]")
    expect(heads).to_contain_text(names)
    assert heads.evaluate_all(CUT) == []  # was "A…", "B…": a letter and an ellipsis each
    assert board.locator("td").evaluate_all(CUT) == []
    gaps = board.locator("tbody tr, tfoot tr.totals").evaluate_all(GAPS)
    assert min(gaps) >= 6, gaps  # was about 0 px: "15" and "16" read "1516"

    box = board.locator(".table-scroll")
    if box.evaluate("e => e.scrollWidth > e.clientWidth"):  # the last columns out of view
        box.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
        label = board.locator("tfoot th[scope=row]").bounding_box()
        outer = box.bounding_box()
        assert label and outer and label["x"] <= outer["x"] + 2, (label, outer)  # stays in view
        shots(a, "scrolled", full_page=False)
    a.check()
