"""A long match on the TV while it is played: nobody scrolls a TV, so its board shows the latest
rounds that fit, says how many earlier ones it leaves out, and always the totals, at 720p and
1080p; the phone's sheet keeps every round it showed before."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .helpers import Phone, Shots, enter_round, expect, fill_new_match, start_nuota
from .nuota_helpers import save_totals
from .test_tv_finished import FIVE, NUOTA_FIRST, NUOTA_ROUNDS, SCROLLS
from .test_tv_fits import TVS, bottom, open_tv

NAME_LINES = """() => Array.from(document.querySelectorAll(".tv-game .score thead th[data-seat]"))
  .map(th => { const r = document.createRange(); r.selectNodeContents(th.firstChild);
    const boxes = Array.from(r.getClientRects()).filter(b => b.width > 1);
    return new Set(boxes.map(b => b.top)).size; })"""
"""How many lines each name in the board's head takes (the leader's star may go under it)."""
TEN_ROUNDS = [[(r * (s + 2)) % 7 + 1 for s in range(5)] for r in range(10)]


def fits(tv: Phone, height: int, parts: tuple[str, ...]) -> None:
    """Every part on the screen, and nothing below it to scroll to."""
    for part in parts:
        expect(tv.page.locator(part).first).to_be_visible()
        assert bottom(tv, part) <= height, f"{part} ends at {bottom(tv, part)}px of {height}"
    assert tv.page.evaluate(SCROLLS) <= 0, f"the page scrolls by {tv.page.evaluate(SCROLLS)}px"


@pytest.mark.parametrize("screen", TVS)
def test_six_nimmt_five_players_ten_rounds_fit_the_tv(
    phones: Callable[..., Phone], shots: Shots, screen: str
) -> None:
    host = phones("A", viewport={"width": 360, "height": 740})
    page = host.goto("/new/sixnimmt")
    fill_new_match(host, FIVE)
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url("**/m/*")
    for heads in TEN_ROUNDS:
        enter_round(host, heads)
    tv, height = open_tv(phones, host, screen)
    totals = [str(sum(r[s] for r in TEN_ROUNDS)) for s in range(5)]
    expect(tv.page.locator(".tv-game .score .totals td")).to_have_text(totals)
    shots(tv, f"sixnimmt-ten-rounds-{screen}", full_page=False)
    fits(tv, height, (".tv-totals li", ".tv-game .score .totals td", ".tv-game", ".tv-entries li"))
    expect(tv.page.locator(".tv-game .tv-earlier")).to_have_text("7 earlier rounds not shown")
    assert tv.page.evaluate(NAME_LINES) == [1] * 5, "a name broke in the middle of the word"
    # The phone's sheet is as it was: the last six rounds, the earlier ones added up in a row.
    expect(page.locator("#scoreboard .score tbody tr:not(.earlier)")).to_have_count(6)
    expect(page.locator("#scoreboard .score tr.earlier")).to_have_count(1)
    expect(page.locator("#scoreboard .tv-earlier")).to_have_count(0)


@pytest.mark.parametrize("screen", TVS)
def test_nuota_four_players_three_rounds_fit_the_tv(
    phones: Callable[..., Phone], shots: Shots, screen: str
) -> None:
    host = phones("A", viewport={"width": 360, "height": 740})
    page = start_nuota(host, ["Ann", "Bob", "Cy", "Dee"])
    for points in [NUOTA_FIRST, *NUOTA_ROUNDS[:2]]:
        save_totals(host, points)
    tv, height = open_tv(phones, host, screen)
    expect(tv.page.locator(".tv .lives-seat")).to_have_count(4)
    expect(tv.page.locator(".tv .history tbody th").last).to_contain_text("3")
    shots(tv, f"nuota-three-rounds-{screen}", full_page=False)
    fits(tv, height, (".lives-seat", ".history tbody td", ".tv-game", ".tv-entries li"))
    expect(tv.page.locator(".tv .tv-earlier")).to_have_text("1 earlier round not shown")
    # The phone's sheet keeps all three rounds played.
    expect(page.locator("#scoreboard details.history tbody tr")).to_have_count(3)
    expect(page.locator("#scoreboard .tv-earlier")).to_have_count(0)
