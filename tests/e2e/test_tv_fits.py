"""The TV page across a room: nobody scrolls a TV, so every total, the leader and the last
entries are on one screen, at 1080p and at 720p, with the most players a game seats."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .helpers import Phone, Shots, enter_round, expect, fill_new_match
from .test_thegame import put_down

NAMES = ["Alessandro", "Giuseppina", "Pierfrancesco", "Maddalena", "Bartolomeo", "Annunziata",
         "Massimiliano", "Gianluca", "Ludovica", "Jo"]  # fmt: skip
TVS = {"1080p": (1920, 1080), "720p": (1280, 720)}
SCREENS = {**TVS, "portrait": (800, 1280)}
"""The TVs, and a tablet standing up (the TV link opened on it): one column there."""


def bottom(phone: Phone, selector: str) -> float:
    """Where the last element matching ``selector`` ends, in CSS pixels from the top."""
    return float(
        phone.page.evaluate(
            "s => Math.max(...Array.from(document.querySelectorAll(s))"
            ".map(e => e.getBoundingClientRect().bottom))",
            selector,
        )
    )


def open_tv(phones: Callable[..., Phone], host: Phone, screen: str) -> tuple[Phone, int]:
    """The TV link from the host's invite panel, opened on a screen of that size."""
    host.page.locator("#invite summary").first.click()
    link = host.page.locator("#invite a[href*='/v/']").get_attribute("href")
    assert link
    width, height = SCREENS[screen]
    tv = phones("TV", viewport={"width": width, "height": height}, is_mobile=False)
    tv.goto(link)
    return tv, height


@pytest.mark.parametrize("screen", SCREENS)
def test_ten_players_totals_and_last_entries_fit_one_tv_screen(
    phones: Callable[..., Phone], shots: Shots, screen: str
) -> None:
    host = phones("A", viewport={"width": 360, "height": 740})
    page = host.goto("/new/sixnimmt")
    page.locator("details.more summary").click()
    fill_new_match(host, NAMES)
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url("**/m/*")
    # Nine of ten level, so the leader line names nine players.
    enter_round(host, [5, 5, 5, 5, 5, 5, 5, 5, 5, 9])
    enter_round(host, [8, 8, 8, 8, 8, 8, 8, 8, 8, 20])
    tv, height = open_tv(phones, host, screen)
    leader = tv.page.locator(".tv-leader")
    expect(leader).to_contain_text("Leading together: Alessandro, Giuseppina")
    expect(tv.page.locator(".tv-totals li")).to_have_count(10)
    shots(tv, f"tv-{screen}", full_page=False)
    width = SCREENS[screen][0]
    board = tv.page.locator(".tv-game").bounding_box()
    assert board is not None and board["width"] >= (0.8 if width <= 900 else 0.5) * width, board
    if width <= 900:  # one column: a page to scroll, not a screen to fill
        return
    for part in (".tv-leader", ".tv-totals li", ".tv-entries li"):
        assert bottom(tv, part) <= height, f"{part} ends at {bottom(tv, part)}px of {height}"
    broken = tv.page.evaluate(
        "Array.from(document.querySelectorAll('.tv-total')).filter(e =>"
        " e.getBoundingClientRect().height > 1.8 * parseFloat(getComputedStyle(e).fontSize))"
        ".map(e => e.textContent)"
    )
    assert not broken, f"totals broken over lines: {broken}"
    cut = tv.page.evaluate(
        "Array.from(document.querySelectorAll('.tv-name'))"
        ".filter(e => e.scrollWidth > e.clientWidth).map(e => e.textContent)"
    )
    assert not cut, f"names cut short in the totals: {cut}"
    names = tv.page.locator(".tv-game .score thead th[data-seat]")
    size = float(names.first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
    assert size >= 0.8 * 16 * (height / 1080) * 1.5, f"the table's names at {size}px"


@pytest.mark.parametrize("screen", TVS)
def test_the_round_on_the_table_fits_the_tv_under_the_scoreboard(
    phones: Callable[..., Phone], shots: Shots, screen: str
) -> None:
    from .test_table_mode import submit_table

    host = phones("A", viewport={"width": 360, "height": 740})
    page = host.goto("/new/sixnimmt")
    fill_new_match(host, ["Aldo", "Bea", "Ciro", "Dora"])
    page.get_by_label("Table mode", exact=False).check()
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url("**/m/*")
    rows = [12, 37, 43, 58]
    submit_table(host, rows, "row")
    for turn in range(10):  # a whole round, no card below every row
        submit_table(host, [59 + 4 * turn + seat for seat in range(4)], "seat")
    submit_table(host, rows, "row")
    submit_table(host, [60, 5, 70, 80], "seat")  # Bea's 5 waits for her choice
    tv, height = open_tv(phones, host, screen)
    expect(tv.page.locator("#table-panel .choice")).to_contain_text("Bea's 5 is lower")
    shots(tv, f"tv-table-{screen}", full_page=False)
    for part in (".tv-totals li", "#table-panel .rows li"):
        assert bottom(tv, part) <= height, f"{part} ends at {bottom(tv, part)}px of {height}"
    label = tv.page.locator("#table-panel .row-label").first
    size = float(label.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
    assert size >= 18 * height / 1080, f"the rows' labels at {size}px"


def test_the_games_piles_fill_the_tv_and_its_result_shows_at_the_end(
    phones: Callable[..., Phone], shots: Shots
) -> None:
    """The Game has no totals: its piles take most of the width, in type read across a room,
    and once it is over "Match over" and the team's cards left stand where the totals would."""
    host = phones("A", viewport={"width": 360, "height": 740})
    page = host.goto("/new/thegame")
    fill_new_match(host, ["Anna", "Bruno", "Carla"])
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url("**/m/*")
    tv, height = open_tv(phones, host, "720p")
    top = tv.page.locator(".tv-game .tg-top").first
    expect(top).to_have_text("1")
    size = float(top.evaluate("el => parseFloat(getComputedStyle(el).fontSize)"))
    assert size >= 60, f"the piles' numbers are {size}px on a 720p TV"
    assert bottom(tv, ".tv-game .tg-piles") <= height
    host.goto(page.url.split("?")[0] + "?entry=result")
    page.locator("input[name=result-left]").fill("7")
    page.locator("#entry form button[type=submit]").last.click()
    expect(tv.page.locator(".tv-lead .tg-left")).to_contain_text("7")
    expect(tv.page.locator(".tv-lead")).to_contain_text("Excellent!")
    expect(tv.page.locator(".tv-over")).to_have_text("Match over")  # as on the phones
    shots(tv, "tv-thegame-over", full_page=False)


def test_the_games_last_entries_stand_at_the_top_beside_the_piles(
    phones: Callable[..., Phone], shots: Shots
) -> None:
    """While The Game is played the TV has no totals: the last entries take their place at the
    top of the screen, not under an empty band."""
    host = phones("A", viewport={"width": 360, "height": 740})
    page = host.goto("/new/thegame")
    fill_new_match(host, ["Anna", "Bruno", "Carla"])
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url("**/m/*")
    tv, _height = open_tv(phones, host, "1080p")
    put_down(host, 15, 0)
    expect(tv.page.locator(".tv-entries li")).to_have_count(1)
    shots(tv, "tv-thegame-played", full_page=False)
    log = tv.page.locator(".tv-log").bounding_box()
    board = tv.page.locator(".tv-game").bounding_box()
    assert log and board and log["y"] <= board["y"] + 10, (log, board)  # was 38 px lower


EIGHT = ["Anna", "Ben", "Carla", "Dario", "Eva", "Fritz", "Gina", "Hugo"]
EVENING = [
    [3, 0, 5, 7, 1, 2, 10, 4],
    [1, 1, 1, 1, 1, 1, 1, 1],
    [0, 1, 0, 1, 0, 1, 0, 1],
    [5, 6, 7, 8, 9, 10, 20, 3],
    [5, 6, 7, 8, 9, 10, 30, 3],
    [1, 2, 3, 4, 5, 6, 10, 0],  # Gina past 66: Hugo wins on 12
]
PLACES = ["Hugo", "Anna", "Ben", "Carla", "Eva", "Dario", "Fritz", "Gina"]
ROOT = "parseFloat(getComputedStyle(document.documentElement).fontSize)"
SHOWN_DETAILS = (
    "[...document.querySelectorAll('.tv details')].filter(d => d.getClientRects().length)"
)
CUT = "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)"


def test_the_end_of_an_evening_of_eight_fits_the_tv_with_the_places(
    phones: Callable[..., Phone], shots: Shots
) -> None:
    """The last round on the phone, and both TVs show the end on one screen: "Match over", the
    players in their places, the chart of how the match went in the board's place, type that
    grows with the screen, and nothing to tap."""
    host = phones("A", viewport={"width": 360, "height": 740})
    page = host.goto("/new/sixnimmt")
    page.locator("details.more summary").click()
    fill_new_match(host, EIGHT)
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url("**/m/*")
    for heads in EVENING[:-1]:
        enter_round(host, heads)
    tvs = {screen: open_tv(phones, host, screen) for screen in TVS}
    for tv, _height in tvs.values():  # the last entries, whole (the end leaves them to the chart)
        expect(tv.page.locator(".tv-entries li")).to_have_count(4)
        assert tv.page.locator(".tv-entries li").evaluate_all(CUT) == []  # was "Fritz 6 · …"
    enter_round(host, EVENING[-1])
    for screen, (tv, height) in tvs.items():
        expect(tv.page.locator(".tv-over")).to_have_text("Match over")  # was "Winner: Hugo" alone
        places = tv.page.locator(".tv-totals .tv-name")
        expect(places).to_have_text(PLACES)  # was seat order
        expect(tv.page.locator(".tv-totals .tv-place").first).to_have_text("1st")
        shots(tv, f"tv-end-{screen}", full_page=False)
        for part in (".tv-totals li", "#chart svg.chart", "#chart .chart-legend li"):
            assert bottom(tv, part) <= height, f"{part} ends at {bottom(tv, part)}px of {height}"
        assert tv.page.evaluate(SHOWN_DETAILS) == []  # was "▸ The same numbers as a table"
        root = float(tv.page.evaluate(ROOT))
        assert root >= 16 * 1.5 * height / 1080, f"rem is {root}px"  # was 17 px on a 1080p TV
