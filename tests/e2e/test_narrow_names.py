"""Names on a 320 px phone in Italian: the new-match form leaves the name box room to show a
name beside "questo telefono" (and each trump box room for its animal), and five ordinary names
head a 6 nimmt! scoreboard whole, each on one line, instead of being cut mid-word ("Marc-o")."""

from __future__ import annotations

import re
from collections.abc import Callable

from .helpers import Phone, Shots, claim, expect

ITALIAN_320 = {"locale": "it-IT", "viewport": {"width": 320, "height": 640}}
NAMES = ["Anna", "Luca", "Marco", "Sara", "Paolo"]
LINES = """els => els.map(el => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const boxes = [...range.getClientRects()].filter(r => r.width > 0);
    const tops = new Set(boxes.map(r => Math.round(r.top)));
    return [el.textContent.trim(), tops.size];
})"""


def test_the_name_box_keeps_most_of_the_line_beside_this_phone(
    phones: Callable[..., Phone], shots: Shots
) -> None:
    a = phones("A", **ITALIAN_320)
    page = a.goto("/new/sixnimmt")
    expect(page.get_by_label("Giocatore 1", exact=True)).to_be_visible()
    page.get_by_label("Giocatore 1", exact=True).fill("Massimiliano")
    line = page.locator(".player-line").first.bounding_box()
    box = page.get_by_label("Giocatore 1", exact=True).bounding_box()
    assert line and box
    assert box["width"] >= 0.55 * line["width"], (box, line)  # was a quarter: "Mas" showed
    beside = page.locator(".player-line .me-radio span").first
    assert beside.evaluate_all(LINES) == [["questo telefono", 2]]  # a word a line, not a letter
    a.check()
    shots(a, "nuova-partita-320")


def test_five_ordinary_names_head_the_scoreboard_whole_at_320_px(
    phones: Callable[..., Phone], shots: Shots
) -> None:
    a = phones("A", **ITALIAN_320)
    page = a.goto("/new/sixnimmt")
    for i, name in enumerate(NAMES):
        page.get_by_label(f"Giocatore {i + 1}", exact=True).fill(name)
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    claim(a, "Anna")
    heads = page.locator("#scoreboard thead th[data-seat]")
    expect(heads).to_have_text(NAMES)
    assert heads.evaluate_all(LINES) == [[name, 1] for name in NAMES]
    a.check()
    shots(a, "cinque-nomi-320")


FITS = """sel => {
    const style = getComputedStyle(sel);
    const ctx = document.createElement("canvas").getContext("2d");
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const widest = Math.max(...[...sel.options].map(o => ctx.measureText(o.text).width));
    const arrow = 24;  // Chromium draws the select's own arrow inside the padding box
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const room = sel.clientWidth - padding - arrow;
    return [Math.round(widest), Math.round(room)];
}"""


def test_every_trump_animal_shows_whole_in_its_box_at_320_px(
    phones: Callable[..., Phone], shots: Shots
) -> None:
    a = phones("A", **ITALIAN_320)
    page = a.goto("/new/pirsch")
    for n in range(1, 5):
        box = page.get_by_label(f"Turno {n}", exact=True)
        expect(box).to_be_visible()
        widest, room = box.evaluate(FITS)
        assert widest <= room, (n, widest, room)  # was 2 a line: "nessun" and "muflo" cut
    a.check()
    shots(a, "briscole-320")


def test_the_cards_to_tick_in_pirsch_fit_a_320_px_phone(
    phones: Callable[..., Phone], shots: Shots
) -> None:
    a = phones("A", **ITALIAN_320)
    page = a.goto("/new/pirsch")
    for i, name in enumerate(NAMES[:3]):
        page.get_by_label(f"Giocatore {i + 1}", exact=True).fill(name)
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    a.goto(page.url + "?entry=cards")
    cards = page.locator("#entry .pirsch-pick-card > span")
    expect(cards.first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 320  # was 337: sideways
    sizes = cards.evaluate_all("els => els.map(e => [e.offsetWidth, e.offsetHeight])")
    assert min(w for w, _ in sizes) >= 32 and min(h for _, h in sizes) >= 44, sizes[:6]
    a.check()
    shots(a, "carte-320")
