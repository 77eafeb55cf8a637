"""A phone with no network still shows the pages it last had: the service worker (it runs on
http://127.0.0.1) keeps the home page and the sheet, never other pages, and an offline reload
keeps the outbox; a request htmx makes for itself that fails offline is no page error."""

from __future__ import annotations

from collections.abc import Callable

from .conftest import LiveServer
from .helpers import Phone, Shots, enter_round, expect, rows, start_match
from .offline_helpers import kept, offline, stored, table, type_round, with_sw


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
