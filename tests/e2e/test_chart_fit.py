"""The group page's charts on a 360 px phone, with long names and one match: names whole
inside their chart."""

from __future__ import annotations

from collections.abc import Callable

from tests.web.helpers import group_of
from tests.web.history_helpers import add_match

from .conftest import LiveServer
from .helpers import Phone, Shots, claim, enter_round, open_all_details, start_match
from .test_large_text import PAGE_WIDTH

LONG = ["Pierfrancesco Bianchi", "Maria Antonietta Rossi", "Bob"]
INSIDE = """svg => [...svg.querySelectorAll('text')].filter(t => {
  const box = t.getBBox(), view = svg.viewBox.baseVal;
  return box.x < 0 || box.x + box.width > view.width;
}).map(t => t.textContent)"""


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
