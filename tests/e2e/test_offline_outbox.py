"""Patchy Wi-Fi at the table: what a phone could not send waits in its outbox and goes out once,
in order, when the network or the server is back, with no reload and no further tap, so no round
is lost or saved twice. Also the form moving on past what waits, − / + taps that cost no request,
and the retry policy."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

from .conftest import LiveServer
from .helpers import WAIT, Phone, Shots, enter_round, expect, match_id, rows, start_nuota
from .offline_helpers import keys, offline, settled, stored, table, type_round


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
