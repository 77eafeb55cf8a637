"""Bloccato e pelato on two phones: Ann types in a paper sheet and taps her dice, Bob (in dark
mode) rolls in the app; each phone sees the other's marks appear, until Ann joins her crosses."""

from __future__ import annotations

import re
from collections.abc import Callable

from .conftest import LiveServer
from .helpers import AXE, Phone, Shots, claim, expect, fill_new_match, join_with_code

PAPER = ["3X1C5X2", "24C3142", "C5213C4", "4C5X3O1", "1342C5C", "O21C34C", "5C41O23"]
"""Crosses at (0,1) (0,5) (3,3): marking (1,2) cow, (2,3) 1 and (1,4) 1 joins them."""
ANNS = {"1,2", "2,3", "1,4"}
"""The cells Ann's winning chain needs (Bob's random marks keep off them)."""


RUN_AXE = """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
  .map(v => `${v.id}: ${v.nodes.map(n => n.target.join(" ")).join(", ")}`)"""


def accessible(phone: Phone) -> None:
    """axe-core finds no violation (AA contrast included) on what the phone shows now."""
    if not AXE.exists():  # the accessibility tour reports a missing axe-core; the game goes on
        return
    if not phone.page.evaluate("typeof window.axe === 'object'"):
        phone.page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")
    assert phone.page.evaluate(RUN_AXE) == [], phone.name


def cell(phone: Phone, row: int, col: int) -> object:
    """One cell of the grid (row and column counted from 0)."""
    return phone.page.locator("#scoreboard .bl-grid > li").nth(row * 7 + col)


def tap_dice(phone: Phone, dice: str) -> None:
    """Tap the five faces in the turn panel and save them; wait for the sheet to take them."""
    page = phone.page
    version = page.locator("#scoreboard").get_attribute("data-version") or ""
    for die, face in enumerate(dice):
        page.locator(f"#entry label.bl-face:has(input[name='turn-die{die}'][value='{face}'])").tap()
    page.locator("#entry button[value=roll]").tap()
    expect(page.locator("#scoreboard")).not_to_have_attribute("data-version", version)
    phone.check()


def tap_cell(phone: Phone, row: int, col: int) -> None:
    """Tap a highlighted cell to mark it."""
    page = phone.page
    page.locator(f"#scoreboard button[name=turn-cell][value='{row},{col}']").tap()
    expect(cell(phone, row, col)).to_have_class(re.compile(r"\bis-latest\b"))
    phone.check()


def tap_pass(phone: Phone) -> None:
    """Tap "Pass" and wait until the turn has moved on."""
    page = phone.page
    version = page.locator("#scoreboard").get_attribute("data-version") or ""
    page.locator("#entry button[value=pass]").tap()
    expect(page.locator("#scoreboard")).not_to_have_attribute("data-version", version)
    phone.check()


def finish_bobs_turn(b: Phone, shots: Shots) -> None:
    """Whatever Bob's thrown dice allow: mark a cell off Ann's path, or pass, until Ann plays."""
    page = b.page
    for _ in range(6):
        if "Waiting for Ann" in (page.locator("#entry").text_content() or ""):
            return
        buttons = page.locator("#scoreboard button[name=turn-cell]")
        free = [v for v in buttons.evaluate_all("bs => bs.map(b => b.value)") if v not in ANNS]
        if free:
            shots(b, "bob-may-mark")
            row, col = map(int, free[-1].split(","))
            tap_cell(b, row, col)
        else:
            tap_pass(b)
    raise AssertionError("Bob's turn did not end")


def test_two_phones_play_bloccato_to_the_end(
    phones: Callable[..., Phone], server: LiveServer, shots: Shots
) -> None:
    a = phones("A")
    page = a.goto("/new/bloccato")
    fill_new_match(a, ["Ann", "Bob"])
    expect(page.get_by_label("Player 3", exact=True)).to_be_hidden()  # two players only
    page.get_by_role("radio", name="Player 1 (crosses ✕)").check()
    page.get_by_role("radio", name="Type in a sheet from a paper pad").check()
    page.get_by_label("The sheet from the pad", exact=False).fill("\n".join(PAPER))
    shots(a, "new-match-typed-sheet")
    accessible(a)
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    claim(a, "Ann")

    b = phones("B", color_scheme="dark")
    join_with_code(b, a)
    claim(b, "Bob")
    b.mark()
    expect(b.page.locator("#entry")).to_contain_text("Waiting for Ann (crosses) to play.")
    shots(b, "waiting-for-ann")

    # Ann taps the dice she rolled: three 4s; the free 4s light up on her phone only.
    tap_dice(a, "444C1")
    expect(a.page.locator("#scoreboard")).to_contain_text("Three 4s: mark a free 4.")
    expect(a.page.locator("#scoreboard button[name=turn-cell]")).to_have_count(7)
    shots(a, "ann-may-mark-a-4")
    accessible(a)
    tap_cell(a, 1, 1)
    expect(cell(b, 1, 1)).to_have_class(re.compile(r"\bhas-X\b"))  # by the poll, no reload
    b.assert_not_reloaded()
    # Only the newest entry can be undone: the mark, added on top by the poll, takes the Undo
    # from the roll before it.
    lines = b.page.locator("#log-entries > li")
    expect(lines.first).to_contain_text("Marked row 2, column 2")
    expect(lines.first.locator(".line-undo").first).to_be_visible()
    expect(lines.nth(1).locator(".line-undo").first).to_be_hidden()

    # Bob rolls in the app: keeps the first die, throws the others, then uses the dice.
    expect(b.page.locator("#entry button[value=throw]")).to_be_visible()
    b.page.locator("#entry button[value=throw]").tap()
    keep = b.page.locator("#entry label.bl-keep-die")
    expect(keep).to_have_count(5)
    expect(a.page.locator("#scoreboard")).to_contain_text(
        "Bob is rolling in the app: throw 1 of 3."
    )
    # Ann sees the very dice Bob threw, face by face, while he decides what to keep.
    thrown = b.page.locator("#scoreboard .bl-rolling .bl-dice").get_attribute("aria-label")
    assert thrown and thrown.startswith("Throw 1:")
    expect(a.page.locator("#scoreboard .bl-rolling .bl-dice")).to_have_attribute(
        "aria-label", thrown
    )
    expect(a.page.locator("#scoreboard .bl-rolling .bl-die")).to_have_count(5)
    shots(a, "ann-sees-bobs-throw")
    keep.first.tap()
    expect(keep.first.locator("input")).to_be_checked()
    shots(b, "bob-keeps-a-die")
    accessible(b)
    b.page.locator("#entry button[value=throw]").tap()
    expect(b.page.locator("#entry")).to_contain_text("Throw 2 of 3")
    expect(keep.first.locator("input")).to_be_checked()  # still kept after the throw
    b.page.locator("#entry button[value=use]").tap()
    expect(b.page.locator("#entry label.bl-keep-die")).to_have_count(0)
    b.check()
    finish_bobs_turn(b, shots)
    expect(a.page.locator("#entry")).to_contain_text("Ann's turn (crosses)")
    expect(a.page.locator("#log")).to_contain_text("in the app (throws:")

    # Ann joins her three crosses: a cow, then two 1s; Bob passes in between.
    for (row, col), dice in (((1, 2), "CC123"), ((2, 3), "1114C"), ((1, 4), "1112C")):
        expect(a.page.locator("#entry")).to_contain_text("Ann's turn (crosses)")
        tap_dice(a, dice)
        tap_cell(a, row, col)
        expect(cell(b, row, col)).to_have_class(re.compile(r"\bhas-X\b"))
        if (row, col) != (1, 4):
            expect(b.page.locator("#entry button[value=pass]")).to_be_visible()
            tap_pass(b)
    for phone in (a, b):
        expect(phone.page.locator("#scoreboard")).to_contain_text(
            "Ann joined the three start cells and wins."
        )
        expect(phone.page.locator("#scoreboard .bl-grid > li.is-win")).to_have_count(6)
    b.assert_not_reloaded()
    shots(a, "ann-wins")
    shots(b, "ann-wins-on-bobs-phone")
    accessible(b)


def test_the_whole_board_fits_a_tv_screen(phones: Callable[..., Phone], shots: Shots) -> None:
    a = phones("A", viewport={"width": 360, "height": 740})
    page = a.goto("/new/bloccato")
    fill_new_match(a, ["Anna", "Bruno"])
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    link = page.locator("#invite a[href*='/v/']").first.get_attribute("href")
    assert link
    for width, height in ((1280, 720), (1920, 1080)):
        tv = phones(f"TV{width}", viewport={"width": width, "height": height}, is_mobile=False,
                    has_touch=False, device_scale_factor=1)  # fmt: skip
        tv.page.goto(link)
        board = tv.page.locator(".tv-game .bl-grid")
        expect(board.locator(".bl-cell")).to_have_count(49)
        box = board.bounding_box()
        assert box and box["y"] + box["height"] <= height, (width, box)  # a TV cannot scroll
        tv.check()
        shots(tv, f"tv-{width}", full_page=False)


def test_each_dice_face_is_a_full_tap_target_at_360_px(phones: Callable[..., Phone]) -> None:
    """Six faces and the die's number to a row: each face at least 44 px wide and tall; rolled
    in the app, "tenuto" stands whole under a kept die."""
    a = phones("A", locale="it-IT", viewport={"width": 360, "height": 740})
    page = a.goto("/new/bloccato")
    page.get_by_label("Giocatore 1", exact=True).fill("Anna")
    page.get_by_label("Giocatore 2", exact=True).fill("Bruno")
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    faces = page.locator("#entry .bl-face .bl-die")
    expect(faces).to_have_count(30)
    sizes = faces.evaluate_all("els => els.map(e => [e.offsetWidth, e.offsetHeight])")
    assert min(w for w, _ in sizes) >= 44 and min(h for _, h in sizes) >= 44, sizes[:6]
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.locator("#entry button[value=throw]").tap()  # rolled in the app: "kept" under a die
    tags = page.locator("#entry .bl-keep-tag")
    expect(tags).to_have_count(5)
    lines = tags.evaluate_all(
        "els => els.map(e => e.offsetHeight / parseFloat(getComputedStyle(e).lineHeight))"
    )
    assert all(n < 1.5 for n in lines), f"the tags take {lines} lines"
    a.check()
