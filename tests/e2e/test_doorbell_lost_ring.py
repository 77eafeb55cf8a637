"""A ring whose refresh never arrives: the stream says the match moved on, but the page's fetch
fails on a blip. The stream does not ring that version again and keeps beating, and a page that
hears its stream skips its timed polls; so the board showed the older sheet until the next
change. A board older than the last version rung now polls at its normal interval until it has
caught up."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .conftest import LiveServer
from .doorbell_helpers import beating_table, polls
from .helpers import WAIT, Phone, enter_round, expect, rows


def test_a_ring_whose_refresh_failed_is_caught_up_by_the_timed_poll(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, b, _match_id = beating_table(phones, server)
    failed: list[str] = []

    def first_refresh_fails(route: Any) -> None:
        if failed:
            route.continue_()
            return
        failed.append(route.request.url)
        route.abort("failed")  # the ring's refresh is lost on the way

    b.allow(r"net::ERR_FAILED|htmx:(afterRequest|sendError)")
    b.page.route(re.compile(r"/live\?"), first_refresh_fails)
    before = len(polls(b))
    enter_round(a, [4, 1])
    expect(rows(b)).to_have_count(1, timeout=WAIT)
    expect(b.page.locator("#scoreboard tr.totals")).to_contain_text("4")
    assert failed, "the ring's refresh failed first"
    assert len(polls(b)) >= before + 2, "a timed poll fetched the version the failed refresh missed"
    assert b.page.evaluate("window.companionDoorbell.heardLately()"), "the stream kept beating"
    b.check()
