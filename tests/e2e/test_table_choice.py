"""6 nimmt! table mode, a turn waiting for Bob's row choice, on three phones: the phone whose
choice came second is told so, and the refresh that follows the sheet keeps telling it; a
row chosen offline waits in the outbox, with every row button still in its place, and is
placed once the network is back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .conftest import LiveServer
from .helpers import Phone, Shots, claim, expect, join_with_code, match_id
from .offline_helpers import offline, stored
from .test_table_mode import FIRST_TURN, ROW_STARTERS, submit_table, table_match

LATE = "That choice is no longer needed: the sheet changed."


def polls(url: str) -> bool:
    """A poll of the sheet (not the doorbell, not a write)."""
    return "/live?" in url


def rows_on_the_table(phones: Callable[..., Phone]) -> tuple[Phone, Phone, Phone]:
    """Ann's phone starts a table-mode match of Ann, Bob and Cy, Bob's and Cy's phones join
    and sit, and Ann's phone enters the rows."""
    a = phones("A")
    table_match(a, ["Ann", "Bob", "Cy"])
    b, c = phones("B"), phones("C")
    for phone, name in ((b, "Bob"), (c, "Cy")):
        join_with_code(phone, a)
        claim(phone, name)
    submit_table(a, ROW_STARTERS, "row")
    return a, b, c


def waiting_for_bob(phones: Callable[..., Phone]) -> tuple[Phone, Phone, Phone, int]:
    """:func:`rows_on_the_table`, and the first turn waits for Bob (his 5 is lower than every
    row)."""
    a, b, c = rows_on_the_table(phones)
    submit_table(a, FIRST_TURN, "seat")
    for phone in (a, b, c):
        expect(phone.page.locator("#table-panel .choice")).to_contain_text("Bob's 5 is lower")
    return a, b, c, match_id(a)


def test_the_phone_whose_row_choice_came_second_keeps_being_told(
    phones: Callable[..., Phone], server: LiveServer, shots: Shots
) -> None:
    a, b, c, match = waiting_for_bob(phones)
    # Cy's phone learns of Bob's choice by a poll that is still on its way when Cy taps.
    held: list[Any] = []  # the routes held, until None says to let every poll through
    c.page.route(polls, lambda route: route.continue_() if None in held else held.append(route))
    with c.page.expect_request(lambda r: polls(r.url)):
        b.page.locator("#table-panel .choice-rows button").nth(0).click()  # Bob: row 1
    expect(a.page.locator("#table-panel")).to_contain_text("Bob's 5 was lower than every row")
    c.page.locator("#table-panel .for-other summary").click()
    c.page.locator("#table-panel .for-other .choice-rows button").nth(1).click()  # Cy: row 2
    notice = c.page.locator("#entry .notice[role=alert]")
    expect(notice).to_have_text(LATE)
    with c.page.expect_response(lambda r: polls(r.url)):
        waiting, held[:] = list(held), [None]
        for route in waiting:
            route.continue_()
    c.poll_now()  # the late poll's panel has been swapped in by now
    expect(notice).to_have_text(LATE)
    shots(c, "told-the-choice-came-second")

    # The sheet moves on: the panel follows it, and still says what became of the tap ...
    version = c.page.locator("#scoreboard").get_attribute("data-version") or ""
    submit_table(a, [71, 72, 73], "seat")
    expect(c.page.locator("#scoreboard")).not_to_have_attribute("data-version", version)
    expect(c.page.locator("#entry input[name='table-version']")).to_have_value(
        c.page.locator("#scoreboard").get_attribute("data-version") or ""
    )
    expect(notice).to_have_text(LATE)
    # ... until Cy's phone does something again.
    submit_table(c, [74, 75, 76], "seat")
    expect(notice).to_have_count(0)
    c.poll_now()
    expect(notice).to_have_count(0)
    assert [m.get("row_choice") for m in stored(server, match)][1] == [None, 0, None]


def test_a_row_chosen_offline_waits_in_the_outbox_and_is_placed_when_the_network_returns(
    phones: Callable[..., Phone], server: LiveServer, shots: Shots
) -> None:
    a, b, _c, match = waiting_for_bob(phones)
    buttons = b.page.locator("#table-panel .choice-rows button")
    boxes = [buttons.nth(i).bounding_box() for i in range(4)]
    offline(b)
    buttons.nth(1).click()  # row 2: the 37, 1 head
    status = b.page.locator("#outbox")
    expect(status).to_contain_text("1 entry not sent yet")
    expect(status.locator("li")).to_have_text(["Row 2 · 1 head"])
    expect(b.page.locator(".unsent-note")).to_have_count(0)
    # Every row stays where it was; the choice is made, so none can be tapped a second time.
    expect(buttons).to_have_count(4)
    for i in range(4):
        expect(buttons.nth(i)).to_be_visible()
        expect(buttons.nth(i)).to_be_disabled()
        box = buttons.nth(i).bounding_box()
        assert box is not None and boxes[i] is not None
        assert abs(box["x"] - boxes[i]["x"]) < 1 and abs(box["width"] - boxes[i]["width"]) < 1
    shots(b, "row-kept-offline")
    assert len(stored(server, match)) == 1  # the rows only: the turn still waits

    offline(b, cut=False)
    placed = "Bob's 5 was lower than every row: took row 2 (1 card, 1 head)"
    expect(a.page.locator("#table-panel")).to_contain_text(placed)
    expect(b.page.locator("#table-panel")).to_contain_text(placed)
    expect(status).to_contain_text("Saved")
    expect(b.page.locator("#table-panel .choice")).to_have_count(0)
    assert [m.get("row_choice") for m in stored(server, match)] == [None, [None, 1, None]]


def test_a_row_kept_offline_after_another_phone_chose_is_listed_as_not_saved(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, b, c, match = waiting_for_bob(phones)
    offline(b)
    b.page.locator("#table-panel .choice-rows button").nth(1).click()  # Bob, offline: row 2
    expect(b.page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    c.page.locator("#table-panel .for-other summary").click()
    c.page.locator("#table-panel .for-other .choice-rows button").nth(0).click()  # Cy: row 1
    expect(a.page.locator("#table-panel")).to_contain_text("took row 1")

    offline(b, cut=False)
    missed = b.page.locator("#outbox li.missed")
    expect(missed).to_contain_text("Not saved: the sheet changed first")
    expect(missed).to_contain_text("Row 2 · 1 head")
    expect(b.page.locator("#table-panel")).to_contain_text("took row 1")
    assert [m.get("row_choice") for m in stored(server, match)] == [None, [None, 0, None]]


def test_a_turn_kept_offline_that_waits_for_a_row_choice_is_said_saved(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    """The answer to such a turn asks Bob to choose (an alert in the table panel): that is the
    turn stored, not a refusal of it."""
    a, b, _c = rows_on_the_table(phones)
    match = match_id(a)
    # The rows reach B's phone by a ring or a poll: cut only once its form is the turn's.
    expect(b.page.locator("#entry input[name='table-seat0']")).to_be_editable()
    offline(b)
    for index, value in enumerate(FIRST_TURN):
        b.page.locator(f"#entry input[name='table-seat{index}']").fill(str(value))
    b.page.locator("#entry form[data-entry] button[type=submit]").click()
    expect(b.page.locator("#outbox")).to_contain_text("1 entry not sent yet")

    offline(b, cut=False)
    expect(b.page.locator("#table-panel .choice")).to_contain_text("Bob's 5 is lower")
    expect(b.page.locator("#outbox")).to_contain_text("Saved")
    expect(b.page.locator("#outbox li.missed")).to_have_count(0)
    assert len(stored(server, match)) == 1  # the rows; the turn is held for Bob's choice
