"""A group's history on an Italian phone at 360 px: the placings' links are tap targets and each
placing stays whole on its line, the small links under a title and to the deleted matches are
tap targets too, and no chart's axis labels run into each other."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from companion.extensions import db
from companion.models import Match, Membership

from ..web.history_helpers import add_match
from ..web.test_stats import NUOTA
from .conftest import LiveServer
from .helpers import Phone, Shots, expect, match_id

ITALIAN_PHONE = {"locale": "it-IT", "viewport": {"width": 360, "height": 780}}
NAMES = ["Giulia", "Sara", "Marco"]
HEIGHTS = "els => els.map(e => [e.textContent.trim(), e.getBoundingClientRect().height])"
LONG = "Anna Maria Benedetta Scarpellini Rossi"
"""As long as a name may be (40 characters at most): her placing is wider than the phone."""
BROKEN = """spans => spans.flatMap(span => {
  const place = span.querySelector(".place"), name = span.querySelector("a");
  const p = place.getBoundingClientRect(), n = name.getBoundingClientRect();
  const apart = place.getClientRects().length !== 1 || p.right > n.left
    || Math.abs((p.top + p.bottom) / 2 - (n.top + n.bottom) / 2) > 2;
  return apart ? [span.textContent.replace(/\\s+/g, " ").trim()] : [];
})"""
"""The placings whose place is not on one line, beside (left of) the name and level with it."""
CLEAR = 2
"""px: the least room between a step label under a chart and a value label left of it."""
CROSSING = """(svg, clear) => {
  const boxes = anchor => [...svg.querySelectorAll(`.chart-grid text[text-anchor=${anchor}]`)]
    .map(t => [t.textContent, t.getBoundingClientRect()]);
  const near = (a, b) => a.left < b.right + clear && b.left < a.right + clear
    && a.top < b.bottom + clear && b.top < a.bottom + clear;
  const out = [], chart = svg.closest("[id]").id;
  for (const [x, xb] of boxes("middle"))
    for (const [y, yb] of boxes("end"))
      if (near(xb, yb)) out.push(`${chart}: step ${x} at value ${y}`);
  return out;
}"""
"""The step labels under a chart (centred) that come within ``clear`` of a value label left of it
(end-anchored): in the corner, the first step's and the lowest value's."""


def crossing(page: Any) -> list[str]:
    """Every chart's step labels that come near its value labels."""
    return [c for svg in page.locator("svg.chart").all() for c in svg.evaluate(CROSSING, CLEAR)]


def tap_targets(locator: Any) -> list[tuple[str, float]]:
    """The links of ``locator`` lower than 44 px, with their heights."""
    heights = locator.evaluate_all(HEIGHTS)
    assert heights, "no links found"
    return [(text, height) for text, height in heights if height < 44]


def italian_history(server: LiveServer, phone: Phone) -> int:
    """An Italian phone starts a Nuota match (its group's first, still open on the phone);
    three finished matches of the group are written through the log: two Nuota (places
    charted on the player page) and a 6 nimmt! where Sara and Anna Maria… share the 2nd place."""
    page = phone.goto("/new/nuota")
    for i, name in enumerate(NAMES):
        page.locator(f"input[name='p{i}']").fill(name)
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    phone.check()
    with server.app.app_context():
        first = db.session.get(Match, match_id(phone))
        assert first is not None
        group_id = first.group_id
        device = db.session.execute(
            db.select(Membership.device_id).filter_by(match_id=first.id)
        ).scalar_one()
    for names in (NAMES, NAMES[::-1]):
        add_match(server.app, group_id, "nuota", names, NUOTA, device=device)
    add_match(server.app, group_id, "sixnimmt", [*NAMES, LONG],
              [{"type": "round", "heads": [1, 5, 9, 5]}], options={"end": {"rounds": 1}},
              device=device)  # fmt: skip
    return group_id


def test_italian_history_tap_targets_whole_placings_and_clear_axes(
    server: LiveServer, phones: Callable[..., Phone], shots: Shots
) -> None:
    a = phones("A", **ITALIAN_PHONE)
    group_id = italian_history(server, a)

    # The sheet: the group's name under the title and the TV's link are links a thumb can hit.
    head = a.page.locator(".sheet-head p a")
    expect(head).to_have_text(re.compile(r"\S"))
    assert not tap_targets(head), tap_targets(head)
    tv = a.page.locator("#invite a[href*='/v/']")
    assert not tap_targets(tv), tap_targets(tv)
    shots(a, "sheet-head", full_page=False)

    # The group page: every placing's name is a tap target, and no placing breaks in two.
    a.goto(f"/g/{group_id}")
    places = a.page.locator("#history .places")
    expect(places).to_have_count(3)
    expect(places.first).to_contain_text("2° pari merito Sara 5")
    assert not tap_targets(places.locator("a")), tap_targets(places.locator("a"))
    broken = places.locator(":scope > span:has(.place)").evaluate_all(BROKEN)
    assert not broken, f"placings broken across lines: {broken}"
    deleted = a.page.locator("#manage").get_by_role("link", name="Partite eliminate")
    assert not tap_targets(deleted), tap_targets(deleted)
    counted = a.page.locator("table.stats a")  # the players' table: each name a tap target
    assert not tap_targets(counted), tap_targets(counted)
    assert not crossing(a.page), crossing(a.page)
    places.first.scroll_into_view_if_needed()
    shots(a, "group-history", full_page=False)
    deleted.scroll_into_view_if_needed()
    shots(a, "deleted-link", full_page=False)

    # The management page on its own: the way back is a tap target too.
    a.goto(f"/g/{group_id}/manage")
    back = a.page.get_by_role("link", name="Torna al gruppo")
    assert not tap_targets(back), tap_targets(back)
    a.goto(f"/g/{group_id}")

    # Giulia's page: her places per match, and no axis label of any chart on another.
    places.first.get_by_role("link", name="Giulia", exact=True).tap()
    a.page.wait_for_url("**/g/*/p/*")
    a.check()
    trend = a.page.locator("#trend-nuota")
    expect(trend).to_contain_text("Posizione per partita")
    expect(trend).to_contain_text("il 1° posto in alto")
    expect(a.page.locator("#game-sixnimmt .place")).to_have_text(["1°"])
    assert not crossing(a.page), crossing(a.page)
    assert not tap_targets(a.page.locator(".sheet-head p a"))
    trend.scroll_into_view_if_needed()
    shots(a, "player-place-chart", full_page=False)
    trend.screenshot(path=str(shots.next(a, "place-chart-close")), caret="initial")
    shots(a, "player-page")
