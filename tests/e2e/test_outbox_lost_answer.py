"""A write the server stored whose answer never reached the phone: the outbox sends it again
with its one-time key, and the phone hears that it was saved, even when that write ended the
match (the checks a new write meets, "the match is over", would refuse it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .conftest import LiveServer
from .helpers import Phone, claim, expect, start_match
from .offline_helpers import keys, stored, type_round


def test_the_round_that_ends_the_match_is_saved_when_its_answer_was_lost(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a = phones("A")
    match = start_match(a, ["Ann", "Bob"])
    claim(a, "Ann")
    a.allow(r"htmx:(afterRequest|sendError)|ERR_FAILED")
    lost: list[str] = []

    def answer_lost_once(route: Any) -> None:
        if route.request.method != "POST" or lost:
            route.continue_()
            return
        lost.append(route.request.url)
        route.fetch()  # the server stores the round...
        route.abort("failed")  # ...and its answer is lost on the way back

    a.page.route("**/entry/heads", answer_lost_once)
    key = a.page.locator("#entry input[name='heads-idem']").input_value()
    type_round(a, [70, 2])
    status = a.page.locator("#outbox[role=status]")
    expect(a.page.locator("#scoreboard .winners")).to_have_text("Winner: Bob")
    expect(status).to_contain_text("Saved")
    expect(status).not_to_contain_text("Not saved")
    expect(a.page.locator("#entry form[data-entry]")).to_have_count(0)
    assert stored(server, match) == [{"type": "round", "heads": [70, 2]}]
    assert keys(server, match) == [key]
    assert len(lost) == 1
    a.check()
