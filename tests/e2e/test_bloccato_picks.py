"""Bloccato e pelato: dice tapped in the turn form are a choice half made. Another phone's
change (a seat claimed) never wipes them, a reload of the page gives them back, and once the
throw is saved they are forgotten: the next throw starts from what the server says."""

from __future__ import annotations

import re
from collections.abc import Callable

from .helpers import Phone, Shots, expect, fill_new_match, join_with_code

KEPT = "companion.picks:"
"""The start of the sessionStorage key the page keeps the tapped dice under."""


def ticked(phone: Phone) -> list[bool]:
    """Which keep boxes of the turn form are ticked, die by die."""
    boxes = phone.page.locator("#entry .bl-keep-die input[type=checkbox]")
    expect(boxes).to_have_count(5)
    return list(boxes.evaluate_all("boxes => boxes.map(b => b.checked)"))


def kept_in_session(phone: Phone) -> bool:
    """Whether the page keeps tapped dice for this sheet in sessionStorage."""
    return bool(
        phone.page.evaluate("p => Object.keys(sessionStorage).some(k => k.startsWith(p))", KEPT)
    )


def start_rolling(phone: Phone) -> None:
    """Ann and Bob on a fresh sheet, Ann starting; Ann throws in the app."""
    page = phone.goto("/new/bloccato")
    fill_new_match(phone, ["Ann", "Bob"])
    page.get_by_role("radio", name="Player 1 (crosses ✕)").check()
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    page.locator("#entry button[value=throw]").tap()
    expect(page.locator("#entry label.bl-keep-die")).to_have_count(5)


def test_dice_tapped_to_keep_outlive_an_update_and_a_reload(
    phones: Callable[..., Phone],
) -> None:
    a = phones("A")
    start_rolling(a)
    keep = a.page.locator("#entry label.bl-keep-die")
    keep.nth(0).tap()
    keep.nth(3).tap()
    assert ticked(a) == [True, False, False, True, False]

    b = phones("B")  # another phone joins and claims Bob: the sheet moves on under Ann's taps
    join_with_code(b, a)
    version = a.page.locator("#scoreboard").get_attribute("data-version") or ""
    b.page.locator("#seats").get_by_role("button", name="I am Bob").tap()
    expect(a.page.locator("#scoreboard")).not_to_have_attribute("data-version", version)
    expect(a.page.locator("#seats")).to_contain_text("Bob")
    assert ticked(a) == [True, False, False, True, False]

    a.reload()
    assert ticked(a) == [True, False, False, True, False]
    a.check()


def test_tapped_dice_are_forgotten_once_the_throw_is_saved(phones: Callable[..., Phone]) -> None:
    a = phones("A")
    start_rolling(a)
    a.page.locator("#entry label.bl-keep-die").nth(1).tap()
    assert kept_in_session(a)
    a.page.locator("#entry button[value=throw]").tap()
    expect(a.page.locator("#entry legend")).to_contain_text("Throw 2 of 3")
    assert not kept_in_session(a)
    a.reload()
    assert ticked(a) == [False, True, False, False, False]  # as the server keeps it
    a.check()


def test_faces_tapped_for_real_dice_outlive_a_reload(phones: Callable[..., Phone]) -> None:
    a = phones("A")
    page = a.goto("/new/bloccato")
    fill_new_match(a, ["Ann", "Bob"])
    page.get_by_role("radio", name="Player 1 (crosses ✕)").check()
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    for die, face in enumerate("44C"):
        page.locator(f"#entry label.bl-face:has(input[name='turn-die{die}'][value='{face}'])").tap()
    a.reload()
    for die, face in enumerate("44C"):
        expect(page.locator(f"#entry input[name='turn-die{die}'][value='{face}']")).to_be_checked()
    expect(page.locator("#entry input[name='turn-die3']:checked")).to_have_count(0)
    a.check()


def test_the_third_throw_brought_back_shows_the_dice_plain(
    phones: Callable[..., Phone], shots: Shots
) -> None:
    """The third throw of a roll undone is the dice, with no throw left to keep any for: they
    are not offered to tap, and nothing of them is kept for a reload."""
    a = phones("A", viewport={"width": 360, "height": 740})
    start_rolling(a)
    a.page.locator("#entry button[value=throw]").tap()
    expect(a.page.locator("#entry legend")).to_contain_text("Throw 2 of 3")
    a.page.locator("#entry button[value=throw]").tap()  # the third: the roll is stored
    expect(a.page.locator("#log-entries > li").first).to_contain_text("in the app (throws:")
    a.page.locator("#log-entries > li").first.locator(".line-undo button").tap()
    panel = a.page.locator("#entry")
    expect(panel).to_contain_text("Throw 3 of 3: no throw left, these are your dice")
    expect(panel.locator("input[type=checkbox]")).to_have_count(0)
    expect(panel.locator(".bl-thrown .bl-die")).to_have_count(5)
    expect(panel).not_to_contain_text("kept")
    expect(panel.locator("button[value=use]")).to_be_visible()
    shots(a, "third-throw-plain")
    a.page.locator("#entry .bl-thrown .bl-die").first.tap()
    assert not kept_in_session(a)
    a.check()
