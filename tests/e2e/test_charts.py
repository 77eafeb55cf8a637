"""Two finished matches on a phone at 360 px: Send to BG Stats under the result, then the
charts on the group page and on a player page, in light and dark."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import unquote

from .accessibility_helpers import readable, run_axe
from .conftest import LiveServer
from .helpers import AXE, Phone, Shots, claim, enter_round, expect, open_all_details, start_match


def play_of(link: str | None, prefix: str) -> dict[str, object]:
    assert link is not None and link.startswith(prefix), link
    value: dict[str, object] = json.loads(unquote(link[len(prefix) :]))
    return value


def fits(phone: Phone, what: str) -> None:
    width = phone.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{what} scrolls sideways ({width}px)"


def accessible(phone: Phone) -> None:
    if AXE.exists():  # axe-core comes from npm (make setup); the page is checked without it too
        for scheme in ("light", "dark"):
            phone.page.emulate_media(color_scheme=scheme)
            violations = run_axe(phone, AXE.read_text())
            assert not violations, f"{scheme}:\n{readable(violations)}"
        phone.page.emulate_media(color_scheme="light")


def assert_values_inside(values: Any) -> None:
    """Each bar's "won/played · rate" ends inside its chart (it was cut at "100 %")."""
    ends = values.evaluate_all(
        "els => els.map(t => [t.textContent, t.getBBox().x + t.getBBox().width,"
        " t.ownerSVGElement.viewBox.baseVal.width])"
    )
    assert ends and all(end <= width for _, end, width in ends), ends


def test_bg_stats_link_and_the_group_and_player_charts(
    server: LiveServer, phones: Callable[..., Phone], shots: Shots
) -> None:
    a = phones("A", viewport={"width": 360, "height": 780})
    start_match(a, ["Ann", "Bob", "Cy"], rounds=2)
    claim(a, "Ann")
    enter_round(a, [3, 10, 1])
    enter_round(a, [5, 1, 20])

    # The finishing tap's answer already carries the BG Stats links, with the real totals.
    links = a.page.locator("#bgstats a")
    expect(links).to_have_count(2)
    send = a.page.get_by_role("link", name="Send to BG Stats")
    play = play_of(send.get_attribute("href"), "bgstats://app.bgstatsapp.com/createPlay.html?data=")
    web = a.page.get_by_role("link", name=re.compile("BG Stats on the web"))
    assert play == play_of(
        web.get_attribute("href"), "https://app.bgstatsapp.com/createPlay.html?data="
    )
    players = play["players"]
    assert isinstance(players, list)
    assert [(p["name"], p["score"], p["winner"]) for p in players] == [
        ("Ann", "8", True), ("Bob", "11", False), ("Cy", "21", False)
    ]  # fmt: skip
    for link in (send, web):
        box = link.bounding_box()
        assert box is not None and box["height"] >= 44, "a tap target"
    fits(a, "the finished sheet")
    a.page.locator("#scoreboard .outcome").scroll_into_view_if_needed()
    shots(a, "bgstats-link", full_page=False)

    # A rematch, then the group page draws who won each match and the win shares.
    a.page.get_by_role("button", name="Rematch").click()
    a.page.wait_for_url(re.compile(r"/m/\d+$"))
    a.check()
    enter_round(a, [9, 2, 4])
    enter_round(a, [9, 2, 4])
    a.page.locator(".sheet-head a").first.tap()
    a.page.wait_for_url(re.compile(r"/g/\d+$"))
    a.check()
    charts = a.page.locator("#charts-sixnimmt")
    expect(charts.locator("#winners-sixnimmt svg[role=img] circle")).to_have_count(6)
    expect(charts.locator("#winners-sixnimmt circle.won")).to_have_count(2)
    expect(charts.locator("#shares-sixnimmt rect.bar-fill")).to_have_count(2)
    assert_values_inside(charts.locator("#shares-sixnimmt text.bar-value"))
    box = charts.locator("#winners-sixnimmt svg").bounding_box()
    assert box is not None and 280 <= box["width"] <= 360, "the chart fits the phone's width"
    fits(a, "the group page")
    accessible(a)
    a.page.locator("#charts").scroll_into_view_if_needed()
    shots(a, "group-charts", full_page=False)
    open_all_details(a)
    expect(charts.locator("#winners-sixnimmt table tbody tr")).to_have_count(2)
    expect(charts.locator("#winners-sixnimmt table")).to_contain_text("Bob")
    a.page.locator("#charts").screenshot(
        path=str(shots.next(a, "group-charts-tables")), caret="initial"
    )
    a.page.emulate_media(color_scheme="dark")
    a.page.locator("#charts").screenshot(
        path=str(shots.next(a, "group-charts-dark")), caret="initial"
    )
    a.page.emulate_media(color_scheme="light")

    # Ann's page: her bull heads per match, and her win share by game.
    a.page.locator("table.stats").first.get_by_role("link", name="Ann", exact=True).tap()
    a.page.wait_for_url("**/g/*/p/*")
    a.check()
    trend = a.page.locator("#trend-sixnimmt")
    expect(trend).to_contain_text("Bull heads per match")
    expect(trend.locator("polyline")).to_have_count(1)
    expect(trend.locator("circle")).to_have_count(2)
    expect(a.page.locator("#shares rect.bar-fill")).to_have_count(1)
    assert_values_inside(a.page.locator("#shares text.bar-value"))
    fits(a, "the player page")
    accessible(a)
    shots(a, "player-charts")
    a.page.emulate_media(color_scheme="dark")
    shots(a, "player-charts-dark")
