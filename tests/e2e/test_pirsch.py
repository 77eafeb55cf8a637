"""Auf der Pirsch on two phones: A starts a 3-player match with the trump order and enters all
four rounds (footprints, picked cards, footprints that draw a warning, round 4 with a refusal
first); B, in dark mode, follows every round live and sees the winner. Then four long names on
a 360 px phone, in English and Italian: every name legible, no header cut mid-word."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from companion.rules.pirsch import deck

from .accessibility_helpers import UNLABELLED, bad_ring, describe, focus_rings, readable, run_axe
from .conftest import LiveServer
from .helpers import AXE, Phone, Shots, claim, join_with_code, unavailable
from .test_german import assert_fits

NAMES = ["Ann", "Bob", "Cy"]
# Rulebook example for Ann; the three rows together agree with the provisional table (7 each).
ROUND_1 = [
    {"bear": 5, "wolf": 4, "boar": 3},
    {"bear": 2, "wolf": 3, "boar": 4, "mouflon": 3},
    {"mouflon": 4},
]
ROUND_3 = [{"bear": 3}, {"wolf": 2}, {"boar": 1}]  # far from the table: saved with warnings
ROUND_4 = [
    {"bear": 6, "boar": 3, "mouflon": 3},
    {"bear": 3, "wolf": 6, "mouflon": 3},
    {"wolf": 3, "boar": 6, "mouflon": 3},
]


def save(phone: Phone) -> None:
    """Tap the entry form's save button and wait for the scoreboard to move on."""
    page = phone.page
    version = page.locator("#scoreboard").get_attribute("data-version") or ""
    page.locator("#entry form[data-entry] button[type=submit]").click()
    expect(page.locator("#scoreboard")).not_to_have_attribute("data-version", version)
    phone.check()


def fill_grid(phone: Phone, rows: list[dict[str, int]]) -> None:
    """Type each player's counts into the players × animals grid."""
    for seat, row in enumerate(rows):
        for animal, value in row.items():
            phone.page.locator(f"#entry input[name='counts-s{seat}_{animal}']").fill(str(value))


def audit(phone: Phone, where: str) -> None:
    """axe-core finds nothing, every input is labelled, every focus ring shows (3:1)."""
    if not AXE.exists():
        unavailable(f"axe-core not found at {AXE}: npm install --prefix tests/e2e")
    violations = run_axe(phone, AXE.read_text(encoding="utf-8"))
    unlabelled = phone.page.evaluate(UNLABELLED)
    unfocused = [r for r in focus_rings(phone) if not r["topBar"] and bad_ring(r)]
    assert not violations, f"{where}:\n{readable(violations)}"
    assert not unlabelled, f"{where}: inputs without a label: {unlabelled}"
    assert not unfocused, f"{where}: " + "\n".join(describe(r) for r in unfocused)


def tab(phone: Phone, name: str) -> None:
    """Switch the entry panel to another way of entering."""
    phone.page.locator("#entry nav.tabs").get_by_role("link", name=name).click()
    expect(phone.page.locator("#entry nav.tabs a[aria-current=page]")).to_have_text(name)


def fill_pirsch(phone: Phone) -> Any:
    """The new-match form of Auf der Pirsch filled in: NAMES, trumps bear, wolf, boar, mouflon."""
    page = phone.goto("/new/pirsch")
    for i, name in enumerate(NAMES):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    for n, animal in enumerate(["bear", "wolf", "boar", "mouflon"], start=1):
        page.get_by_label(f"Round {n}", exact=True).select_option(animal)
    return page


def start_pirsch(phone: Phone) -> Any:
    """The filled-in new-match form sent: the sheet, this phone in Ann's seat."""
    page = fill_pirsch(phone)
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    claim(phone, "Ann")
    return page


def test_a_whole_match_of_auf_der_pirsch_on_two_phones(
    phones: Callable[..., Phone], server: LiveServer, shots: Shots
) -> None:
    a = phones("A")
    page = fill_pirsch(a)
    expect(page.locator("#new-match")).to_contain_text("take out the 1, 6 and 12")
    shots(a, "new-match")
    audit(a, "new match form")
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    a.check()
    claim(a, "Ann")

    b = phones("B", color_scheme="dark")
    join_with_code(b, a)
    claim(b, "Bob")
    b.mark()
    board = b.page.locator("#scoreboard")
    expect(board).to_contain_text("take out the 1, 6 and 12 of every animal")
    expect(board).to_contain_text("The player holding the mouflon 10 leads round 1.")
    expect(board).to_contain_text("Next: round 1 of 4 · trump: bear")
    shots(b, "sheet-before-round-1")
    audit(b, "sheet before round 1 (dark)")

    # Round 1 by footprints, with a slip first: refused in place, nothing stored.
    fill_grid(a, ROUND_1)
    a.page.locator("#entry input[name='counts-s1_wolf']").fill("-3")
    a.page.locator("#entry form[data-entry] button[type=submit]").click()
    expect(a.page.locator("#entry .field-error")).to_contain_text("wolf: Between 0 and 36.")
    shots(a, "round-1-refused")
    audit(a, "footprints grid with a refusal")
    a.page.locator("#entry input[name='counts-s1_wolf']").fill("3")
    save(a)
    expect(board).to_contain_text("Ann bear 5 + wolf 4 + boar 3 = 12 × 3 = 36")
    expect(board).to_contain_text("Bob leads: most points so far.")  # 12 × 4 = 48
    expect(board).to_contain_text("Next: round 2 of 4 · trump: wolf")
    expect(board).not_to_contain_text("check the footprints")
    shots(b, "round-1-live")

    # Round 2 by ticking the cards each player captured: a fair deal round the table.
    tab(a, "Pick the cards")
    for index, (animal, value) in enumerate(deck(3)):
        box = a.page.locator(f"#entry input[name='cards-s{index % 3}'][value='{animal}-{value}']")
        box.check()
    shots(a, "round-2-cards-ticked")
    audit(a, "cards picked")
    save(a)
    expect(board).to_contain_text("How round 2 scored · from the cards")
    expect(board).to_contain_text("Next: round 3 of 4 · trump: boar")

    # Round 3: footprints the table cannot explain are saved, with the warnings on the sheet.
    tab(a, "Footprints")
    fill_grid(a, ROUND_3)
    save(a)
    expect(board.locator(".pirsch-warning")).to_contain_text("Round 3: check the footprints.")
    expect(board.locator(".pirsch-warning")).to_contain_text(
        "The bear footprints add up to 3, but every card is captured"
    )
    shots(b, "round-3-warning")

    # Round 4: cards per animal; a count that leaves a card out is refused first.
    expect(a.page.locator("#entry")).to_contain_text("Round 4 of 4: cards of each animal")
    expect(board).to_contain_text("No trick limit.")
    fill_grid(a, ROUND_4)
    a.page.locator("#entry input[name='counts-s2_boar']").fill("5")
    a.page.locator("#entry form[data-entry] button[type=submit]").click()
    expect(a.page.locator("#entry p.error")).to_contain_text(
        "Every card is captured: the boar cards add up to 8, not 9."
    )
    shots(a, "round-4-refused")
    a.page.locator("#entry input[name='counts-s2_boar']").fill("6")
    save(a)

    expect(board).to_contain_text("Match over")
    totals = board.locator("tfoot tr.totals td")
    expect(totals).to_have_count(3)
    scores = [int(totals.nth(i).inner_text()) for i in range(3)]
    best = max(scores)
    winners = [NAMES[i] for i, s in enumerate(scores) if s == best]
    expect(board.locator(".winners")).to_contain_text(", ".join(winners))
    expect(board).to_contain_text("Ann bear 6 × 4 + boar 3 × 3 + mouflon 3 × 2 = 39")
    b.assert_not_reloaded()
    shots(b, "match-over")
    audit(b, "match over (dark)")
    shots(a, "match-over")


LONG_NAMES = ["Margherita", "Bartolomeo", "Giovannella", "Massimiliano"]
SMALL_PHONE = {"viewport": {"width": 360, "height": 740}}
# What the eye sees of the names and headers, measured on the rendered text (a Range's boxes):
# a name must show whole (no box of its text outside its cell: no ellipsis, no clipped line) with
# at least its first five letters on one line; a header word ("cinghiale") must sit on one line,
# inside its cell; the scoreboard must fit its card without scrolling sideways.
LEGIBLE = """
(names) => {
  const out = [];
  const boxes = (node, start, end) => {
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, end);
    return [...range.getClientRects()].filter(b => b.width > 0);
  };
  const lines = rects => new Set(rects.map(b => Math.round(b.top))).size;
  const outside = (rects, cell) => {
    const c = cell.getBoundingClientRect();
    return rects.some(b => b.left < c.left - 1 || b.right > c.right + 1 || b.bottom > c.bottom + 1);
  };
  const texts = selector => [...document.querySelectorAll(selector)].flatMap(cell => {
    const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    const found = [];
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      if (t.data.trim() && !t.parentElement.closest('.visually-hidden')) found.push(t);
    }
    return found;
  });
  const named = texts('#scoreboard thead th, #entry tbody th, #entry legend')
    .filter(t => names.includes(t.data.trim()));
  for (const t of named) {
    const start = t.data.indexOf(t.data.trim());
    const name = t.data.trim();
    const all = boxes(t, start, start + name.length);
    if (!all.length || outside(all, t.parentElement)) out.push(`name cut: ${name}`);
    if (lines(boxes(t, start, start + 5)) > 1) out.push(`name broken in 5 letters: ${name}`);
  }
  const seen = new Set(named.map(t => t.data.trim()));
  for (const name of names) if (!seen.has(name)) out.push(`name not shown: ${name}`);
  const headers = '#entry thead th, #scoreboard thead th:first-child, #scoreboard tbody th, ' +
    '#scoreboard tfoot th';
  for (const t of texts(headers)) {
    for (const m of t.data.matchAll(/\\S+/g)) {
      const word = boxes(t, m.index, m.index + m[0].length);
      if (lines(word) > 1) out.push(`header word broken: ${m[0]}`);
      if (outside(word, t.parentElement.closest('th'))) out.push(`header word sticks out: ${m[0]}`);
    }
  }
  for (const box of document.querySelectorAll('#scoreboard .table-scroll')) {
    if (box.scrollWidth > box.clientWidth) out.push(`scoreboard scrolls: ${box.scrollWidth}px`);
  }
  return out;
}
"""


def assert_legible(phone: Phone, names: list[str], where: str) -> None:
    """Every name whole and legible, no header cut mid-word, nothing wider than the screen."""
    problems = phone.page.evaluate(LEGIBLE, names)
    assert not problems, f"{where}: {problems}"
    assert_fits(phone, where)


@pytest.mark.parametrize("players", [3, 4])
def test_long_names_and_italian_headers_stay_legible_at_360_px(
    phones: Callable[..., Phone], shots: Shots, players: int
) -> None:
    names = LONG_NAMES[:players]
    a = phones("A", **SMALL_PHONE)
    page = a.goto("/new/pirsch")
    for i, name in enumerate(names):
        page.get_by_label(f"Player {i + 1}", exact=True).fill(name)
    page.locator("#new-match input[name$='multiplier'][value='suits']").check()  # 5 columns
    for n, animal in enumerate(["boar", "mouflon", "bear", "wolf"], start=1):
        page.get_by_label(f"Round {n}", exact=True).select_option(animal)
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    a.check()
    sheet = page.url.removeprefix(a.base_url)
    fill_grid(a, [{"bear": 5, "wolf": 4, "boar": 3, "types": 3}] * players)
    save(a)  # a row with the trump under its number, and a star by every leader's name
    for lang in ("en", "it"):
        a.goto(f"/lang/{lang}?next={sheet}")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("#scoreboard")).to_contain_text("36")
        assert_legible(a, names, f"{players} players, {lang}, footprints")
        shots(a, f"{players}-{lang}-footprints")
        tabs = page.locator("#entry nav.tabs a")
        tabs.nth(1).click()
        expect(tabs.nth(1)).to_have_attribute("aria-current", "page")
        assert_legible(a, names, f"{players} players, {lang}, picked cards")
        shots(a, f"{players}-{lang}-cards")
