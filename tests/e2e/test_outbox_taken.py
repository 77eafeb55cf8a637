"""The outbox when another phone entered the very rounds it kept, with Playwright's offline
switch: a round kept with the same values is said to be saved once, without alarm, and the
note goes once the next round is saved; a round kept with other values is told as that round's,
never offered in the next round's form."""

from __future__ import annotations

from collections.abc import Callable

from .conftest import LiveServer
from .helpers import Phone, Shots, enter_round, expect, heads_box, rows
from .offline_helpers import offline, stored, table, type_round


def test_rounds_entered_meanwhile_are_named_and_the_same_ones_said_without_alarm(
    phones: Callable[..., Phone], server: LiveServer, shots: Shots
) -> None:
    a, b, match = table(phones)
    offline(b)
    type_round(b, [4, 6])  # round 1, as Ann enters it too
    type_round(b, [20, 13])  # round 2, which Ann enters as 20 · 12
    expect(b.page.locator("#outbox")).to_contain_text("2 entries not sent yet")
    enter_round(a, [4, 6])
    enter_round(a, [20, 12])

    offline(b, cut=False)
    outbox = b.page.locator("#outbox")
    same = outbox.locator("li.settled")
    expect(same).to_have_text(
        "Ann entered round 1 with the same values a moment ago: it is saved once. Ann 4 · Bob 6"
    )
    taken = outbox.locator("li.missed")
    expect(taken).to_have_text(
        "Ann entered round 2 a moment ago, so your round 2 was not saved. Ann 20 · Bob 13"
    )
    expect(rows(b)).to_have_count(2)
    assert heads_box(b, 0).input_value() == "" and heads_box(b, 1).input_value() == ""
    expect(b.page.locator("#entry")).to_contain_text("Round 3")
    shots(b, "taken-and-same")
    assert [m["heads"] for m in stored(server, match)] == [[4, 6], [20, 12]]

    type_round(b, [1, 2])  # the next round saved: the note that nothing was lost goes
    expect(rows(b)).to_have_count(3)
    expect(same).to_have_count(0)
    expect(taken).to_have_count(1)  # what was not saved stays until the player is done with it

    b.page.reload()
    expect(taken).to_have_count(1)
    b.page.locator("#outbox button[data-done]").click()
    expect(taken).to_have_count(0)


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
