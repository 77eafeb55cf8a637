"""The group page's charts and tables on a 360 px phone, with long names, one match, and the
browser's text size doubled: names whole inside their chart, chart type that grows with the
text, and boxes that scroll sideways say so with a shadow on their edge."""

from __future__ import annotations

from collections.abc import Callable

from tests.web.helpers import group_of
from tests.web.history_helpers import add_match

from .conftest import LiveServer
from .helpers import Phone, Shots, claim, enter_round, open_all_details, start_match
from .test_large_text import PAGE_WIDTH, ROOT, double_text

LONG = ["Pierfrancesco Bianchi", "Maria Antonietta Rossi", "Bob"]
INSIDE = """svg => [...svg.querySelectorAll('text')].filter(t => {
  const box = t.getBBox(), view = svg.viewBox.baseVal;
  return box.x < 0 || box.x + box.width > view.width;
}).map(t => t.textContent)"""
TYPE = """() => [...document.querySelectorAll('#charts svg.chart text')]
  .filter(t => t.getBoundingClientRect().height > 0)
  .map(t => t.getBoundingClientRect().height)"""
OUT_OF_PHONE = """() => [...document.querySelectorAll('#charts table, #charts figure, #history li')]
  .filter(e => !e.parentElement.closest('.table-scroll'))
  .filter(e => e.getBoundingClientRect().right > 360.5).map(e => e.tagName + ' ' + e.id)"""
SPLIT = """() => [...document.querySelectorAll('.chart-legend .muted')]
  .filter(v => v.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(v).fontSize))
  .map(v => v.textContent)"""
CUE = """box => ({scrolls: box.scrollWidth > box.clientWidth,
  shadow: getComputedStyle(box).backgroundImage.includes('radial-gradient')})"""


def group_with_long_names(server: LiveServer, phone: Phone) -> int:
    """A 6 nimmt! match played through on the phone, and one game of The Game (one match: one
    dot) added to the same group; the group's id."""
    match_id = start_match(phone, LONG, rounds=1)
    claim(phone, LONG[0])
    enter_round(phone, [3, 10, 1])
    group_id = group_of(server.app, match_id)
    add_match(server.app, group_id, "thegame", LONG[:2], [{"type": "result", "left": 12}])
    return group_id


def test_long_names_fit_their_charts_at_360_px(
    server: LiveServer, phones: Callable[..., Phone], shots: Shots
) -> None:
    a = phones("A", viewport={"width": 360, "height": 780})
    group_id = group_with_long_names(server, a)
    page = a.goto(f"/g/{group_id}")
    open_all_details(a)
    for chart in ("winners-sixnimmt", "shares-sixnimmt", "trend-thegame"):
        svg = page.locator(f"#{chart} svg.chart")
        assert svg.evaluate(INSIDE) == [], chart
    names = page.locator("#winners-sixnimmt text.row-name").all_text_contents()
    assert "Pierfrancesco Bianchi" in names, names
    assert page.evaluate(PAGE_WIDTH) <= 360
    page.locator("#charts").scroll_into_view_if_needed()
    shots(a, "charts", full_page=True)


def test_doubled_text_grows_the_charts_and_shows_what_scrolls(
    server: LiveServer, phones: Callable[..., Phone], shots: Shots
) -> None:
    a = phones("A", viewport={"width": 360, "height": 780})
    group_id = group_with_long_names(server, a)
    double_text(a)
    page = a.goto(f"/g/{group_id}")
    open_all_details(a)
    root = page.evaluate(ROOT)
    assert root >= 30, root
    heights = page.evaluate(TYPE)
    assert heights and min(heights) >= 0.6 * root, (min(heights), root)  # was about 10 px
    assert page.evaluate(OUT_OF_PHONE) == []  # the chart tables were wider than the phone
    assert page.evaluate(PAGE_WIDTH) <= 360
    players = page.locator("table.stats").first.locator("xpath=..")
    assert players.evaluate(CUE) == {"scrolls": True, "shadow": True}
    for box in page.locator("#charts .table-scroll").all():
        assert box.evaluate(CUE)["shadow"]
    sheet = page.locator("#history a[href*='/m/']").first.get_attribute("href")
    assert sheet is not None
    page = a.goto(sheet)
    assert page.evaluate(SPLIT) == []  # "70" was written "7" over "0" beside a long name
    assert page.evaluate(PAGE_WIDTH) <= 360
    page = a.goto(f"/g/{group_id}")
    page.locator("#players-title").scroll_into_view_if_needed()
    shots(a, "players-large", full_page=False)
    page.locator("#winners-sixnimmt").scroll_into_view_if_needed()
    shots(a, "charts-large", full_page=False)
