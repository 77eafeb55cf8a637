"""Three phones and a TV: a held seat is asked for and kept, a conflict keeps what was typed,
the TV survives a new code and reads at 1920 px, every phone hears of the rematch and the TV
follows the table to it."""

from __future__ import annotations

import re
from collections.abc import Callable

from .conftest import LiveServer
from .helpers import (
    Phone,
    Shots,
    claim,
    enter_round,
    expect,
    fill_new_match,
    heads_box,
    join_with_code,
    match_id,
    mine,
    open_all_details,
    start_match,
)

NARROW = {"viewport": {"width": 360, "height": 800}}
TV = {"viewport": {"width": 1920, "height": 1080}, "is_mobile": False, "has_touch": False,
      "device_scale_factor": 1}  # fmt: skip


def fits(phone: Phone) -> None:
    """Nothing makes the page wider than the phone (no sideways scrolling)."""
    width = phone.page.evaluate("document.documentElement.scrollWidth")
    culprits = phone.page.evaluate(WIDER)
    assert width <= phone.page.viewport_size["width"], f"{phone.name}: {width}px wide: {culprits}"  # type: ignore[index]


WIDER = """Array.from(document.querySelectorAll('body *'))
  .filter(e => !e.closest('.table-scroll') &&
    e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
  .slice(0, 6).map(e => e.tagName + '.' + e.className + '#' + e.id + ' ' +
    Math.round(e.getBoundingClientRect().right))"""


def axe_clean(phone: Phone) -> None:
    """No accessibility violation on the page as it is now (axe-core, when installed)."""
    from .accessibility_helpers import readable, run_axe
    from .helpers import AXE

    if not AXE.exists():
        return
    violations = run_axe(phone, AXE.read_text())
    assert not violations, readable(violations)


def test_seats_conflicts_tv_and_rematch_at_the_table(
    phones: Callable[..., Phone], server: LiveServer, shots: Shots
) -> None:
    a, b, c = phones("A", **NARROW), phones("B", **NARROW), phones("C", **NARROW)
    long_name = "Bartholomew-Maximilian Featherstonehaugh"
    start_match(a, ["Ann", long_name[:40], "Cy"], rounds=3, shots=shots)
    expect(mine(a)).to_contain_text("Ann")  # the form seated the host's phone
    fits(a)
    shots(a, "host-seated")
    join_with_code(b, a)
    b.page.locator("#seats").get_by_role("button", name="I am Bartholomew").tap()
    expect(mine(b)).to_contain_text("Bartholomew")
    join_with_code(c, a)

    # C taps Bob's seat: it only asks; B's phone is told and keeps it.
    c.page.locator("#seats").get_by_role("button", name="I am Bartholomew").tap()
    expect(c.page.locator("#seats .notice")).to_contain_text("Asked")
    expect(b.page.locator("#asks")).to_contain_text("asks to be Bartholomew")
    fits(b)
    shots(b, "asked-for-my-seat")
    axe_clean(b)
    b.page.locator("#asks").get_by_role("button", name="Keep my seat").tap()
    expect(b.page.locator("#asks")).to_be_empty()
    expect(mine(b)).to_contain_text("Bartholomew")
    expect(c.page.locator("#seats .notice")).to_have_text(
        re.compile("Your request for Bartholomew.*'s seat was turned down.")
    )
    claim(c, "Cy")
    expect(c.page.locator("#seats .notice")).to_have_count(0)
    # Tapping your own seat keeps it (a plain form: B's sheet loads again before B types).
    with b.page.expect_navigation():
        mine(b).tap()
    expect(mine(b)).to_contain_text("Bartholomew")

    # The TV, at 1920 px, keeps working after a new code.
    tv = phones("TV", **TV)
    a.page.locator("#invite summary").first.tap() if not a.page.locator(
        "#invite details[open]"
    ).count() else None
    link = a.page.locator("#invite a[href*='/v/']").get_attribute("href")
    assert link
    tv.goto(link)
    a.page.evaluate("document.querySelectorAll('#host details').forEach(d => d.open = true)")
    with a.page.expect_navigation():
        a.page.get_by_role("button", name="New code (the old one stops working)").tap()

    # B and C type the same round; B sends first: C is told its round 1 was not saved, with
    # its values, and round 2's form comes back empty.
    heads_box(b, 0).fill("3")
    heads_box(b, 1).fill("7")
    heads_box(b, 2).fill("1")
    heads_box(c, 0).fill("4")
    heads_box(c, 1).fill("8")
    heads_box(c, 2).fill("2")
    b.page.locator("#entry button[type=submit]").click()
    expect(b.page.locator("#log")).to_contain_text("phone")
    c.page.locator("#entry button[type=submit]").click()
    expect(c.page.locator("#entry .notice")).to_contain_text("so your round 1 was not saved")
    expect(c.page.locator("#entry .notice [data-typed]")).to_contain_text("8")
    expect(heads_box(c, 1)).to_have_value("")
    fits(c)
    shots(c, "conflict-names-the-round")
    expect(tv.page.locator(".tv-totals")).to_contain_text("7")
    expect(tv.page.locator(".tv-leader")).to_contain_text("Cy")
    size = tv.page.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('.tv-total')).fontSize)"
    )
    assert size >= 60, f"totals at {size}px do not read across a room"
    shots(tv, "tv-1920", full_page=False)
    axe_clean(tv)

    # C enters its values again, as round 2 this time; the log names each phone.
    for seat, value in enumerate((4, 8, 2)):
        heads_box(c, seat).fill(str(value))
    c.page.locator("#entry button[type=submit]").click()
    expect(a.page.locator("#log")).to_contain_text("from Cy's phone")
    expect(a.page.locator("#log")).to_contain_text("from Bartholomew")
    # A's untouched form follows the sheet to round 3 before A types into it.
    expect(a.page.locator("#entry")).to_contain_text("Round 3")
    enter = a.page.locator("#entry button[type=submit]")
    for seat, value in enumerate((0, 1, 0)):
        heads_box(a, seat).fill(str(value))
    enter.click()
    expect(a.page.locator("#scoreboard .outcome")).to_contain_text("Match over")
    expect(c.page.locator("#scoreboard .outcome")).to_contain_text("Match over")
    c.mark()
    a.page.locator("#scoreboard").get_by_role("button", name="Rematch").tap()
    a.page.wait_for_url("**/m/*")
    for phone in (b, c):
        expect(phone.page.locator("#scoreboard")).to_contain_text("The rematch has started")
    c.assert_not_reloaded()
    shots(c, "rematch-announced")
    # The TV follows the table to the rematch, on the new match's own link.
    tv.page.wait_for_url(re.compile(rf"/v/{match_id(a)}/"))
    expect(tv.page.locator("#scoreboard")).to_contain_text("No rounds yet")


def test_five_players_fit_a_360_px_phone(phones: Callable[..., Phone], shots: Shots) -> None:
    from .helpers import fill_new_match
    from .nuota_helpers import save_totals

    a = phones("A", **NARROW)
    page = a.goto("/new/nuota")
    fill_new_match(a, ["Annabella", "Bartholomew", "Cyrillus", "Desdemona", "Evangeline"])
    first = page.get_by_label("Who starts the first round")
    expect(first.locator("option").nth(2)).to_have_text("Cyrillus")
    first.select_option(label="Cyrillus")
    fits(a)
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url("**/m/*")
    save_totals(a, [20, 15, 10, 5, 0])
    page.locator("#entry .tabs").get_by_role("link", name="Hands").click()
    expect(page.locator("#scoreboard [aria-label*='player by player']")).to_have_count(1)
    fits(a)
    shots(a, "five-players-360")
    a.page.set_viewport_size({"width": 1920, "height": 1080})
    fits(a)
    shots(a, "five-players-1920", full_page=False)


def test_the_tv_of_a_new_match_does_not_ask_for_a_round_below(
    phones: Callable[..., Phone],
) -> None:
    a = phones("A", **NARROW)
    start_match(a, ["Ann", "Bob"])
    empty = a.page.locator("#scoreboard .empty")
    shown = "No rounds yet. Enter the first round below when it ends."
    expect(empty).to_have_text(shown, use_inner_text=True)
    link = a.page.locator("#invite a[href*='/v/']").first.get_attribute("href")
    assert link
    tv = phones("TV", **TV)
    tv.page.goto(link)
    on_tv = tv.page.locator("#scoreboard .empty")
    expect(on_tv).to_have_text("No rounds yet.", use_inner_text=True)  # nothing to enter there
    tv.check()


LONG_NAMES = ["Alessandra", "Bartolomeo", "Cristina", "Donatella", "Emanuele", "Federica",
              "Gianluca", "Ilaria", "Leonardo", "Massimiliano"]  # fmt: skip
CUT_HEADERS = """Array.from(document.querySelectorAll('.tv-game .score thead th:not(:first-child)'))
  .filter(th => th.scrollWidth > th.clientWidth + 1 || th.scrollHeight > th.clientHeight + 1)
  .map(th => th.textContent.trim())"""

MIDDLES = """Array.from(document.querySelectorAll('.tv-totals li')).map(li => [
  li.querySelector('.tv-name'), li.querySelector('.tv-total')].map(e => {
    const box = e.getBoundingClientRect(); return box.top + box.height / 2; }))"""


def test_ten_players_names_read_whole_on_a_720p_tv(
    phones: Callable[..., Phone], shots: Shots
) -> None:
    """Ten columns leave each name about 60 px across: on the TV they stand upright, whole;
    beside the totals, each name sits level with its number."""
    a = phones("A", **NARROW)
    page = a.goto("/new/sixnimmt")
    open_all_details(a)
    fill_new_match(a, LONG_NAMES)
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    enter_round(a, [n % 7 for n in range(10)])
    link = a.page.locator("#invite a[href*='/v/']").first.get_attribute("href")
    assert link
    tv = phones("TV", **{**TV, "viewport": {"width": 1280, "height": 720}})
    tv.page.goto(link)
    expect(tv.page.locator(".tv-game .score tbody")).to_contain_text("6")
    headers = tv.page.locator(".tv-game .score thead th:not(:first-child)")
    expect(headers).to_have_count(10)
    assert tv.page.evaluate(CUT_HEADERS) == []
    middles = tv.page.evaluate(MIDDLES)  # each name level with its big number, not below it
    assert all(abs(name - total) <= 2 for name, total in middles), middles
    shots(tv, "ten-players-720p", full_page=False)
    tv.check()
