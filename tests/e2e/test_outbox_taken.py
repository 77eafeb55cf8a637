"""The outbox when another phone entered the very rounds it kept, with Playwright's offline
switch: a round kept with other values is told as that round's, never offered in the next
round's form; one kept behind it still comes back for its own round."""

from __future__ import annotations

from collections.abc import Callable

from .conftest import LiveServer
from .helpers import Phone, enter_round, expect, heads_box
from .test_offline import offline, stored, table, type_round


def test_a_round_kept_behind_one_entered_meanwhile_comes_back_for_its_own_round(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    """B kept rounds 1 and 2; Ann entered round 1 only: B's round 1 is told as round 1's, and
    B's round 2 is still round 2's, so it comes back in round 2's form, kept to send."""
    a, b, match = table(phones)
    offline(b)
    type_round(b, [3, 3])
    type_round(b, [5, 7])
    expect(b.page.locator("#outbox")).to_contain_text("2 entries not sent yet")
    enter_round(a, [3, 4])

    offline(b, cut=False)
    expect(b.page.locator("#outbox li.missed")).to_contain_text("your round 1 was not saved")
    expect(b.page.locator("#entry .notice[data-kept]")).to_be_visible()
    expect(b.page.locator("#entry")).to_contain_text("Round 2")
    assert heads_box(b, 0).input_value() == "5" and heads_box(b, 1).input_value() == "7"
    assert [m["heads"] for m in stored(server, match)] == [[3, 4]]
