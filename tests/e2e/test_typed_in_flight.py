"""What a player types while their own write is on its way is theirs: the answer that replaces
the form (the next entry's, or the same one refused) carries it over instead of wiping it, and
a write the outbox keeps after its answer never came does the same. Only what was typed or
tapped then is carried, never the rest of the old entry."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from .conftest import LiveServer
from .helpers import WAIT, Phone, expect, start_nuota
from .test_nuota import HANDS
from .test_offline import stored
from .test_outbox_games import start


def hold_writes(phone: Phone) -> list[Any]:
    """Writes to the sheet wait on the way (the network is slow) until the test lets them go."""
    held: list[Any] = []
    phone.page.route(
        "**/entry/*",
        lambda route: held.append(route) if route.request.method == "POST" else route.continue_(),
    )
    return held


def test_a_card_typed_while_the_last_one_is_on_its_way_stays(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a = phones("A")
    page = start(a, "thegame", ["Ann", "Bob"])
    match = int(page.url.rsplit("/", 1)[1])
    held = hold_writes(a)
    card = page.locator("#entry input[name='tracker-card']")
    card.fill("30")
    page.locator("#entry button[name='tracker-pile'][value='0']").click()
    page.wait_for_function(
        "() => document.querySelector('#entry form[data-entry].htmx-request') !== null"
    )
    assert len(held) == 1
    card.fill("45")  # the next card, typed before the first one's answer came
    held.pop().continue_()
    expect(page.locator("#scoreboard .tg-pile .tg-top").first).to_have_text("30")
    expect(card).to_have_value("45")
    assert [move.get("card") for move in stored(server, match)] == [30]


def test_a_card_typed_while_a_write_gets_no_answer_stays_when_the_outbox_keeps_it(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a = phones("A")
    page = start(a, "thegame", ["Ann", "Bob"])
    match = int(page.url.rsplit("/", 1)[1])
    held = hold_writes(a)
    card = page.locator("#entry input[name='tracker-card']")
    card.fill("30")
    page.locator("#entry button[name='tracker-pile'][value='0']").click()
    page.wait_for_function(
        "() => document.querySelector('#entry form[data-entry].htmx-request') !== null"
    )
    card.fill("45")
    a.allow(r"htmx:(afterRequest|sendError)|ERR_INTERNET_DISCONNECTED")
    held.pop().abort("internetdisconnected")  # the network dropped the write: no answer
    expect(page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    expect(card).to_have_value("45")
    deadline = time.monotonic() + WAIT / 1000
    while not held and time.monotonic() < deadline:  # the outbox sends it again by itself
        page.wait_for_timeout(100)  # lets the route handler run; the state is what is waited for
    assert held, "the outbox never sent the kept write again"
    held.pop().continue_()
    expect(page.locator("#outbox")).not_to_contain_text("not sent yet")
    expect(page.locator("#scoreboard .tg-pile .tg-top").first).to_have_text("30")
    expect(card).to_have_value("45")
    assert [move.get("card") for move in stored(server, match)] == [30]


def test_a_counter_tapped_while_a_hand_is_on_its_way_carries_only_that_count(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a = phones("A")
    page = start_nuota(a, ["Ann", "Bob", "Cy"])
    whose = page.locator("#hands-seat")
    expect(whose).to_have_value("0")
    held = hold_writes(a)
    for name, count in HANDS["Ann"].items():
        page.locator(f"#hands-{name}").fill(str(count))
    page.locator("#entry button.primary").click()
    page.wait_for_function(
        "() => document.querySelector('#entry form[data-entry].htmx-request') !== null"
    )
    page.locator("#hands-dog-more").click()  # Bob's first card, tapped before the answer
    expect(page.locator("#hands-dog")).to_have_value("1")
    held.pop().continue_()
    expect(whose).to_have_value("1")  # the server's form: Bob's hand is next
    expect(page.locator("#hands-dog")).to_have_value("1")
    for name in HANDS["Ann"]:  # Ann's counts, shown in the old form, are not Bob's
        expect(page.locator(f"#hands-{name}")).to_have_value("")
