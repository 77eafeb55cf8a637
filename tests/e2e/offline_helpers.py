"""What the browser tests of a phone without a network share: the moves the server stored, a
table of two phones, typing a round, cutting the network, and waiting for the service worker and
its copies, so each test says only what it checks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .conftest import LiveServer
from .helpers import Phone, claim, enter_round, heads_box, join_with_code, start_match


def stored(server: LiveServer, match: int) -> list[Any]:
    """The moves in the match's log, in order, as the server has them."""
    from companion.extensions import db
    from companion.models import Entry

    with server.app.app_context():
        entries = db.session.execute(
            db.select(Entry).filter_by(match_id=match).order_by(Entry.seq)
        ).scalars()
        return [entry.move for entry in entries]


def keys(server: LiveServer, match: int) -> list[str | None]:
    """The one-time keys of the match's log, in order."""
    from companion.extensions import db
    from companion.models import Entry

    with server.app.app_context():
        query = db.select(Entry.idem_key).filter_by(match_id=match).order_by(Entry.seq)
        return list(db.session.execute(query).scalars())


def type_round(phone: Phone, heads: list[int]) -> None:
    """Type each seat's heads and tap the save button (once)."""
    for seat, value in enumerate(heads):
        heads_box(phone, seat).fill(str(value))
    phone.page.locator("#entry button[type=submit]").click()


def table(phones: Callable[..., Phone]) -> tuple[Phone, Phone, int]:
    """A and B at one 6 nimmt! match, each in a seat."""
    a = phones("A")
    match = start_match(a, ["Ann", "Bob"])
    claim(a, "Ann")
    b = phones("B")
    join_with_code(b, a)
    claim(b, "Bob")
    return a, b, match


def last_round_due(phones: Callable[..., Phone]) -> tuple[Phone, int]:
    """A at a 6 nimmt! match of three that ends after two rounds, the first one saved."""
    a = phones("A")
    match = start_match(a, ["Ann", "Bob", "Cy"], rounds=2)
    enter_round(a, [1, 2, 3])
    return a, match


def settled(phone: Phone) -> None:
    """Wait until the entry form is at the scoreboard's version (no refresh of it under way)."""
    phone.page.wait_for_function(
        """() => {
            const board = document.getElementById("scoreboard");
            const field = document.querySelector("#entry input[name$='version']");
            return !board || (field && field.value === board.dataset.version);
        }"""
    )


def offline(*phones: Phone, cut: bool = True) -> None:
    """Cut (or give back) the network; what a page logs while it has none is expected."""
    for phone in phones:
        if cut:
            settled(phone)
            phone.allow(r"htmx:(afterRequest|sendError)|ERR_INTERNET_DISCONNECTED")
        phone.context.set_offline(cut)


def with_sw(phone: Phone) -> None:
    """Wait until the service worker controls the page (it claims it when it activates)."""
    # A function, not an expression: Playwright polls an expression with eval, which the
    # page's CSP refuses whenever the state is not there at the first look.
    phone.page.wait_for_function(
        "() => !!navigator.serviceWorker && !!navigator.serviceWorker.controller"
    )


def kept(phone: Phone, path: str | None = None) -> None:
    """Wait until the service worker holds a copy of ``path`` (this page by default) and every
    script and stylesheet this page names; for this page, at the version it shows. The worker
    stores a copy after it answered, and the files the page hands it while the copy is being
    stored, so a test that cuts the network must wait for both."""
    phone.page.wait_for_function(
        """async (path) => {
            const board = path ? null : document.getElementById("scoreboard");
            const mark = board ? `data-version="${board.dataset.version}"` : "";
            const files = Array.from(document.querySelectorAll("script[src], link[rel=stylesheet]"))
                .map((el) => el.getAttribute("src") || el.getAttribute("href"));
            const names = await caches.keys();
            const held = async (prefix, url) => {
                for (const name of names.filter((n) => n.startsWith(prefix))) {
                    if (await (await caches.open(name)).match(url)) return true;
                }
                return false;
            };
            for (const file of files) if (!(await held("static-", file))) return false;
            for (const name of names.filter((n) => n.startsWith("pages-"))) {
                const copy = await (await caches.open(name)).match(path || location.pathname);
                if (copy && (await copy.text()).includes(mark)) return true;
            }
            return false;
        }""",
        arg=path,
    )
