"""Another language comes back to the same place: the group page opened at #history stays at
its history, a sheet at its log stays at its log (static/js/links.js)."""

from __future__ import annotations

import re
from collections.abc import Callable

from .helpers import Phone, enter_round, expect, start_match

AT_TOP = "id => Math.abs(document.getElementById(id).getBoundingClientRect().top) < 40"
"""Whether the element ``id`` begins at the top of the screen (where its fragment puts it)."""


def switch_to_italian(phone: Phone) -> None:
    """Tap "Italiano" in the footer and wait for the page in Italian."""
    phone.page.locator("footer a[lang=it]").click()
    expect(phone.page.locator("html")).to_have_attribute("lang", "it")


def test_the_group_page_at_its_history_stays_there(phones: Callable[..., Phone]) -> None:
    a = phones("A", viewport={"width": 360, "height": 640})
    start_match(a, ["Ann", "Bob", "Cy"])
    group = a.page.locator(".sheet-head a").first.get_attribute("href")
    page = a.goto(f"{group}#history")
    assert page.evaluate("scrollY") > 0, "the history begins below the first screen"
    switch_to_italian(a)
    expect(page).to_have_url(re.compile(rf"{group}#history$"))
    assert page.evaluate(AT_TOP, "history")
    a.check()


def test_a_sheet_at_its_log_comes_back_at_the_log(phones: Callable[..., Phone]) -> None:
    a = phones("A", viewport={"width": 360, "height": 640})
    match = start_match(a, ["Ann", "Bob", "Cy"])
    enter_round(a, [1, 2, 3])
    page = a.goto(f"/m/{match}?log=all#log")
    switch_to_italian(a)
    expect(page).to_have_url(re.compile(rf"/m/{match}\?log=all#log$"))
    expect(page.locator("#log")).to_have_attribute("data-log", "all")
    assert page.evaluate("scrollY") > 0
    a.check()


def test_a_page_without_a_place_keeps_none(phones: Callable[..., Phone]) -> None:
    a = phones("A")
    page = a.goto("/")
    switch_to_italian(a)
    expect(page).to_have_url(re.compile(r"/$"))
    a.check()
