"""Patchy Wi-Fi at the table, with Playwright's offline switch: the outbox keeps what could not
be sent and sends it once, in order, when the network returns (no reload, no further tap); the
status line says what waits; the form then asks for the next round, not the kept one again; an
offline reload shows the last sheet (the service worker runs on http://127.0.0.1); − / +
counters cost no request; the retry policy."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

from .conftest import LiveServer
from .helpers import (
    WAIT,
    Phone,
    Shots,
    claim,
    enter_round,
    expect,
    heads_box,
    join_with_code,
    match_id,
    rows,
    start_match,
    start_nuota,
)


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


def test_a_round_entered_offline_is_saved_once_when_the_network_returns(
    phones: Callable[..., Phone], server: LiveServer, shots: Shots
) -> None:
    a, b, match = table(phones)
    a.mark()
    offline(a)
    connection = a.page.locator("#connection")
    expect(connection).to_have_attribute("data-state", "offline")
    expect(connection).to_contain_text("may be out of date", timeout=4 * WAIT)
    key = a.page.locator("#entry input[name='heads-idem']").input_value()
    type_round(a, [3, 13])
    status = a.page.locator("#outbox[role=status]")
    expect(status).to_contain_text("1 entry not sent yet")
    expect(status).to_contain_text("Ann 3")
    expect(status).to_contain_text("Bob 13")
    shots(a, "offline-round-waiting")
    assert stored(server, match) == []
    expect(rows(b)).to_have_count(0)

    offline(a, cut=False)  # no tap, no reload: the outbox sends it by itself
    expect(status).to_contain_text("Saved")
    expect(connection).to_have_attribute("data-state", "live")
    expect(rows(a)).to_have_count(1)
    expect(rows(b)).to_have_count(1)
    expect(b.page.locator("#scoreboard")).to_contain_text("13")
    shots(a, "offline-round-saved")
    assert stored(server, match) == [{"type": "round", "heads": [3, 13]}]
    assert keys(server, match) == [key]  # the key the form had when it was tapped
    a.assert_not_reloaded()
    assert a.page.evaluate("companionOutbox.pending().length") == 0


def test_several_queued_writes_arrive_in_order(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, b, match = table(phones)
    offline(a, b)
    type_round(a, [1, 2])
    type_round(a, [3, 4])
    type_round(a, [5, 6])
    expect(a.page.locator("#outbox")).to_contain_text("3 entries not sent yet")
    type_round(b, [7, 8])  # B's round 1, written on the sheet B last saw: refused as stale
    expect(b.page.locator("#outbox")).to_contain_text("1 entry not sent yet")

    offline(a, cut=False)
    expect(rows(a)).to_have_count(3)
    expect(a.page.locator("#outbox")).to_contain_text("Saved")
    offline(b, cut=False)
    missed = b.page.locator("#outbox li.missed")  # typed for A's round 1: not offered again
    expect(missed).to_have_text(
        "Ann entered round 1 a moment ago, so your round 1 was not saved. Ann 7 · Bob 8"
    )
    expect(rows(b)).to_have_count(3)
    heads = [move["heads"] for move in stored(server, match)]
    assert heads == [[1, 2], [3, 4], [5, 6]]


def test_a_round_kept_offline_moves_the_form_on_to_the_next_round(
    phones: Callable[..., Phone], server: LiveServer, shots: Shots
) -> None:
    a, b, match = table(phones)
    enter_round(a, [1, 1])
    label = a.page.locator("#entry .round-label")
    save = a.page.locator("#entry button[type=submit]")
    expect(label).to_have_text("Round 2: bull heads each player took")
    offline(a)
    type_round(a, [3, 4])
    expect(a.page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    # Round 2 waits in the outbox: the emptied form asks for round 3, not for round 2 again.
    expect(label).to_have_text("Round 3: bull heads each player took")
    expect(save).to_have_text("Save round 3")
    type_round(a, [5, 6])
    expect(a.page.locator("#outbox")).to_contain_text("2 entries not sent yet")
    expect(label).to_have_text("Round 4: bull heads each player took")
    expect(save).to_have_text("Save round 4")
    shots(a, "offline-next-round")
    assert stored(server, match) == [{"type": "round", "heads": [1, 1]}]

    offline(a, cut=False)
    expect(rows(a)).to_have_count(3)
    expect(a.page.locator("#outbox")).to_contain_text("Saved")
    expect(rows(a).locator("th")).to_have_text(["1", "2", "3"])  # each round once, in order
    expect(rows(a).nth(1).locator("td")).to_have_text(["3 4", "4 5"])
    expect(rows(a).nth(2).locator("td")).to_have_text(["5 9", "6 11"])
    expect(rows(b)).to_have_count(3)
    heads = [move["heads"] for move in stored(server, match)]
    assert heads == [[1, 1], [3, 4], [5, 6]]
    # The form is now the server's (none the outbox kept), at the sheet's version: round 4.
    expect(a.page.locator("#entry form[data-entry]:not([data-kept])")).to_have_count(1)
    settled(a)
    expect(label).to_have_text("Round 4: bull heads each player took")
    expect(save).to_have_text("Save round 4")


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


def test_an_offline_reload_shows_the_last_sheet_and_keeps_the_outbox(
    phones: Callable[..., Phone], server: LiveServer, shots: Shots
) -> None:
    a, b, match = table(phones)
    with_sw(b)  # claimed on the first visit
    enter_round(a, [1, 5])
    expect(rows(b)).to_have_count(1)  # by a poll or the doorbell: no reload
    kept(b)  # the copy follows the sheet, not only the first load
    offline(b)
    type_round(b, [4, 9])
    expect(b.page.locator("#outbox")).to_contain_text("1 entry not sent yet")

    b.page.reload()
    expect(b.page.locator("#offline-note")).to_be_visible()
    expect(rows(b)).to_have_count(1)
    expect(b.page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    expect(b.page.locator("#outbox")).to_contain_text("Bob 9")
    expect(b.page.locator("#entry .round-label")).to_contain_text("Round 3")  # after the kept one
    shots(b, "offline-reload")
    assert len(stored(server, match)) == 1

    offline(b, cut=False)
    expect(b.page.locator("#outbox")).to_contain_text("Saved")
    expect(rows(a)).to_have_count(2)
    heads = [move["heads"] for move in stored(server, match)]
    assert heads == [[1, 5], [4, 9]]
    b.reload()  # the network works: the page is the network's, not the kept copy
    expect(b.page.locator("#offline-note")).to_be_hidden()
    expect(rows(b)).to_have_count(2)


def test_offline_the_home_page_and_the_sheet_are_the_last_copies_and_no_other_page(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a = phones("A")
    match = start_match(a, ["Ann", "Bob"])
    with_sw(a)
    a.goto("/")  # through the worker now: the network's copy is kept
    expect(a.page.locator("#main")).to_contain_text("6 nimmt!")
    kept(a, "/")
    kept(a, f"/m/{match}")
    offline(a)
    a.allow(r"net::ERR_|Failed to load resource")
    a.page.goto("/")
    expect(a.page.locator("#offline-note")).to_be_visible()
    a.page.get_by_role("link", name="6 nimmt!").first.click()
    a.page.wait_for_url(f"**/m/{match}")
    expect(a.page.locator("#offline-note")).to_be_visible()
    expect(a.page.locator("#scoreboard")).to_contain_text("Ann")
    try:  # a page that is never kept is not shown from an old copy
        a.page.goto("/new")
    except Exception as failure:  # noqa: BLE001 - Playwright raises its own Error class
        assert "net::ERR_" in str(failure)
    else:
        raise AssertionError("/new was shown without a network")
    offline(a, cut=False)


def test_the_outbox_survives_a_reload_while_the_server_is_unreachable(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, _b, match = table(phones)
    a.allow(r"ERR_CONNECTION_REFUSED|htmx:(afterRequest|sendError)")
    a.page.route("**/entry/**", lambda route: route.abort("connectionrefused"))
    type_round(a, [2, 11])
    expect(a.page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    key = a.page.evaluate("companionOutbox.pending()[0].key")
    a.page.reload()
    expect(a.page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    assert a.page.evaluate("companionOutbox.pending()[0].key") == key
    a.page.wait_for_function("() => companionOutbox.failing()")  # no answer at all, not a 503
    a.page.unroute("**/entry/**")
    a.page.evaluate("dispatchEvent(new Event('online'))")  # what a phone does when it is back
    expect(rows(a)).to_have_count(1)
    assert stored(server, match) == [{"type": "round", "heads": [2, 11]}]


def test_a_busy_server_gets_the_write_again_after_its_retry_after(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, b, match = table(phones)
    busy: list[str] = []

    def answer(route: Any) -> None:
        if busy:
            route.continue_()
            return
        busy.append(route.request.post_data or "")
        route.fulfill(status=503, headers={"Retry-After": "1"}, body="busy")

    a.allow(r"503|htmx:responseError")
    a.page.route("**/entry/heads", answer)
    type_round(a, [6, 0])
    expect(a.page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    expect(rows(b)).to_have_count(1)  # sent again by itself, no tap
    expect(a.page.locator("#outbox")).to_contain_text("Saved")
    assert stored(server, match) == [{"type": "round", "heads": [6, 0]}]
    first_key = parse_qs(busy[0])["heads-idem"][0]
    assert keys(server, match) == [first_key]  # the same one-time key, sent again
    a.problems = [p for p in a.problems if "HTTP 503" not in p]  # the refusal we staged


def test_counter_taps_make_no_request_and_one_request_saves(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a = phones("A")
    page = start_nuota(a, ["Ann", "Bob", "Cy"])
    before = [r for r in a.requests if "/live" not in r and "/events" not in r]
    for _ in range(4):
        page.locator("#hands-giraffe-more").click()
    page.locator("#hands-giraffe-less").click()
    for _ in range(7):
        page.locator("#hands-bear-more").click()
    expect(page.locator("#hands-giraffe")).to_have_value("3")
    expect(page.locator("#hands-bear")).to_have_value("7")
    expect(page.locator("#hand-count")).to_contain_text("a full hand ✓")
    expect(page.locator("#hand-count")).to_have_class("hand-total ok")
    after = [r for r in a.requests if "/live" not in r and "/events" not in r]
    assert after == before
    page.locator("#entry button.primary").click()
    expect(page.locator("#scoreboard .hands-in")).to_contain_text("Ann ✓")
    posts = [r for r in a.requests if r.startswith("POST")]
    assert len(posts) == len([r for r in before if r.startswith("POST")]) + 1
    assert match_id(a) == 1


def test_retry_policy(phones: Callable[..., Phone]) -> None:
    page = phones("A").goto("/")
    waits = page.evaluate("[0, 1, 2, 3, 4, 5, 9].map(n => companionOutbox.delay(n))")
    assert waits == [1000, 2000, 5000, 10000, 20000, 30000, 30000]
    assert page.evaluate("companionOutbox.delay(0, '12')") == 12000
    assert page.evaluate("companionOutbox.delay(4, '3')") == 20000  # never sooner than the step
    assert page.evaluate("companionOutbox.delay(1, '3600')") == 60000  # at most a minute
    assert page.evaluate("companionOutbox.delay(0, 'soon')") == 1000  # an unreadable header
    statuses = [0, 200, 400, 403, 404, 429, 500, 502, 503, 504]
    retry = page.evaluate("(s) => s.map(companionOutbox.retryable)", statuses)
    assert retry == [True, False, False, False, False, False, False, True, True, True]


def test_a_request_htmx_makes_for_itself_that_fails_offline_is_not_a_page_error(
    phones: Callable[..., Phone],
) -> None:
    # htmx follows an HX-Location answer with a request whose promise nobody holds; when the
    # network drops just then, that promise rejects with no reason. htmx.ajax is the same call.
    a = phones("A")
    page = a.goto("/")
    with_sw(a)  # the page registers its service worker on load: cut only once that is done
    a.allow(r"net::ERR_|Failed to load resource|htmx:(afterRequest|sendError)")
    page.context.set_offline(True)
    seen = page.evaluate(
        """new Promise(done => {
            window.addEventListener("unhandledrejection",
                event => done(event.defaultPrevented ? "handled" : "uncaught"), {once: true});
            htmx.ajax("GET", "/", {target: "body", swap: "none"});
        })"""
    )
    page.context.set_offline(False)
    assert seen == "handled"
    a.check()
