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
    ("thegame", ["Anna", "Ben"], "Karten auf der Hand"),
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
    expect(mine(a)).to_contain_text(names[0])  # the new-match form seated this phone
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
    # Every other way to enter (6 nimmt!'s table mode, the picked cards, the tracker …) fits too.
    tabs = page.locator("#entry .tabs a")
    for index in range(1, tabs.count()):
        tabs.nth(index).click()
        expect(tabs.nth(index)).to_have_attribute("aria-current", "page")
        a.check()
        assert_fits(a, f"the {slug} sheet, entry tab {index + 1}")
        shots(a, f"eintragen-{index + 1}")


def test_an_idle_code_expires_and_the_host_gets_a_new_one_in_one_tap(
    server: LiveServer, phones: Callable[..., Phone], shots: Shots
) -> None:
    from datetime import timedelta

    from companion.extensions import db
    from companion.models import Match, utcnow

    host = phones("Host", **GERMAN_PHONE)
    page = host.goto("/new/sixnimmt")
    for i, name in enumerate(["Anna", "Ben", "Cem"]):
        page.locator(f"input[name='p{i}']").fill(name)
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    host.check()
    old = (page.locator("#invite [data-code]").text_content() or "").strip()
    match = int(page.url.rstrip("/").split("/")[-1])
    with server.app.app_context():
        row = db.session.get(Match, match)
        assert row is not None
        row.active_at = utcnow() - timedelta(hours=7)
        db.session.commit()

    # A German phone typing the old code is told, in German, to ask for a new one.
    guest = phones("Gast", **GERMAN_PHONE)
    guest.goto("/j")
    guest.page.locator("input[name='code']").fill(old)
    guest.page.locator("#join button[type=submit]").click()
    expect(guest.page.get_by_text("Dieser Code ist abgelaufen")).to_be_visible()
    assert_fits(guest, "/j with an expired code")
    shots(guest, "code-abgelaufen")

    host.reload()
    expect(page.locator("[data-code-expired]")).to_be_visible()
    assert_fits(host, "the sheet with an expired code")
    shots(host, "blatt-code-abgelaufen", full_page=False)
    page.locator("#invite").get_by_role("button", name="Neuer Code").tap()
    expect(page.locator("#invite [data-code]")).to_be_visible()
    new = (page.locator("#invite [data-code]").text_content() or "").strip()
    assert new and new != old
    host.check()

    guest.goto("/j")
    guest.page.locator("input[name='code']").fill(new)
    guest.page.locator("#join button[type=submit]").click()
    guest.page.wait_for_url(f"**/m/{match}")
    guest.check()
