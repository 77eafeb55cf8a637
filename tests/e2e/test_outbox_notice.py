"""The panel's word on an earlier write goes once a new one is kept: "Ann entered round 1 a
moment ago" stood above rounds queued offline after it, as if it were about them."""

from __future__ import annotations

from collections.abc import Callable

from .conftest import LiveServer
from .helpers import Phone, expect, heads_box, rows
from .offline_helpers import offline, stored, table, type_round


def test_a_round_kept_offline_clears_the_notice_of_an_earlier_conflict(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, b, match = table(phones)
    for seat, value in enumerate([4, 14]):
        heads_box(b, seat).fill(str(value))  # typed on B, not sent yet
    type_round(a, [3, 13])
    expect(rows(a)).to_have_count(1)
    b.page.locator("#entry button[type=submit]").click()
    notice = b.page.locator("#entry > .notice")
    expect(notice).to_contain_text("Ann entered round 1 a moment ago")
    expect(heads_box(b, 1)).to_have_value("")  # typed for round 1: not offered as round 2's

    offline(b)
    for seat, value in enumerate([4, 14]):
        heads_box(b, seat).fill(str(value))  # B enters it as round 2 after all
    b.page.locator("#entry button[type=submit]").click()
    expect(b.page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    expect(notice).to_have_count(0)
    offline(b, cut=False)
    expect(rows(b)).to_have_count(2)
    expect(notice).to_have_count(0)  # the answers and polls since do not bring it back
    assert stored(server, match) == [
        {"type": "round", "heads": [3, 13]},
        {"type": "round", "heads": [4, 14]},
    ]
