"""The Game's next card, typed while the last one is on its way, is the player's: the answer's
form (the next entry's) carries it instead of wiping it, as does the form the outbox empties
when it keeps a write whose answer never came, and a pile tapped meanwhile is sent after the
card before it. Forms that show the entry on its way (a round, a hand) are locked
until the answer comes instead: a late correction never slips into the next round."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .conftest import LiveServer
from .helpers import WAIT, Phone, claim, expect, heads_box, start_match, start_nuota
from .nuota_helpers import HANDS
from .offline_helpers import stored
from .test_outbox_games import start

SENDING = "() => document.querySelector('#entry form[data-entry].htmx-request') !== null"
"""The entry form's write has left and its answer has not come."""


def hold_writes(phone: Phone) -> list[Any]:
    """Writes to the sheet wait on the way (the network is slow) until the test lets them go."""
    held: list[Any] = []
    phone.page.route(
        "**/entry/*",
        lambda route: held.append(route) if route.request.method == "POST" else route.continue_(),
    )
    return held


def wait_for_write(page: Any, held: list[Any]) -> Any:
    """The next write the page sends, held on its way: waited for, with no fixed pause."""
    deadline = time.monotonic() + WAIT / 1000
    while not held and time.monotonic() < deadline:
        # A round trip to the browser, during which Playwright hands over a held route. Not one
        # to the page: its renderer may not answer while its request is held.
        page.context.cookies()
    assert held, "no write was sent"
    return held.pop()


@dataclass
class OnItsWay:
    """The Game, with card 30 on the first pile sent and held on its way, and 45 typed next."""

    page: Any
    match: int
    held: list[Any]
    card: Any


def first_card_on_its_way(phone: Phone) -> OnItsWay:
    """Start The Game, send 30 on ▲1 (held), and type the next card, 45, meanwhile."""
    page = start(phone, "thegame", ["Ann", "Bob"])
    match = int(page.url.rsplit("/", 1)[1])
    held = hold_writes(phone)
    card = page.locator("#entry input[name='tracker-card']")
    card.fill("30")
    page.locator("#entry button[name='tracker-pile'][value='0']").click()
    page.wait_for_function(SENDING)
    assert len(held) == 1
    card.fill("45")  # the next card, typed before the first one's answer came
    return OnItsWay(page, match, held, card)


def test_a_card_typed_while_the_last_one_is_on_its_way_stays(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a = phones("A")
    way = first_card_on_its_way(a)
    page, match, held, card = way.page, way.match, way.held, way.card
    held.pop().continue_()
    expect(page.locator("#scoreboard .tg-pile .tg-top").first).to_have_text("30")
    expect(card).to_have_value("45")
    assert [move.get("card") for move in stored(server, match)] == [30]


def test_a_card_typed_while_a_write_gets_no_answer_stays_when_the_outbox_keeps_it(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a = phones("A")
    way = first_card_on_its_way(a)
    page, match, held, card = way.page, way.match, way.held, way.card
    a.allow(r"htmx:(afterRequest|sendError)|ERR_INTERNET_DISCONNECTED")
    held.pop().abort("internetdisconnected")  # the network dropped the write: no answer
    expect(page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    expect(card).to_have_value("45")
    wait_for_write(page, held).continue_()  # the outbox sends it again by itself
    expect(page.locator("#outbox")).not_to_contain_text("not sent yet")
    expect(page.locator("#scoreboard .tg-pile .tg-top").first).to_have_text("30")
    expect(card).to_have_value("45")
    assert [move.get("card") for move in stored(server, match)] == [30]


def test_a_round_on_its_way_is_locked_until_its_answer_comes(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a = phones("A")
    start_match(a, ["Ann", "Bob", "Cy"])
    claim(a, "Ann")
    page = a.page
    held = hold_writes(a)
    for seat, heads in enumerate([1, 2, 3]):
        heads_box(a, seat).fill(str(heads))
    page.locator("#entry button[type=submit]").click()
    page.wait_for_function(SENDING)
    # What is on its way is what the form shows: a late correction cannot slip into the next
    # round (nor into the round if the server refuses it).
    expect(heads_box(a, 0)).not_to_be_editable()
    expect(heads_box(a, 0)).to_have_value("1")
    held.pop().continue_()
    expect(page.locator("#entry .round-label")).to_contain_text("Round 2")
    expect(heads_box(a, 0)).to_be_editable()
    expect(heads_box(a, 0)).to_have_value("")


def test_a_hand_on_its_way_locks_its_counters(
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
    page.wait_for_function(SENDING)
    expect(page.locator("#hands-giraffe-more")).to_be_disabled()
    held.pop().continue_()
    expect(whose).to_have_value("1")  # the server's form: Bob's hand is next
    expect(page.locator("#hands-giraffe-more")).to_be_enabled()
    for name in HANDS["Ann"]:  # Ann's counts are not Bob's
        expect(page.locator(f"#hands-{name}")).to_have_value("")


def test_a_pile_tapped_while_the_last_card_is_on_its_way_is_sent_after_it(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a = phones("A")
    way = first_card_on_its_way(a)
    page, match, held, card = way.page, way.match, way.held, way.card
    page.locator("#entry button[name='tracker-pile'][value='0']").click()  # htmx drops it
    assert len(held) == 1
    held.pop().continue_()
    again = wait_for_write(page, held)  # tapped again once the first card's answer came
    assert "tracker-card=45" in (again.request.post_data or "")
    again.continue_()
    expect(page.locator("#scoreboard .tg-pile .tg-top").first).to_have_text("45")
    expect(card).to_have_value("")
    assert [move.get("card") for move in stored(server, match)] == [30, 45]


def test_a_round_saved_with_enter_starts_the_next_at_the_first_box(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    """With the keyboard: Enter in the last box saves; the next round starts at the first box,
    not in the box of the player typed last (htmx would give the focus back there). A refused
    round keeps the focus where it was; corrected and kept offline, the form empties for the
    next round (not back to the refused values) and starts at the first box too."""
    a = phones("A")
    start_match(a, ["Ann", "Bob", "Cy"])
    claim(a, "Ann")
    page = a.page
    for seat, heads in enumerate([1, 2, 3]):
        heads_box(a, seat).fill(str(heads))
    heads_box(a, 2).press("Enter")
    expect(page.locator("#entry .round-label")).to_contain_text("Round 2")
    expect(heads_box(a, 0)).to_be_focused()

    heads_box(a, 0).fill("200")  # more than a round can give
    heads_box(a, 1).fill("1")
    heads_box(a, 2).fill("1")
    heads_box(a, 2).press("Enter")
    expect(page.locator("#entry .field-error").first).to_be_visible()
    expect(heads_box(a, 2)).to_be_focused()

    a.allow(r"htmx:(afterRequest|sendError)|ERR_INTERNET_DISCONNECTED")
    a.context.set_offline(True)
    for seat, heads in enumerate([4, 5, 6]):
        heads_box(a, seat).fill(str(heads))
    heads_box(a, 1).press("Enter")
    expect(page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    # Not the refused round's 200 again (the form's own values, which a reset brings back).
    expect(heads_box(a, 0)).to_have_value("")
    expect(page.locator("#entry .field-error")).to_have_count(0)
    expect(heads_box(a, 0)).to_be_focused()
    a.context.set_offline(False)
    expect(page.locator("#entry .round-label")).to_contain_text("Round 3")


def test_an_undone_round_corrected_and_kept_offline_leaves_the_next_round_empty(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    """The undone round comes back in its boxes; corrected and kept offline, the form is the
    next round's, empty (a reset would put the undone numbers back), and it is saved once."""
    a = phones("A")
    match = start_match(a, ["Ann", "Bob"])
    claim(a, "Ann")
    page = a.page
    for seat, heads in enumerate([3, 13]):
        heads_box(a, seat).fill(str(heads))
    page.locator("#entry button[type=submit]").click()
    page.get_by_role("button", name="Undo entry #1").click()
    expect(page.locator("#entry [data-taken-back]")).to_be_visible()
    expect(heads_box(a, 1)).to_have_value("13")
    a.allow(r"htmx:(afterRequest|sendError)|ERR_INTERNET_DISCONNECTED")
    a.context.set_offline(True)
    heads_box(a, 1).fill("12")
    page.locator("#entry button[type=submit]").click()
    expect(page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    expect(heads_box(a, 0)).to_have_value("")
    expect(heads_box(a, 1)).to_have_value("")
    expect(page.locator("#entry [data-taken-back]")).to_have_count(0)
    a.context.set_offline(False)
    expect(page.locator("#outbox")).to_contain_text("Saved")  # the server has it
    assert stored(server, match)[-1] == {"type": "round", "heads": [3, 12]}
    expect(page.locator("#entry .round-label")).to_contain_text("Round 2")


def test_a_card_put_on_a_pile_with_the_keyboard_leaves_the_focus_in_the_card_box(
    phones: Callable[..., Phone],
) -> None:
    """The Game with the keyboard: type the card, Tab to a pile, Enter; the answer replaces the
    pile's button, and the next card is typed at once (refused or not), not after a walk back
    through the page from its top."""
    a = phones("A")
    page = start(a, "thegame", ["Ann", "Bob"])
    card = page.locator("#entry input[name='tracker-card']")
    for typed, lands in (("30", "30"), ("25", None)):  # 25 on ▲1 at 30 is refused
        card.fill(typed)
        card.press("Tab")
        expect(page.locator("#entry button[name='tracker-pile'][value='0']")).to_be_focused()
        page.keyboard.press("Enter")
        if lands:
            expect(page.locator("#scoreboard .tg-top").first).to_have_text(lands)
        else:
            expect(page.locator("#entry .field-error, #entry .error").first).to_be_visible()
        expect(page.locator("#entry input[name='tracker-card']")).to_be_focused()
