"""A long name of two words (a first name and a surname) reads whole in the TV's totals, on two
lines where one is too short, rather than losing its end: with two players and with eight, on a
1080p and a 720p TV and on a phone 360 px wide."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .helpers import Phone, Shots, enter_round, expect, fill_new_match
from .test_tv_fits import bottom

NAMES = ["Annamaria Rossi", "Pierfrancesco Bianchi", "Maddalena Esposito",
         "Bartolomeo Colombo", "Giuseppina Romano", "Massimiliano Ricci", "Ludovica Marino",
         "Gianluca Greco"]  # fmt: skip
SIZES = {"1080p": (1920, 1080), "720p": (1280, 720), "phone": (360, 740)}
CUT = """Array.from(document.querySelectorAll('.tv-name')).filter(e =>
  e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
  .map(e => e.textContent)"""
"""The names whose end the totals hide (sideways, or below their last line); one pixel is
rounding."""


@pytest.mark.parametrize(
    ("screen", "players"), [("1080p", 8), ("720p", 8), ("phone", 8), ("phone", 2)]
)
def test_long_names_show_whole_in_the_tv_totals(
    phones: Callable[..., Phone], shots: Shots, screen: str, players: int
) -> None:
    host = phones("A", viewport={"width": 360, "height": 740})
    page = host.goto("/new/sixnimmt")
    if players > 5:
        page.locator("details.more summary").click()
    fill_new_match(host, NAMES[:players])
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url("**/m/*")
    enter_round(host, list(range(players)))
    page.locator("#invite summary").first.click()
    link = page.locator("#invite a[href*='/v/']").get_attribute("href")
    assert link
    width, height = SIZES[screen]
    tv = phones("TV", viewport={"width": width, "height": height}, is_mobile=width < 900)
    tv.goto(link)
    expect(tv.page.locator(".tv-totals li")).to_have_count(players)
    shots(tv, f"tv-names-{screen}-{players}", full_page=False)
    cut = tv.page.evaluate(CUT)
    assert not cut, f"names cut short in the totals: {cut}"
    if width > 900:  # a TV: still one screen, nothing to scroll
        assert bottom(tv, ".tv-totals li") <= height
