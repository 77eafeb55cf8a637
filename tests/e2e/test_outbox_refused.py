"""What the outbox does with a write the server refuses once the network is back: a round
refused for its values (or answered with an error) holds back the rounds queued after it, and
the one being typed (they were typed as the ones after it, and would be stored in its place),
each listed; what was typed goes as typed (a negative number too); and the taps that need the
server (the language switch) say so offline instead of leaving the sheet. The Game's refused
cards, listed with the server's reason, are in test_outbox_games.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .conftest import LiveServer
from .helpers import Phone, claim, expect, heads_box, start_match
from .offline_helpers import offline, stored, type_round
from .test_outbox_games import outbox_lines


def alone(phones: Callable[..., Phone]) -> tuple[Phone, int]:
    """A 6 nimmt! match of Ann and Bob on one phone, in Ann's seat."""
    a = phones("A")
    match = start_match(a, ["Ann", "Bob"])
    claim(a, "Ann")
    return a, match


def test_rounds_queued_after_a_refused_round_are_not_stored_in_its_place(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, match = alone(phones)
    offline(a)
    type_round(a, [2, 500])  # a slip: refused once it arrives
    type_round(a, [3, 3])  # typed as round 2
    expect(a.page.locator("#outbox")).to_contain_text("2 entries not sent yet")

    offline(a, cut=False)
    form = a.page.locator("#entry form[data-entry]")
    expect(form.locator(".field-error")).to_contain_text("At most 167")
    expect(form.locator("button[type=submit]")).to_have_text("Save round 1")
    expect(heads_box(a, 1)).to_have_value("500")
    lines = outbox_lines(a)
    assert len(lines) == 1 and "the entry before it was not saved" in lines[0], lines
    assert lines[0].endswith("Ann 3 · Bob 3"), lines
    assert stored(server, match) == []  # round 2's numbers were not stored as round 1

    heads_box(a, 1).fill("5")
    form.locator("button[type=submit]").click()
    expect(a.page.locator("#entry button[type=submit]")).to_have_text("Save round 2")
    assert [move["heads"] for move in stored(server, match)] == [[2, 5]]


def test_a_round_being_typed_when_the_one_before_is_refused_is_listed_not_stored(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, match = alone(phones)
    offline(a)
    type_round(a, [2, 500])
    type_round(a, [3, 3])
    heads_box(a, 0).fill("4")  # round 3, typed and not yet saved
    heads_box(a, 1).fill("4")
    offline(a, cut=False)
    form = a.page.locator("#entry form[data-entry]")
    expect(form.locator(".field-error")).to_contain_text("At most 167")
    expect(form.locator("button[type=submit]")).to_have_text("Save round 1")
    expect(a.page.locator("#outbox li.missed")).to_have_count(2)
    lines = outbox_lines(a)
    assert [line.rsplit(":", 1)[-1].strip() for line in lines] == [
        "Ann 3 · Bob 3",
        "Ann 4 · Bob 4",
    ], lines
    assert stored(server, match) == []


def test_a_round_the_server_answers_with_an_error_holds_back_the_ones_after_it(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, match = alone(phones)
    a.allow(r"status of 400")
    failed: list[str] = []

    def first_fails(route: Any) -> None:
        if route.request.method == "POST" and not failed:
            failed.append(route.request.url)
            route.fulfill(status=400, body="Bad Request")
        else:
            route.continue_()

    a.page.route("**/entry/*", first_fails)
    offline(a)
    type_round(a, [2, 5])
    type_round(a, [3, 3])
    offline(a, cut=False)
    expect(a.page.locator("#outbox li.missed")).to_have_count(2)
    lines = outbox_lines(a)
    assert "error 400" in lines[0] and lines[0].endswith("Ann 2 · Bob 5"), lines
    assert "the entry before it was not saved" in lines[1], lines
    assert lines[1].endswith("Ann 3 · Bob 3"), lines
    expect(a.page.locator("#entry button[type=submit]")).to_have_text("Save round 1")
    assert stored(server, match) == []


def test_a_negative_number_kept_offline_is_sent_as_typed(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, match = alone(phones)
    offline(a)
    type_round(a, [-3, 4])
    expect(a.page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    offline(a, cut=False)
    expect(a.page.locator("#entry .field-error")).to_have_text("Bull heads cannot be negative.")
    expect(heads_box(a, 0)).to_have_value("-3")
    assert stored(server, match) == []


def test_the_language_switch_offline_stays_on_the_sheet_and_says_why(
    phones: Callable[..., Phone],
) -> None:
    a, match = alone(phones)
    offline(a)
    a.page.locator("footer a[lang='it']").click()
    expect(a.page.locator("#outbox")).to_contain_text("Not sent: there is no network")
    expect(a.page.locator("footer .unsent-note")).to_be_visible()
    assert a.page.url.endswith(f"/m/{match}")
    offline(a, cut=False)
    a.page.locator("footer a[lang='it']").click()
    expect(a.page.locator("#entry button[type=submit]")).to_have_text("Salva la mano 1")


def test_writes_that_cannot_be_sent_are_not_called_live(phones: Callable[..., Phone]) -> None:
    a, _ = alone(phones)
    connection = a.page.locator("#connection")
    expect(connection).to_have_attribute("data-state", "live")
    a.allow(r"htmx:(afterRequest|sendError)|ERR_FAILED")
    # The server takes no new write (it is shutting down), while the page still hears it.
    a.page.route("**/entry/*", lambda route: route.abort())
    type_round(a, [2, 3])
    expect(a.page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    expect(connection).to_have_attribute("data-state", "reconnecting")
