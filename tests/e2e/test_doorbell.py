"""The doorbell in a real browser: phone B sees phone A's round through the event stream.

The poll interval is ten minutes in these tests, so anything that arrives within seconds came
through the stream; the requests each page made are checked as well.
"""

from __future__ import annotations

from collections.abc import Callable

from .conftest import LiveServer
from .helpers import WAIT, Phone, Shots, claim, enter_round, expect, heads_box, rows, start_match
from .helpers import join_with_code as join

SLOW_POLL = 600


def listening(*phones: Phone) -> None:
    """Wait until each page's doorbell stream is open: the server holds a stream before it
    sends the first byte, so an open stream is one the next change rings."""
    for phone in phones:
        expect(phone.page.locator("#connection")).to_have_attribute(
            "data-stream", "open", timeout=WAIT
        )


def table(phones: Callable[..., Phone], server: LiveServer) -> tuple[Phone, Phone, int]:
    """A and B at one match, each in their seat, both sheets listening to the doorbell."""
    server.app.config["POLL_SECONDS"] = SLOW_POLL
    a = phones("A")
    match_id = start_match(a, ["Ann", "Bob"])
    claim(a, "Ann")
    b = phones("B")
    join(b, a)
    claim(b, "Bob")
    a.reload()
    listening(a, b)
    return a, b, match_id


def polls(phone: Phone) -> list[str]:
    """The scoreboard refreshes this phone asked for."""
    return [r for r in phone.requests if "/live" in r]


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

    expect(rows(b)).to_have_count(1, timeout=5000)
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
    host.get_by_text("Host controls").click()
    host.get_by_text("End the match now").click()
    end_it = host.get_by_role("button", name="Yes, end it")
    expect(end_it).to_be_visible()
    expect(a.page.locator("#invite details")).to_have_attribute("open", "")
    before = len(polls(a))

    enter_round(b, [2, 5])

    expect(rows(a)).to_have_count(1, timeout=5000)
    assert len(polls(a)) == before + 1, "the ring refreshed A's sheet, host panel included"
    expect(end_it).to_be_visible()
    expect(host.get_by_role("button", name="Yes, abandon it")).to_be_hidden()
    expect(a.page.locator("#invite details")).not_to_have_attribute("open", "")
    a.check()
