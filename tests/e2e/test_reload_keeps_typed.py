"""A round half typed survives a reload of the page (pulled to refresh, or a tab the browser
dropped): 6 nimmt!'s heads for two of five players come back, and a Nuota hand's counts with
its total, and cards typed in another tab of the panel when that tab is chosen again; once the
round is saved a reload shows an empty form, and numbers typed for a round
another phone saved meanwhile are not put into the next round's form. A round typed after one
the outbox keeps comes back too, in the form for the round after the kept one; a last round kept
shows in its closed form again."""

from __future__ import annotations

from collections.abc import Callable

from .conftest import LiveServer
from .helpers import (
    Phone,
    Shots,
    claim,
    expect,
    heads_box,
    join_with_code,
    rows,
    start_match,
    start_nuota,
)
from .nuota_helpers import settled, version_of
from .offline_helpers import last_round_due, stored, table, type_round

NAMES = ["Ann", "Bob", "Cy", "Dan", "Eve"]
DRAFT = """() => Object.keys(sessionStorage)
    .filter((key) => key.startsWith("companion.draft:" + location.pathname + ":"))
    .map((key) => sessionStorage.getItem(key)).join() || null"""
"""What this page keeps of its entry forms, or null."""


def typed_two(phone: Phone, server: LiveServer, match: int) -> None:
    """Wait for the form to follow the sheet as the server has it, then type two players' heads."""
    settled(phone, version_of(server, match))
    heads_box(phone, 0).fill("7")
    heads_box(phone, 2).fill("12")
    phone.page.wait_for_function(f"({DRAFT})() !== null")


def test_half_typed_heads_come_back_after_a_reload_until_the_round_is_saved(
    phones: Callable[..., Phone], server: LiveServer, shots: Shots
) -> None:
    a = phones("A", viewport={"width": 360, "height": 780})
    match = start_match(a, NAMES)
    page = a.page
    typed_two(a, server, match)
    kept = page.evaluate(DRAFT)
    assert "csrf" not in kept and "idem" not in kept and "version" not in kept
    a.reload()
    expect(heads_box(a, 0)).to_have_value("7")
    expect(heads_box(a, 2)).to_have_value("12")
    expect(heads_box(a, 1)).to_have_value("")
    expect(page.locator("#entry form[data-entry]")).to_have_attribute("data-dirty", "1")
    shots(a, "given-back-after-reload")
    a.poll_now()  # a typed-in form given back is typed-in: the sheet's updates leave it
    expect(heads_box(a, 0)).to_have_value("7")

    for seat, heads in [(1, 3), (3, 0), (4, 5)]:
        heads_box(a, seat).fill(str(heads))
    page.locator("#entry button[type=submit]").click()
    expect(page.locator("#entry .round-label")).to_contain_text("Round 2")
    a.reload()
    expect(page.locator("#entry .round-label")).to_contain_text("Round 2")
    for seat in range(len(NAMES)):
        expect(heads_box(a, seat)).to_have_value("")
    assert page.evaluate(DRAFT) is None
    a.check()


def test_heads_typed_for_a_round_another_phone_saved_are_not_given_back(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a = phones("A")
    match = start_match(a, NAMES)
    b = phones("B")
    join_with_code(b, a)
    claim(b, "Bob")
    typed_two(a, server, match)  # typed at the version the seat claim left

    settled(b, version_of(server, match))
    for seat, heads in enumerate([1, 2, 3, 4, 5]):
        heads_box(b, seat).fill(str(heads))
    b.page.locator("#entry button[type=submit]").click()
    expect(b.page.locator("#entry .round-label")).to_contain_text("Round 2")

    a.reload()
    page = a.page
    expect(page.locator("#scoreboard")).to_contain_text("Bob")
    expect(page.locator("#entry .round-label")).to_contain_text("Round 2")
    for seat in range(len(NAMES)):
        expect(heads_box(a, seat)).to_have_value("")
    assert page.evaluate(DRAFT) is None
    a.check()
    b.check()


def test_counts_tapped_on_a_hand_come_back_with_their_total(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a = phones("A")
    page = start_nuota(a, ["Ann", "Bob", "Cy"])
    settled(a, version_of(server, int(page.url.rsplit("/", 1)[1])))
    plus = page.locator("#hands-giraffe-more")
    for taps in (1, 2):
        plus.click()
        expect(page.locator("#hands-giraffe")).to_have_value(str(taps))
    page.locator("#hands-bear").fill("3")
    expect(page.locator("#hand-count")).to_contain_text("5 cards")
    a.reload()
    expect(page.locator("#hands-giraffe")).to_have_value("2")
    expect(page.locator("#hands-bear")).to_have_value("3")
    expect(page.locator("#hand-count")).to_contain_text("5 cards")
    plus.click()  # the counter goes on from the number it shows
    expect(page.locator("#hands-giraffe")).to_have_value("3")
    expect(page.locator("#hand-count")).to_contain_text("6 cards")
    a.check()


def test_cards_typed_in_another_tab_come_back_when_that_tab_is_chosen_after_a_reload(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a = phones("A")
    match = start_match(a, NAMES)
    page = a.page
    settled(a, version_of(server, match))
    tabs = page.locator("#entry .tabs")
    tabs.get_by_role("link", name="Cards taken").click()
    cards = page.locator("#entry input[name='cards-seat1']")
    cards.fill("5.17.55")
    page.wait_for_function(f"({DRAFT})() !== null")
    a.reload()
    expect(page.locator("#entry .tabs a[aria-current=page]")).to_have_text("Bull heads")
    tabs.get_by_role("link", name="Cards taken").click()
    expect(cards).to_have_value("5.17.55")
    expect(page.locator("#entry input[name='cards-seat0']")).to_have_value("")
    a.check()


def test_a_round_typed_after_one_the_outbox_keeps_comes_back_after_a_reload(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, _b, match = table(phones)
    page = a.page
    a.allow(r"ERR_CONNECTION_REFUSED|htmx:(afterRequest|sendError)")
    page.route("**/entry/**", lambda route: route.abort("connectionrefused"))
    type_round(a, [2, 11])
    expect(page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    expect(page.locator("#entry .round-label")).to_contain_text("Round 2")
    heads_box(a, 0).fill("7")
    page.wait_for_function(f"({DRAFT})() !== null")

    a.reload()
    expect(page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    expect(page.locator("#entry .round-label")).to_contain_text("Round 2")  # not round 1 again
    expect(heads_box(a, 0)).to_have_value("7")
    expect(heads_box(a, 1)).to_have_value("")

    page.unroute("**/entry/**")
    page.evaluate("dispatchEvent(new Event('online'))")
    expect(page.locator("#outbox")).to_contain_text("Saved")
    expect(rows(a)).to_have_count(1)
    expect(heads_box(a, 0)).to_have_value("7")  # the kept round's answer leaves it typed
    heads_box(a, 1).fill("4")
    page.locator("#entry button[type=submit]").click()
    expect(rows(a)).to_have_count(2)
    assert [move["heads"] for move in stored(server, match)] == [[2, 11], [7, 4]]
    a.check()


def test_the_last_round_kept_shows_in_its_closed_form_after_a_reload(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, match = last_round_due(phones)
    page = a.page
    a.allow(r"ERR_CONNECTION_REFUSED|htmx:(afterRequest|sendError)")
    page.route("**/entry/**", lambda route: route.abort("connectionrefused"))
    type_round(a, [4, 0, 1])
    expect(page.locator("#outbox")).to_contain_text("1 entry not sent yet")

    a.reload()
    form = page.locator("#entry form[data-entry]")
    expect(form.locator(".next-online")).to_contain_text("Kept on this phone as entered below")
    expect(form.locator(".round-label")).to_contain_text("Round 2")
    for seat, heads in enumerate(["4", "0", "1"]):
        expect(heads_box(a, seat)).to_have_value(heads)  # as kept, not an empty form
        expect(heads_box(a, seat)).to_be_disabled()

    page.unroute("**/entry/**")
    page.evaluate("dispatchEvent(new Event('online'))")
    expect(page.locator("#scoreboard .winners")).to_have_text("Winner: Bob")
    assert [move["heads"] for move in stored(server, match)] == [[1, 2, 3], [4, 0, 1]]
    a.check()
