"""The outbox when the table moved on without it, with Playwright's offline switch: several
waiting writes the server refuses all stay on screen with what was typed; a page reloaded
offline never gives its next write the key of one already waiting; a double tap queues one
write; a write that is not an entry (an undo, a seat) says it was not sent, where it was
tapped too; a write the server fails keeps its values; the offline copy's note goes once the
server answers again."""

from __future__ import annotations

from collections.abc import Callable

from .conftest import LiveServer
from .helpers import Phone, Shots, enter_round, expect, heads_box, rows
from .offline_helpers import kept, keys, offline, stored, table, type_round, with_sw


def outbox_lines(phone: Phone) -> list[str]:
    """The lines of the status region's list (waiting, then not saved)."""
    return [line.strip() for line in phone.page.locator("#outbox li").all_text_contents()]


def test_several_refused_writes_all_stay_on_screen_with_what_was_typed(
    phones: Callable[..., Phone], server: LiveServer, shots: Shots
) -> None:
    a, b, match = table(phones)
    enter_round(a, [1, 1])
    expect(rows(b)).to_have_count(1)
    offline(b)
    type_round(b, [4, 9])
    type_round(b, [2, 2])
    expect(b.page.locator("#outbox")).to_contain_text("2 entries not sent yet")
    enter_round(a, [5, 5])  # the table moves on while B is away

    offline(b, cut=False)
    notice = b.page.locator("#entry .notice")
    expect(notice).to_be_visible()
    missed = b.page.locator("#outbox li.missed")
    expect(missed).to_have_count(1)
    expect(missed).to_contain_text(
        "Ann entered round 2 a moment ago, so your round 2 was not saved."
    )
    # The last of them, typed for round 3, comes back into round 3's form; the one before it,
    # typed for the round 2 Ann entered, is listed with its values.
    expect(missed).to_contain_text("Ann 4 · Bob 9")
    assert heads_box(b, 0).input_value() == "2" and heads_box(b, 1).input_value() == "2"
    shots(b, "two-refused")
    assert [m["heads"] for m in stored(server, match)] == [[1, 1], [5, 5]]

    b.page.reload()  # what was not saved survives a reload, until the player is done with it
    expect(b.page.locator("#outbox li.missed")).to_contain_text("Ann 4 · Bob 9")
    b.page.locator("#outbox button[data-done]").click()
    expect(b.page.locator("#outbox li.missed")).to_have_count(0)
    expect(b.page.locator("#outbox button[data-done]")).to_be_hidden()


def test_an_offline_reload_gives_the_next_write_a_key_of_its_own(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, b, match = table(phones)
    with_sw(b)
    enter_round(a, [1, 5])
    expect(rows(b)).to_have_count(1)
    kept(b)
    offline(b)
    type_round(b, [4, 9])
    expect(b.page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    waiting = b.page.evaluate("companionOutbox.pending()[0].key")

    b.page.reload()  # the kept copy may hold the form as it was when that write was taken
    expect(b.page.locator("#offline-note")).to_be_visible()
    assert b.page.locator("#entry input[name='heads-idem']").input_value() != waiting
    type_round(b, [2, 2])
    expect(b.page.locator("#outbox")).to_contain_text("2 entries not sent yet")

    offline(b, cut=False)
    expect(rows(a)).to_have_count(3)
    heads = [move["heads"] for move in stored(server, match)]
    assert heads == [[1, 5], [4, 9], [2, 2]]
    assert keys(server, match)[1] == waiting
    expect(b.page.locator("#offline-note")).to_be_hidden()  # the server answers again


def test_a_double_tap_offline_queues_one_write(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, _b, match = table(phones)
    enter_round(a, [1, 1])  # the form is now one an answer brought
    offline(a)
    heads_box(a, 0).fill("3")
    heads_box(a, 1).fill("1")
    save = a.page.locator("#entry button[type=submit]")
    save.click()
    save.click()  # wherever the status line above moved it to
    expect(a.page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    assert outbox_lines(a) == ["Ann 3 · Bob 1"]
    assert len(a.page.evaluate("companionOutbox.pending()")) == 1

    offline(a, cut=False)
    expect(rows(a)).to_have_count(2)
    expect(a.page.locator("#outbox")).to_contain_text("Saved")
    expect(a.page.locator("#entry .field-error")).to_have_count(0)
    assert [m["heads"] for m in stored(server, match)] == [[1, 1], [3, 1]]


def test_an_undo_or_a_seat_tapped_offline_says_it_was_not_sent(
    phones: Callable[..., Phone], server: LiveServer, shots: Shots
) -> None:
    a, _b, match = table(phones)
    enter_round(a, [6, 2])
    offline(a)
    type_round(a, [1, 1])  # a round waits too: the line says both
    a.page.get_by_role("button", name="Undo entry #1").click()
    status = a.page.locator("#outbox")
    expect(status).to_contain_text("Not sent: there is no network")
    expect(status).to_contain_text("1 entry not sent yet")
    near = a.page.locator("#log .unsent-note")  # where the finger is, a screen below the line
    expect(near).to_contain_text("Not sent: there is no network")
    expect(near).to_be_in_viewport()
    shots(a, "undo-offline")
    a.mark()
    a.page.locator("#seats details summary").first.click()  # "Leave my seat": a plain form
    a.page.locator("#seats details button[type=submit]").first.click()
    expect(a.page.locator("#seats .unsent-note")).to_be_visible()
    a.assert_not_reloaded()  # no browser error page: the sheet is still there

    offline(a, cut=False)
    expect(rows(a)).to_have_count(2)
    expect(status).not_to_contain_text("Not sent")
    expect(a.page.locator(".unsent-note")).to_have_count(0)
    assert [m["heads"] for m in stored(server, match)] == [[6, 2], [1, 1]], "no undo was sent"
    a.page.get_by_role("button", name="Undo entry #2").click()  # online, it goes through
    expect(rows(a)).to_have_count(1)


def test_a_save_the_server_fails_online_says_so_and_keeps_the_form(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, _b, match = table(phones)
    a.allow(r"500|Internal Server Error|htmx:responseError")
    a.page.route("**/entry/heads", lambda route: route.fulfill(status=500, body="broken"))
    type_round(a, [3, 4])
    expect(a.page.locator("#outbox")).to_contain_text("Not saved (error 500)")
    assert heads_box(a, 0).input_value() == "3" and heads_box(a, 1).input_value() == "4"
    assert stored(server, match) == []
    a.problems = [p for p in a.problems if "HTTP 500" not in p]  # the failure we staged


def test_a_write_the_server_fails_keeps_what_was_typed(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, _b, match = table(phones)
    offline(a)
    type_round(a, [2, 11])
    expect(a.page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    a.allow(r"500|Internal Server Error")
    a.page.route("**/entry/heads", lambda route: route.fulfill(status=500, body="broken"))
    offline(a, cut=False)
    missed = a.page.locator("#outbox li.missed")
    expect(missed).to_contain_text("Not saved (error 500)")
    expect(missed).to_contain_text("Ann 2 · Bob 11")
    assert stored(server, match) == []
    a.problems = [p for p in a.problems if "HTTP 500" not in p]  # the failure we staged


def test_a_round_two_phones_kept_offline_alike_is_saved_once_and_said_so(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    """Both phones typed the same round without the network: the first to reach the server
    stores it; the second is told it is saved once, not asked to enter it again."""
    a, b, match = table(phones)
    offline(a)
    offline(b)
    type_round(a, [3, 6])
    type_round(b, [3, 6])
    expect(b.page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    offline(a, cut=False)
    expect(rows(a)).to_have_count(1)
    offline(b, cut=False)
    same = b.page.locator("#outbox li.settled")  # nothing was lost: no alarm
    expect(same).to_contain_text(
        "Ann entered round 1 with the same values a moment ago: it is saved once."
    )
    assert "enter this again" not in (same.text_content() or "")
    expect(b.page.locator("#outbox li.missed")).to_have_count(0)
    expect(rows(b)).to_have_count(1)
    assert [m["heads"] for m in stored(server, match)] == [[3, 6]]
