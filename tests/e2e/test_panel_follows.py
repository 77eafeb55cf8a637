"""An entry panel with no form in it still follows the sheet: when another phone's undo reopens
a finished match, or brings a Nuota player who was out back into the game, the form comes back
on this phone without a reload; so does a seat another phone hands to this one."""

from __future__ import annotations

from collections.abc import Callable

from .held import HeldAnswer
from .helpers import (
    Phone,
    claim,
    enter_round,
    expect,
    join_with_code,
    rows,
    start_match,
)


def test_an_undo_that_reopens_the_match_brings_the_form_back_on_the_other_phone(
    phones: Callable[..., Phone],
) -> None:
    a, b = phones("A"), phones("B")
    start_match(a, ["Ann", "Bob"], rounds=1)
    join_with_code(b, a)
    claim(b, "Bob")
    enter_round(a, [3, 5])
    for phone in (a, b):
        expect(phone.page.locator("#scoreboard")).to_contain_text("Bob")
        expect(phone.page.locator("#entry form[data-entry]")).to_have_count(0)  # it is over
    b.page.locator("#log-1 summary").click()  # Ann's phone made it: Bob's asks first
    b.page.get_by_role("button", name="Undo entry #1").click()
    for phone in (b, a):  # a learns of it by polling or the doorbell, whichever comes first
        expect(phone.page.locator("#entry input[name='heads-seat0']")).to_be_visible()
    enter_round(a, [1, 2])
    a.check()
    b.check()


def test_a_seat_handed_over_by_its_phone_brings_the_form_to_the_new_phone(
    phones: Callable[..., Phone],
) -> None:
    a, b, c = phones("A"), phones("B"), phones("C")
    start_match(a, ["Ann", "Bob"])
    join_with_code(b, a)
    claim(b, "Bob")
    join_with_code(c, a)
    expect(c.page.locator("#entry")).to_contain_text("Tap your name")
    c.page.locator("#seats").get_by_role("button", name="I am Bob").tap()
    expect(c.page.locator("#seats .notice")).to_contain_text("Asked")
    c.mark()
    b.page.locator("#asks").get_by_role("button", name="Let it have the seat").tap()
    expect(c.page.locator("#seats button.seat.mine")).to_contain_text("Bob")
    expect(c.page.locator("#entry input[name='heads-seat0']")).to_be_visible()
    c.assert_not_reloaded()
    for phone in (a, b, c):
        phone.check()


def test_a_tab_tapped_as_a_poll_brings_another_phones_round_opens_for_the_next_round(
    phones: Callable[..., Phone],
) -> None:
    """Ann taps "Cards taken" just as Bob's round arrives: the poll that brings it leaves the
    panel alone, so the tab still opens (it did nothing), and as it was drawn before Bob's
    round it is asked for again, for round 2."""
    a, b = phones("A"), phones("B")
    start_match(a, ["Ann", "Bob"])
    join_with_code(b, a)
    claim(b, "Bob")
    tab = HeldAnswer(a, r"/entry\?entry=cards")  # asked for again later: that goes through
    a.page.locator("#entry .tabs").get_by_role("link", name="Cards taken").click()
    tab.wait()
    enter_round(b, [3, 5])
    a.poll_now()
    expect(rows(a)).to_have_count(1)
    tab.give()
    entry = a.page.locator("#entry")
    expect(entry.locator("input[name='cards-seat0']")).to_be_visible()
    expect(entry.locator(".round-label")).to_contain_text("Round 2")
    a.check()
    b.check()
