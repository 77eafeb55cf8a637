"""A German phone at 360 px: every game's sheet in German, nothing wider than the screen.

German words are long ("Hornochsen-Grenze", "Nachziehstapel"): each sheet is opened with every
<details> open, screenshotted and measured, so a label that pushes the page sideways fails here.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from .conftest import LiveServer
from .helpers import Phone, Shots, enter_round, expect, mine, open_all_details

GERMAN_PHONE = {"locale": "de-DE", "viewport": {"width": 360, "height": 780}}
# Elements wider than the screen: the page itself, or anything sticking out past its right edge
# that is not inside a box meant to scroll sideways.
OVERFLOW = """
() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.right <= width + 1) continue;
    let scroller = el.parentElement, inside = false;
    while (scroller && scroller !== document.body) {
      const x = getComputedStyle(scroller).overflowX;
      if (x === 'auto' || x === 'scroll' || x === 'hidden') { inside = true; break; }
      scroller = scroller.parentElement;
    }
    if (!inside) out.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
      (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : '') +
      ' ' + Math.round(box.right) + 'px: ' + (el.textContent || '').trim().slice(0, 40));
  }
  return {page: document.documentElement.scrollWidth, width: width, out: out.slice(0, 8)};
}
"""


def assert_fits(phone: Phone, where: str) -> None:
    """Nothing on the page is wider than the phone's screen."""
    found = phone.page.evaluate(OVERFLOW)
    assert found["page"] <= found["width"] and not found["out"], f"{where}: {found}"


GAMES = [
    ("sixnimmt", ["Anna", "Ben", "Cem"], "Hornochsen"),
    ("nuota", ["Anna", "Ben", "Cem"], "Life is Life – Schwimm um dein Leben!"),
    ("pirsch", ["Anna", "Ben", "Cem"], "Fußspuren"),
    ("thegame", ["Anna", "Ben"], "Nachziehstapel"),
    ("bloccato", ["Anna", "Ben"], "Kuh Vadis"),
]


@pytest.mark.parametrize(("slug", "names", "german"), GAMES, ids=[g[0] for g in GAMES])
def test_a_german_phone_gets_every_sheet_in_german_and_it_fits(
    server: LiveServer,
    phones: Callable[..., Phone],
    shots: Shots,
    slug: str,
    names: list[str],
    german: str,
) -> None:
    a = phones("A", **GERMAN_PHONE)
    page = a.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("link", name="Neue Partie")).to_be_visible()
    page.goto(f"{server.url}/new/{slug}")
    a.check()
    for i, name in enumerate(names):
        page.locator(f"input[name='p{i}']").fill(name)
    open_all_details(a)
    assert_fits(a, f"/new/{slug}")
    shots(a, "neue-partie")
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    a.check()
    page.locator("#seats").get_by_role("button", name=f"Ich bin {names[0]}").tap()
    expect(mine(a)).to_contain_text(names[0])
    if slug == "sixnimmt":
        enter_round(a, [3, 12, 0])
    open_all_details(a)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    text = page.locator("body").inner_text()
    assert german in text
    for english in ("Who is this phone?", "Entries", "Host controls", "Invite the table"):
        assert english not in text, f"{english!r} still in English"
    assert_fits(a, f"the {slug} sheet")
    shots(a, "blatt")
