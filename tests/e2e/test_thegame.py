"""The Game tracked on two phones: A puts cards on the four piles and ends the turn, B (in dark
mode) follows the piles live without reloading, then B declares the team stuck and both phones
show the team's result."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import expect

from .conftest import LiveServer
from .helpers import AXE, Phone, Shots, claim, fill_new_match, join_with_code, unavailable

AXE_RUN = """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
  .flatMap(v => v.nodes.map(n => v.id + " at " + n.target.join(" ") + ": " + n.failureSummary))"""


def axe_clean(phone: Phone) -> None:
    """axe-core finds nothing on this phone's page (contrast in its colour scheme included)."""
    if not AXE.exists():
        unavailable(f"axe-core not found at {AXE}: npm install --prefix tests/e2e")
    page = phone.page
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;typeof window.axe")
    page.evaluate("document.querySelectorAll('#entry details').forEach(d => d.open = true)")
    found = page.evaluate(AXE_RUN)
    assert not found, "\n".join(found)


def put_down(phone: Phone, card: int, pile: int) -> None:
    """Type the card, tap the pile button, and wait for the sheet to move on."""
    page = phone.page
    version = page.locator("#scoreboard").get_attribute("data-version") or ""
    page.locator("#entry input[name='tracker-card']").fill(str(card))
    page.locator(f"#entry button[name='tracker-pile'][value='{pile}']").click()
    expect(page.locator("#scoreboard")).not_to_have_attribute("data-version", version)
    phone.check()


def tops(phone: Phone) -> object:
    """The top cards of the four piles on the scoreboard."""
    return phone.page.locator("#scoreboard .tg-pile .tg-top")


def test_a_tracked_game_on_two_phones(
    phones: Callable[..., Phone], server: LiveServer, shots: Shots
) -> None:
    a = phones("A")
    page = a.goto("/new/thegame")
    fill_new_match(a, ["Ann", "Bob"])
    page.get_by_label("On Fire", exact=False).check()
    shots(a, "new-match-form")
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    claim(a, "Ann")

    b = phones("B", color_scheme="dark")
    join_with_code(b, a)
    claim(b, "Bob")
    b.mark()
    expect(b.page.locator("#scoreboard")).to_contain_text("Ann's turn", use_inner_text=True)
    expect(b.page.locator("#scoreboard")).not_to_contain_text("Your turn", use_inner_text=True)
    expect(b.page.locator("#entry details.tg-proxy")).not_to_have_attribute("open", "")

    # B's claim changed the sheet: A starts from a fresh page, so no refresh races the typing.
    a.reload()
    # Enter on the keyboard never puts a card down: it asks for the pile.
    a.page.locator("#entry input[name='tracker-card']").fill("30")
    a.page.locator("#entry input[name='tracker-card']").press("Enter")
    expect(a.page.locator("#entry")).to_contain_text("Tap the pile the card goes on.")
    put_down(a, 30, 0)
    put_down(a, 33, 1)  # a fire card
    expect(b.page.locator("#scoreboard")).to_contain_text("Fire card 33 on rising pile 2")

    # An illegal play comes back with the rule's reason, the number still typed.
    a.page.locator("#entry input[name='tracker-card']").fill("25")
    a.page.locator("#entry button[name='tracker-pile'][value='0']").click()
    expect(a.page.locator("#entry .error")).to_contain_text(
        "On a rising pile a card must be higher than 30, or exactly 10 lower."
    )
    expect(a.page.locator("#entry input[name='tracker-card']")).to_have_value("25")
    shots(a, "illegal-play-refused")
    axe_clean(a)

    put_down(a, 20, 0)  # the backward move: exactly 10 lower
    put_down(a, 35, 1)  # covers the fire card
    put_down(a, 60, 2)
    put_down(a, 70, 3)
    expect(tops(b)).to_have_text(["20", "35", "60", "70"])
    shots(a, "ann-played-six-cards")
    shots(b, "bob-follows-the-piles")

    a.page.get_by_role("button", name="End Ann's turn: Bob plays next").click()
    expect(a.page.locator("#scoreboard")).to_contain_text("Bob's turn", use_inner_text=True)
    expect(a.page.locator("#scoreboard")).not_to_contain_text("Your turn", use_inner_text=True)
    expect(b.page.locator("#scoreboard")).to_contain_text("Your turn, Bob", use_inner_text=True)
    expect(b.page.locator("#scoreboard")).not_to_contain_text("Bob's turn", use_inner_text=True)
    expect(b.page.locator("#entry input[name='tracker-card']")).to_be_visible()
    b.assert_not_reloaded()
    shots(b, "bobs-turn")

    stuck = b.page.locator("#entry details.tg-stuck")
    stuck.locator("summary").click()
    expect(stuck).to_contain_text("the game ends with 92 cards left")
    shots(b, "stuck-confirmation")
    axe_clean(b)
    stuck.get_by_role("button", name="Yes, we are stuck: end the game").click()
    expect(b.page.locator("#scoreboard .outcome")).to_contain_text("92")
    expect(b.page.locator("#scoreboard .outcome")).to_contain_text("cards left")
    expect(a.page.locator("#scoreboard .outcome")).to_contain_text(
        "Bob could not play the minimum."
    )
    expect(a.page.locator("#scoreboard")).to_contain_text("Your first game of The Game")
    b.assert_not_reloaded()
    # A's pristine tracker form follows the sheet: no form is left once the match is over.
    expect(a.page.locator("#entry form")).to_have_count(0)
    expect(b.page.locator("#entry form")).to_have_count(0)
    shots(a, "the-end-on-anns-phone")
    shots(b, "the-end-on-bobs-phone")
    axe_clean(b)


def test_results_alone_are_rated_and_compared(
    phones: Callable[..., Phone], server: LiveServer, shots: Shots
) -> None:
    a = phones("A")
    page = a.goto("/new/thegame")
    fill_new_match(a, ["Ann", "Bob", "Cy"])
    page.get_by_role("radio", name="Professional: at least 3 cards a turn").check()
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    page.locator("#entry .tabs").get_by_role("link", name="Result only").click()
    page.get_by_label("Cards left at the end", exact=False).fill("96")
    page.locator("#entry form[data-entry] button[type=submit]").click()
    expect(page.locator("#entry .field-error")).to_contain_text(
        "From 0 to 95: the first turn always puts down at least 3 cards."
    )
    page.get_by_label("Cards left at the end", exact=False).fill("7")
    shots(a, "result-only-form")
    page.locator("#entry form[data-entry] button[type=submit]").click()
    expect(page.locator("#scoreboard .outcome")).to_contain_text("Excellent!")
    page.get_by_role("button", name="Rematch").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    page.locator("#entry .tabs").get_by_role("link", name="Result only").click()
    page.get_by_label("Cards left at the end", exact=False).fill("0")
    page.locator("#entry form[data-entry] button[type=submit]").click()
    outcome = page.locator("#scoreboard .outcome")
    expect(outcome).to_contain_text("You beat the game!")
    expect(page.locator("#scoreboard .tg-record")).to_contain_text("A new team record!")
    expect(page.locator("#scoreboard .tg-record")).to_contain_text("The best before was 7")
    a.check()
    shots(a, "beaten-with-the-record")
    axe_clean(a)


ONE_LINE = """els => els.map(el => {
    const style = getComputedStyle(el);
    const lines = el.getBoundingClientRect().height / parseFloat(style.lineHeight);
    return [el.textContent.trim(), Math.round(lines * 10) / 10, el.scrollWidth <= el.clientWidth];
})"""


def test_every_pile_top_fits_on_one_line_at_360_px(phones: Callable[..., Phone]) -> None:
    a = phones("A", viewport={"width": 360, "height": 740})
    page = a.goto("/new/thegame")
    fill_new_match(a, ["Ann", "Bob", "Cy", "Dee"])
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    claim(a, "Ann")
    shown = page.locator(".tg-top").evaluate_all(ONE_LINE)
    assert [text for text, _, _ in shown] == ["1", "1", "100", "100"] * 2  # scoreboard, buttons
    assert all(lines == 1 and fits for _, lines, fits in shown), shown
