"""After a finished match on a phone: the chart on the sheet, the group page and a player page."""

from __future__ import annotations

from collections.abc import Callable

from .accessibility_helpers import readable, run_axe
from .conftest import LiveServer
from .helpers import AXE, Phone, Shots, claim, enter_round, expect, start_match


def test_a_player_page_after_a_finished_match(
    server: LiveServer, phones: Callable[..., Phone], shots: Shots
) -> None:
    a = phones("A")
    start_match(a, ["Ann", "Bob", "Cy"], rounds=2)
    claim(a, "Ann")
    enter_round(a, [3, 10, 1])
    enter_round(a, [5, 1, 20])
    a.reload()

    # The sheet of the finished match draws the running totals: one line per player.
    chart = a.page.locator("#chart")
    expect(chart.locator("svg[role=img] polyline")).to_have_count(3)
    expect(chart.locator(".chart-legend")).to_contain_text("Cy")
    box = chart.locator("svg.chart").bounding_box()
    assert box is not None and 300 <= box["width"] <= 390, "the chart fits the phone's width"
    chart.scroll_into_view_if_needed()
    shots(a, "chart", full_page=False)

    # The group page lists the match with places; Ann's name leads to her page.
    a.page.locator(".sheet-head a").first.tap()
    a.page.wait_for_url("**/g/*")
    a.check()
    listed = a.page.locator("#history")
    expect(listed).to_contain_text("1st Ann 8")
    shots(a, "group-page")
    listed.get_by_role("link", name="Ann", exact=True).tap()
    a.page.wait_for_url("**/g/*/p/*")
    a.check()
    expect(a.page.locator("h1")).to_have_text("Ann")
    card = a.page.locator("#game-sixnimmt")
    expect(card).to_contain_text("Win rate")
    expect(card.locator("dd").nth(2)).to_have_text("100%")
    expect(card).to_contain_text("Average heads per round")
    width = a.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the player page scrolls sideways ({width}px)"
    shots(a, "player-page")
    if AXE.exists():  # axe-core comes from npm (make setup); the page is checked without it too
        for scheme in ("light", "dark"):
            a.page.emulate_media(color_scheme=scheme)
            violations = run_axe(a, AXE.read_text())
            assert not violations, f"{scheme}:\n{readable(violations)}"
    a.page.emulate_media(color_scheme="dark")
    shots(a, "player-page-dark", full_page=False)


def test_the_next_match_goes_to_the_group_just_played_and_asks_no_new_name(
    phones: Callable[..., Phone],
) -> None:
    a = phones("A")
    page = a.goto("/new/sixnimmt")
    name = page.get_by_label("Name of the new group")
    expect(name).to_be_visible()  # no group yet: a new one, named here
    start_match(a, ["Ann", "Bob"], rounds=1)
    claim(a, "Ann")
    enter_round(a, [3, 1])
    page = a.goto("/new/sixnimmt")
    group = page.get_by_label("Add the match to", exact=True)
    expect(group.locator("option:checked")).not_to_have_attribute("value", "new")
    expect(page.locator(".chips .chip")).to_have_text(["Ann", "Bob"])
    expect(name).to_be_hidden()
    group.select_option("new")
    expect(name).to_be_visible()
    a.check()
