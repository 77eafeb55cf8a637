"""A match that ends while the TV shows it: the chart of how it went comes with the end, in the
board's place, and the finished page fits one screen at 720p and 1080p (nobody scrolls a TV),
before and after a reload, for 6 nimmt! and for Nuota. Nuota's rounds show on the TV plainly,
open and with nothing that looks tappable, and stay a fold-out on the phone."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .helpers import Phone, Shots, enter_round, expect, fill_new_match, start_nuota
from .nuota_helpers import save_totals
from .test_seats_tv import axe_clean
from .test_tv_fits import TVS, bottom, open_tv

FIVE = ["Alessandro", "Giuseppina", "Pierfrancesco", "Maddalena", "Bartolomeo"]
EIGHT_ROUNDS = [
    [3, 0, 5, 7, 1],
    [1, 1, 1, 1, 1],
    [0, 1, 0, 1, 0],
    [5, 6, 7, 8, 9],
    [2, 3, 4, 5, 6],
    [1, 2, 3, 4, 5],
    [7, 0, 2, 1, 3],
    [4, 4, 4, 4, 4],
]
NUOTA_FIRST = [20, 15, 10, 5]
NUOTA_ROUNDS = [[5, 20, 15, 10], [10, 5, 20, 15], [15, 10, 5, 20], [20, 15, 10, 5]]
"""Five lives each, the lowest total loses two: after these Ann alone is left."""
SCROLLS = "document.documentElement.scrollHeight - document.documentElement.clientHeight"
TAPPABLE = """[...document.querySelectorAll('.tv summary')].filter(s => s.getClientRects().length
  && (getComputedStyle(s).cursor === 'pointer'
      || getComputedStyle(s, '::before').content.includes('▸')))
  .map(s => s.textContent.trim())"""
"""Summaries the TV shows as something to tap (a pointer, the ▸ of a fold-out)."""


def fits(tv: Phone, height: int) -> None:
    """The whole page, chart and all, on one screen: nothing below it, nothing to scroll."""
    for part in (".tv-totals li", ".tv-game", "#chart svg.chart", "#chart .chart-legend li"):
        assert bottom(tv, part) <= height, f"{part} ends at {bottom(tv, part)}px of {height}"
    assert tv.page.evaluate(SCROLLS) <= 0, f"the page scrolls by {tv.page.evaluate(SCROLLS)}px"


def test_a_six_nimmt_match_of_five_ended_on_the_tv_fits_after_a_reload(
    phones: Callable[..., Phone], shots: Shots
) -> None:
    host = phones("A", viewport={"width": 360, "height": 740})
    page = host.goto("/new/sixnimmt")
    fill_new_match(host, FIVE, rounds=len(EIGHT_ROUNDS))
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url("**/m/*")
    for heads in EIGHT_ROUNDS[:-1]:
        enter_round(host, heads)
    tvs = {screen: open_tv(phones, host, screen) for screen in TVS}
    enter_round(host, EIGHT_ROUNDS[-1])
    for screen, (tv, height) in tvs.items():
        expect(tv.page.locator(".tv-over")).to_have_text("Match over")
        expect(tv.page.locator("#chart svg.chart")).to_be_visible()  # with the poll
        fits(tv, height)
        tv.reload()
        expect(tv.page.locator("#chart svg.chart")).to_be_visible()
        shots(tv, f"sixnimmt-over-{screen}", full_page=False)
        fits(tv, height)
    axe_clean(tv)  # the chart among the places, as a screen reader meets it


@pytest.mark.parametrize("screen", TVS)
def test_a_nuota_match_ended_on_the_tv_fits_and_shows_its_rounds_plainly(
    phones: Callable[..., Phone], shots: Shots, screen: str
) -> None:
    host = phones("A", viewport={"width": 360, "height": 740})
    start_nuota(host, ["Ann", "Bob", "Cy", "Dee"])
    save_totals(host, NUOTA_FIRST)
    tv, height = open_tv(phones, host, screen)
    history = tv.page.locator(".tv details.history")
    expect(history).to_have_count(1)
    expect(history.locator("table")).to_be_visible()  # one round: folded away on the phone
    assert tv.page.evaluate(TAPPABLE) == []
    shots(tv, f"nuota-round-1-{screen}", full_page=False)
    phone_history = host.page.locator("#scoreboard details.history")
    assert not phone_history.evaluate("d => d.open")  # on the phone, folded at one round
    for points in NUOTA_ROUNDS:
        save_totals(host, points)
    expect(tv.page.locator(".tv-over")).to_have_text("Match over")
    expect(tv.page.locator("#chart svg.chart")).to_be_visible()
    tv.reload()
    expect(tv.page.locator("#chart svg.chart")).to_be_visible()
    shots(tv, f"nuota-over-{screen}", full_page=False)
    assert tv.page.evaluate(TAPPABLE) == []
    fits(tv, height)
    summary = host.page.locator("#scoreboard details.history summary")
    expect(summary).to_have_css("cursor", "pointer")  # the phone keeps its fold-out
