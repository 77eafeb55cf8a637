"""Every main page works under the strict CSP: not one violation, not one console error.

Each phone installs a ``securitypolicyviolation`` listener before any page script runs
(helpers.CSP_RECORDER via the context's init script) and records console errors; ``check()``
fails on either. The last test proves the listener catches a violation when there is one.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from companion.extensions import db
from companion.games import SEAMS
from companion.models import Match

from .conftest import LiveServer
from .helpers import Phone, match_id

NAMES = ["Ann", "Bob", "Cy"]


def start(phone: Phone, slug: str) -> int:
    """Open the new-match form of ``slug``, type up to three names, keep the defaults, start."""
    page = phone.goto(f"/new/{slug}")
    for i, name in enumerate(NAMES):
        box = page.locator(f"#p{i}")
        if box.is_visible():
            box.fill(name)
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    phone.check()
    return match_id(phone)


def test_the_main_pages_raise_no_csp_violation(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    host, guest = phones("host"), phones("guest")
    for path in ("/", "/new", "/j"):
        host.goto(path)
    sheets = {slug: start(host, slug) for slug in sorted(SEAMS)}
    first = sheets["sixnimmt"]
    page = host.goto(f"/m/{first}")
    host.poll_now()  # the live updates have run
    host.check()
    for panel in page.locator("details").all():
        panel.locator("summary").first.click()
    host.check()
    viewer = page.locator('a[href*="/v/"]').first.get_attribute("href")
    assert viewer, "the sheet offers the viewer link"
    with server.app.app_context():
        match = db.session.get(Match, first)
        assert match is not None and match.code
        code, group = match.code, match.group_id
    joined = guest.goto(f"/j?code={code}")
    joined.fill("#code", code)
    joined.locator("button[type=submit]").click()
    joined.wait_for_url(re.compile(rf"/m/{first}$"))
    guest.check()
    guest.goto(viewer)
    guest.poll_now()
    guest.check()
    host.goto(f"/g/{group}")
    for slug, sheet in sheets.items():
        host.goto(f"/m/{sheet}")
        assert host.page.locator("#scoreboard").count() == 1, slug


def test_the_listener_reports_a_violation(phones: Callable[..., Phone]) -> None:
    """An inline style set by script is refused by the CSP, and the recorder sees it."""
    phone = phones("control")
    phone.goto("/")
    phone.page.evaluate(
        "() => { const s = document.createElement('style'); s.textContent = 'p{}';"
        " document.head.appendChild(s); }"
    )
    phone.page.wait_for_function("() => window.__csp.length > 0")
    assert any("style-src" in v for v in phone.page.evaluate("window.__csp"))
    phone.problems.clear()
    phone.page.evaluate("window.__csp = []")
