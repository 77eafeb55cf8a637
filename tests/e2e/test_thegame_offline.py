"""The Game's turn with the network cut: the cards kept offline go on top of their piles and
count down "put down N more", End turn opens once the minimum is kept and is kept too (then the
panel closes: the next turn is the server's to open), and once the network is back the cards
and the end of the turn are stored in order, so the next player's turn is on every phone. A
reload while they wait shows the turn as it was before it: the server's page with the kept
cards on their piles again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .conftest import LiveServer
from .helpers import Phone, Shots, claim, expect, join_with_code
from .offline_helpers import offline, stored
from .test_outbox_games import outbox_lines, play, start
from .test_typed_in_flight import wait_for_write


def test_a_whole_turn_kept_offline_ends_it_once_the_network_is_back(
    phones: Callable[..., Phone], server: LiveServer, shots: Shots
) -> None:
    a = phones("A", viewport={"width": 360, "height": 740})
    page = start(a, "thegame", ["Ann", "Bob"])
    match = int(page.url.rsplit("/", 1)[1])
    actions = page.locator("#entry .tg-actions")
    end_turn = actions.locator("form[data-kept-from] button[type=submit]")
    expect(actions.locator(".hint:visible")).to_have_text(
        ["Put down 2 more cards to end the turn."]
    )
    expect(end_turn).to_be_hidden()

    offline(a)
    play(a, 30, 0)
    expect(actions.locator(".hint:visible")).to_have_text(["Put down 1 more card to end the turn."])
    expect(end_turn).to_be_hidden()
    tops = page.locator("#scoreboard .tg-pile .tg-top")
    buttons = page.locator("#entry .tg-pile-button .tg-top")
    expect(tops).to_have_text(["30", "1", "100", "100"])  # the kept card is on its pile, here
    expect(buttons).to_have_text(["30", "1", "100", "100"])  # and where the next one goes
    expect(page.locator("#scoreboard .tg-pile").first.locator(".tg-sub")).to_be_hidden()
    counts = page.locator("#scoreboard [data-kept-adds]")  # this turn, cards left, Ann's hand
    expect(counts).to_have_text(["1", "97", "6"])
    reached = page.locator("#scoreboard .tg-met")
    expect(reached).to_be_hidden()
    play(a, 90, 2)
    expect(tops).to_have_text(["30", "1", "90", "100"])
    expect(counts).to_have_text(["2", "96", "5"])
    expect(reached).to_be_visible()  # the turn's minimum is kept: ✓ before the server knows
    expect(actions.locator("p.hint:visible")).to_have_count(0)
    expect(end_turn).to_have_text("End Ann's turn: Bob plays next")
    end_turn.click()
    expect(page.locator("#outbox")).to_contain_text("3 entries not sent yet")
    assert outbox_lines(a)[-1] == "End Ann's turn: Bob plays next", outbox_lines(a)
    expect(end_turn).to_be_disabled()  # kept once: a second tap cannot end Bob's turn too
    expect(page.locator("#entry input[name='tracker-card']")).to_be_disabled()
    expect(actions.locator(".next-online")).to_be_visible()
    assert stored(server, match) == []
    shots(a, "turn-kept-offline")

    offline(a, cut=False)
    expect(page.locator("#outbox")).not_to_contain_text("not sent yet")
    expect(page.locator("#scoreboard .tg-pile .tg-top")).to_have_text(["30", "1", "90", "100"])
    moves = stored(server, match)
    assert [move.get("card") for move in moves[:2]] == [30, 90], moves
    assert len(moves) == 3 and moves[2].get("card") is None, moves
    expect(page.locator("#entry")).to_contain_text("It is Bob's turn")


def end_turn(phone: Phone) -> None:
    """Tap the End turn button the panel shows (opened by the cards kept, offline)."""
    phone.page.locator("#entry .tg-actions form[data-entry] button[type=submit]:visible").click()


def test_a_turn_entered_on_a_sheet_that_moved_on_is_listed_and_the_panel_follows_the_turn(
    phones: Callable[..., Phone], server: LiveServer, shots: Shots
) -> None:
    a = phones("A")
    page = start(a, "thegame", ["Ann", "Bob"])
    match = int(page.url.rsplit("/", 1)[1])
    b = phones("B", viewport={"width": 360, "height": 740})
    join_with_code(b, a)
    claim(b, "Bob")
    play(a, 10, 0)
    expect(b.page.locator("#scoreboard .tg-pile .tg-top").first).to_have_text("10")

    offline(a, b)
    play(a, 20, 0)
    end_turn(a)
    b.page.locator("#entry details.tg-proxy summary").click()  # Bob's phone still shows Ann's turn
    play(b, 95, 2)
    play(b, 85, 2)
    end_turn(b)
    expect(b.page.locator("#outbox")).to_contain_text("3 entries not sent yet")

    # Ann's card arrives first and her End turn last: Bob's three writes meet a sheet that has
    # moved on, but not yet to his turn.
    ends: list[Any] = []
    a.page.route(
        "**/entry/*",
        lambda route: (
            ends.append(route)
            if "action=end" in (route.request.post_data or "")
            else route.continue_()
        ),
    )
    offline(a, cut=False)
    expect(a.page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    offline(b, cut=False)
    expect(b.page.locator("#outbox")).not_to_contain_text("not sent yet")
    wait_for_write(a.page, ends).continue_()  # Ann's End turn gets through at last
    a.page.unroute("**/entry/*")
    expect(a.page.locator("#outbox")).not_to_contain_text("not sent yet")

    expect(b.page.locator("#scoreboard")).to_contain_text("Your turn, Bob")
    expect(b.page.locator("#entry details.tg-proxy")).to_have_count(0)
    missed = b.page.locator("#outbox li.missed")
    expect(missed).to_have_count(3)
    expect(missed.nth(0)).to_contain_text("95")
    # The reason is shown once, over the first of them; each line keeps it for screen readers.
    reasons = missed.locator("span")
    expect(reasons).to_have_count(3)
    expect(reasons.nth(0)).not_to_have_class("visually-hidden")
    expect(reasons.nth(1)).to_have_class("visually-hidden")
    expect(missed.nth(1)).to_contain_text("Not saved: the sheet changed first")
    assert [move.get("card") for move in stored(server, match)] == [10, 20, None]
    shots(b, "bobs-turn-with-his-missed-entries")


def test_the_undo_of_the_last_entry_hides_while_a_card_waits_offline(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a = phones("A")
    page = start(a, "thegame", ["Ann", "Bob"])
    board = page.locator("#scoreboard")
    version = board.get_attribute("data-version") or ""
    play(a, 30, 0)
    expect(board).not_to_have_attribute("data-version", version)
    undo = page.locator("#entry form.undo-last button")
    expect(undo).to_contain_text("Undo the last entry: ")
    expect(undo).to_contain_text("30")
    offline(a)
    play(a, 40, 0)
    expect(page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    expect(undo).to_be_hidden()  # it would undo the 30, while the last entry is the 40
    offline(a, cut=False)
    expect(page.locator("#outbox")).not_to_contain_text("not sent yet")
    expect(undo).to_contain_text("40")
    a.check()


def test_a_reload_while_a_turn_waits_shows_the_kept_cards_and_the_closed_panel_again(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a = phones("A")
    page = start(a, "thegame", ["Ann", "Bob"])
    match = int(page.url.rsplit("/", 1)[1])
    a.allow(r"ERR_CONNECTION_REFUSED|htmx:(afterRequest|sendError)")
    page.route("**/entry/**", lambda route: route.abort("connectionrefused"))
    play(a, 30, 0)
    play(a, 90, 2)
    end_turn(a)
    expect(page.locator("#outbox")).to_contain_text("3 entries not sent yet")

    a.reload()
    expect(page.locator("#outbox")).to_contain_text("3 entries not sent yet")
    expect(page.locator("#scoreboard .tg-pile .tg-top")).to_have_text(["30", "1", "90", "100"])
    expect(page.locator("#scoreboard [data-kept-adds]")).to_have_text(["2", "96", "5"])
    expect(page.locator("#scoreboard .tg-met")).to_be_visible()
    actions = page.locator("#entry .tg-actions")
    expect(actions.locator(".next-online")).to_be_visible()
    expect(actions.locator("form[data-kept-from] button[type=submit]")).to_be_disabled()
    expect(page.locator("#entry input[name='tracker-card']")).to_be_disabled()
    assert stored(server, match) == []

    page.unroute("**/entry/**")
    page.evaluate("dispatchEvent(new Event('online'))")
    expect(page.locator("#entry")).to_contain_text("It is Bob's turn")
    moves = stored(server, match)
    assert [move.get("card") for move in moves] == [30, 90, None], moves
    a.check()
