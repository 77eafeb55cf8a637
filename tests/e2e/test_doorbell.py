"""The doorbell in a real browser: phone B sees phone A's round through the event stream.

The poll interval is ten minutes in most of these tests, so anything that arrives within
seconds came through the stream; the requests each page made are checked as well. In the two
tests of a beating stream the page polls every second and the stream beats every three: a page
that hears its stream skips its timed polls, and one whose stream falls silent opens it anew and
polls from then on.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from companion.live.doorbell import broker

from .conftest import LiveServer
from .doorbell_helpers import SLOW_POLL, beating_table, beats, listening, polls, table
from .helpers import WAIT, Phone, Shots, enter_round, expect, heads_box, rows, start_match


def test_phone_b_sees_phone_a_round_through_the_stream(
    phones: Callable[..., Phone], server: LiveServer, shots: Shots
) -> None:
    a, b, match_id = table(phones, server)
    board = b.page.locator("#scoreboard")
    assert board.get_attribute("data-events") == f"/m/{match_id}/events"
    assert f"every {SLOW_POLL}s" in (board.get_attribute("hx-trigger") or "")
    b.mark()
    heads_box(b, 0).fill("7")  # half-typed: the ring must not wipe it
    before = len(polls(b))

    enter_round(a, [3, 13])

    expect(rows(b)).to_have_count(1)
    expect(b.page.locator("#scoreboard tr.totals")).to_contain_text("13")
    assert len(polls(b)) == before + 1, "exactly one refresh, rung by the stream"
    expect(heads_box(b, 0)).to_have_value("7")
    b.assert_not_reloaded()
    shots(b, "rung-by-the-doorbell")
    b.check()
    a.check()


def test_a_reconnected_stream_refreshes_the_page(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    server.app.config.update(SSE_LIFE_SECONDS=1, SSE_RETRY_MS=300)
    a, b, match_id = table(phones, server)
    streams = len([r for r in b.requests if r.endswith(f"/m/{match_id}/events")])
    with b.page.expect_request(lambda r: "/live" in r.url, timeout=WAIT):
        pass
    again = len([r for r in b.requests if r.endswith(f"/m/{match_id}/events")])
    assert again > streams, "the page reconnected after the stream's life ended"
    b.check()


def test_a_panel_opened_by_hand_stays_open_through_a_refresh(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, b, _match_id = table(phones, server)
    host = a.page.locator("#host")
    host.get_by_text("Host controls", exact=True).click()
    host.get_by_text("End the match now").click()
    end_it = host.get_by_role("button", name="Yes, end it")
    expect(end_it).to_be_visible()
    expect(a.page.locator("#invite details")).to_have_attribute("open", "")
    before = len(polls(a))

    enter_round(b, [2, 5])

    expect(rows(a)).to_have_count(1)
    assert len(polls(a)) == before + 1, "the ring refreshed A's sheet, host panel included"
    expect(end_it).to_be_visible()
    expect(host.get_by_role("button", name="Yes, abandon it")).to_be_hidden()
    expect(a.page.locator("#invite details")).not_to_have_attribute("open", "")
    a.check()


def test_a_page_that_hears_its_stream_makes_no_timed_poll(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, b, _match_id = beating_table(phones, server)
    heard = beats(b)
    before = len(polls(b))
    b.page.wait_for_function(f"() => window.companionDoorbell.beats() >= {heard + 3}", timeout=WAIT)
    assert len(polls(b)) == before, "three beats heard, and no timed poll between them"
    expect(b.page.locator("#connection")).to_have_attribute("data-state", "live")
    expect(b.page.locator("#connection .old")).to_have_text("")

    enter_round(a, [4, 1])
    expect(rows(b)).to_have_count(1, timeout=WAIT)
    assert len(polls(b)) == before + 1, "the change came by its ring: one refresh"
    b.check()


def test_a_beat_sends_what_the_outbox_could_not_send_without_waiting_out_its_back_off(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    """A page that hears its stream does not poll: a beat is its word that the server is there
    again, so writes whose last try got no answer go at once (the back-off grows to 30 s)."""
    _a, b, _match_id = beating_table(phones, server)
    b.page.evaluate(
        """() => {
            window.sentNow = 0;
            window.companionOutbox = { waiting: () => 1, failing: () => true,
                                       sendNow: () => { window.sentNow += 1; } };
        }"""
    )
    heard = beats(b)
    b.page.wait_for_function(f"() => window.companionDoorbell.beats() > {heard}", timeout=WAIT)
    assert b.page.evaluate("window.sentNow") >= 1, "sent at the beat"
    b.check()


def test_a_silent_stream_is_opened_anew_and_the_page_polls_from_then_on(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, b, match_id = beating_table(phones, server)
    streams = len([r for r in b.requests if r.endswith(f"/m/{match_id}/events")])
    before = len(polls(b))
    # Hold the match's channel: its streams stay open but can say nothing, as behind a proxy
    # that holds a stream without passing it on.
    channel = broker(server.app)._channels[match_id]
    with channel.condition:
        b.page.wait_for_function("() => !window.companionDoorbell.heardLately()", timeout=WAIT)
        with b.page.expect_request(lambda r: "/live?" in r.url, timeout=WAIT):
            pass
        with b.page.expect_request(lambda r: r.url.endswith(f"/m/{match_id}/events"), timeout=WAIT):
            pass
    assert len(polls(b)) > before, "the page polled while its stream was silent"
    again = len([r for r in b.requests if r.endswith(f"/m/{match_id}/events")])
    assert again > streams, "the silent stream was opened anew"
    assert b.page.evaluate("window.companionDoorbell.fell()")
    listening(b)
    polled = len(polls(b))
    with b.page.expect_request(lambda r: "/live?" in r.url, timeout=WAIT):
        pass  # a stream that fell silent once is not trusted to stand in for the poll again
    assert len(polls(b)) > polled
    enter_round(a, [2, 6])
    expect(rows(b)).to_have_count(1, timeout=WAIT)
    b.check()


def test_a_board_older_than_the_last_ring_asks_again_once_it_has_settled(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, b, _match_id = table(phones, server)
    stale_board = b.page.locator("#scoreboard").evaluate("el => el.outerHTML")
    stale: list[str] = []

    def first_answer_is_stale(route: Any) -> None:
        # As when the ring's refresh lands while htmx still settles a board: the page ends up
        # showing an older version than the one rung.
        if stale:
            route.continue_()
            return
        stale.append(route.request.url)
        route.fulfill(status=200, content_type="text/html; charset=utf-8", body=stale_board)

    b.page.route(re.compile(r"/live\?"), first_answer_is_stale)
    enter_round(a, [5, 8])
    expect(rows(b)).to_have_count(1, timeout=WAIT)
    assert stale, "the ring's refresh got the older board first"
    assert len(polls(b)) >= 2, "the settled older board asked again"
    b.check()


def test_a_sheet_that_hears_nothing_is_not_called_live(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    server.app.config["SSE_ENABLED"] = False  # a page that polls, every second
    server.app.config["POLL_SECONDS"] = 1
    b = phones("B")
    start_match(b, ["Ann", "Bob"])
    connection = b.page.locator("#connection")
    expect(connection).to_have_attribute("data-state", "live")
    held: list[Any] = []  # the network passes nothing, yet nothing fails: the poll just hangs
    b.context.route(re.compile(r"/live\b"), lambda route: held.append(route))
    expect(connection).to_contain_text("may be out of date", timeout=4 * WAIT)
    expect(connection).to_have_attribute("data-state", "reconnecting")
    b.context.unroute(re.compile(r"/live\b"))  # lets the hanging poll go on


def test_a_finished_match_is_neither_called_live_nor_out_of_date(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    """Nothing more comes to a match that is over (unless its host reopens it): its sheet stops
    saying "Live", and one that had heard nothing for a while is no longer said to be out of
    date once it shows the end. The undo that reopens the match makes it live again."""
    server.app.config["SSE_ENABLED"] = False  # a page that polls, every second
    server.app.config["POLL_SECONDS"] = 1
    b = phones("B")
    start_match(b, ["Ann", "Bob"], rounds=1)
    connection = b.page.locator("#connection")
    expect(connection).to_have_attribute("data-state", "live")
    held: list[Any] = []  # the polls hang; the writes still go
    b.context.route(re.compile(r"/live\b"), lambda route: held.append(route))
    expect(connection).to_contain_text("may be out of date", timeout=4 * WAIT)
    enter_round(b, [3, 5])  # the only round: its answer shows the end
    expect(b.page.locator("#scoreboard .outcome")).to_contain_text("Match over")
    expect(connection).to_be_hidden()  # was "Live" or "Reconnecting… may be out of date"
    b.context.unroute(re.compile(r"/live\b"))
    b.page.locator("#log-1 details.line-undo summary").click()  # asked first, after the end
    b.page.get_by_role("button", name="Undo entry #1").click()
    expect(rows(b)).to_have_count(0)
    expect(connection).to_have_attribute("data-state", "live")
    expect(connection).to_be_visible()
    expect(connection.locator(".old")).to_have_text("")
