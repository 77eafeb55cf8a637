"""The end of a 6 nimmt! match chosen on the phone: a number typed in the box beside a choice
picks that choice, so a typed limit is never dropped for the rulebook's 66."""

from __future__ import annotations

import re
from collections.abc import Callable

from .helpers import Phone, expect


def test_typing_a_limit_picks_its_choice_and_the_match_ends_there(
    phones: Callable[..., Phone],
) -> None:
    a = phones("A")
    page = a.goto("/new/sixnimmt")
    for i, name in enumerate(["Ann", "Bob"]):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    rulebook = "When someone has more than 66 bull heads (rulebook)"
    expect(page.get_by_role("radio", name=rulebook)).to_be_checked()
    page.get_by_label("Heads limit", exact=True).fill("10")
    other_limit = "When someone has more than another limit"
    expect(page.get_by_role("radio", name=other_limit)).to_be_checked()
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    expect(page.locator(".sheet-head")).to_contain_text("10")
    a.check()


def test_choosing_another_group_offers_its_names_and_keeps_what_was_typed(
    phones: Callable[..., Phone],
) -> None:
    a = phones("A")
    for names, group in ((["Ann", "Bob"], "Friday"), (["Cy", "Dee"], "Sunday")):
        page = a.goto("/new/sixnimmt")
        for i, name in enumerate(names):
            page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
        page.locator("#group").select_option("new")
        page.get_by_label("Name of the new group").fill(group)
        page.locator("#new-match button[type=submit]").click()
        page.wait_for_url(re.compile(r"/m/\d+$"))
    page = a.goto("/new/sixnimmt")
    expect(page.locator("#group option:checked")).to_have_text("Sunday")
    expect(page.locator("#known .chip")).to_have_text(["Cy", "Dee"])
    page.get_by_label("Player 1", exact=True).fill("Eve")
    page.locator("#group").select_option(label="Friday")
    expect(page.locator("#known .chip")).to_have_text(["Ann", "Bob"])
    expect(page.get_by_label("Player 1", exact=True)).to_have_value("Eve")
    a.check()
