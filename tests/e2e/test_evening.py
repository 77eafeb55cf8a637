"""A 6 nimmt! evening on real phones: start, join by scanning the QR code, live updates both ways,
undo, a half-typed form that polling leaves alone, the end, the rematch and the history."""

from __future__ import annotations

import re
from collections.abc import Callable

from .conftest import LiveServer
from .helpers import (
    WAIT,
    Phone,
    Shots,
    claim,
    decode_qr,
    enter_round,
    expect,
    fill_new_match,
    heads_box,
    join_with_code,
    match_id,
    mine,
    rows,
    start_match,
)
from .italian_helpers import assert_italian, italian


def test_an_evening_on_two_phones(
    server: LiveServer, phones: Callable[..., Phone], shots: Shots
) -> None:
    a, b = phones("A"), phones("B")

    # Phone A starts the sheet: 6 nimmt!, three players, two rounds.
    first = start_match(a, ["Ann", "Bob", "Cy"], rounds=2, shots=shots)
    shots(a, "sheet-created")
    expect(a.page.locator("#invite details")).to_have_attribute("open", "")
    code = a.page.locator("#invite [data-code]").inner_text().strip()
    assert re.fullmatch(r"[A-Z2-9]{6}", code), code

    # The test reads the QR image; phone B opens the address it encodes.
    link = decode_qr(a, shots.next(a, "qr"))
    assert link.startswith(f"{server.url}/j/{code}?k="), link
    b.goto(link)
    assert b.page.url == f"{server.url}/m/{first}", "the token must leave the address bar"
    shots(b, "joined-by-qr")

    # B says "I am Bob", and is still Bob after a reload.
    claim(b, "Bob")
    shots(b, "claimed-bob")
    b.reload()
    expect(mine(b)).to_contain_text("Bob")
    expect(mine(b)).to_contain_text("you")
    you = b.page.locator("#seats").get_attribute("data-you")
    marked = b.page.locator(f'#scoreboard th[data-seat="{you}"]')
    expect(marked).to_contain_text("Bob")
    expect(marked).to_have_css("text-decoration-line", "underline")
    shots(b, "reloaded-still-bob")

    # A sits as Ann (its new-match form said so; Bob's seat is held by a phone at the table).
    claim(a, "Ann")
    expect(a.page.locator("#seats").get_by_role("button", name="I am Bob")).to_contain_text(
        "ask its phone"
    )
    a.mark()
    b.mark()
    before = len(b.requests)
    enter_round(a, [3, 10, 0])
    shots(a, "entered-round-1")

    # B sees the new row without reloading (the poll runs every 2 s); its untouched form
    # follows the sheet in the same answer, with no request of its own.
    expect(rows(b)).to_have_count(1, timeout=WAIT)
    expect(b.page.locator("#entry .round-label")).to_contain_text("Round 2")
    assert not [r for r in b.requests[before:] if "/entry" in r], b.requests[before:]
    expect(rows(b).first).to_contain_text("10")
    expect(b.page.locator("#log")).to_contain_text("from Ann's phone")
    b.assert_not_reloaded()
    b.check()
    shots(b, "sees-round-1")

    # B undoes it (Ann's phone made it: B confirms); A sees that without reloading.
    b.page.locator("#log details.for-other summary").first.click()
    b.page.get_by_role("button", name="Undo entry #1").click()
    expect(rows(b)).to_have_count(0)
    shots(b, "undid-round-1")
    expect(rows(a)).to_have_count(0, timeout=WAIT)
    expect(a.page.locator("#log")).to_contain_text("undone")
    expect(a.page.locator("#log")).to_contain_text("from Bob's phone")
    a.assert_not_reloaded()
    a.check()
    shots(a, "sees-undo")

    # B starts typing; A enters the round meanwhile; the poll leaves B's half-typed form alone.
    expect(b.page.locator("#entry .round-label")).to_contain_text("Round 1")
    heads_box(b, 1).fill("7")
    typed = len(b.requests)
    enter_round(a, [3, 10, 0])
    expect(rows(b)).to_have_count(1, timeout=WAIT)
    b.poll_now()  # any refresh of the entry form would have been asked for by now
    expect(heads_box(b, 1)).to_have_value("7")
    assert not [r for r in b.requests[typed:] if "/entry" in r], b.requests[typed:]
    b.assert_not_reloaded()
    b.check()
    shots(b, "half-typed-form-kept")

    # B sends its stale form: refused with a clear notice and the fresh form for round 2.
    heads_box(b, 0).fill("1")
    heads_box(b, 2).fill("2")
    b.page.locator("#entry button[type=submit]").click()
    expect(b.page.locator("#entry .notice")).to_contain_text("Ann entered round 1 a moment ago")
    expect(rows(b)).to_have_count(1)
    expect(b.page.locator("#entry .round-label")).to_contain_text("Round 2")
    b.check()
    shots(b, "stale-form-refused")

    # B enters the last round: the match ends on both phones, Cy wins with the fewest heads.
    enter_round(b, [1, 7, 2])
    expect(b.page.locator("#scoreboard .winners")).to_have_text("Winner: Cy")
    expect(b.page.locator("#scoreboard tfoot .totals")).to_contain_text("4")
    shots(b, "match-over")
    expect(a.page.locator("#scoreboard .winners")).to_have_text("Winner: Cy", timeout=WAIT)
    # The finished sheet keeps listening: it must hear of a rematch started on another phone.
    expect(a.page.locator("#scoreboard")).to_have_attribute("data-poll", "")
    expect(a.page.locator("#entry form")).to_have_count(0, timeout=WAIT)
    a.assert_not_reloaded()
    a.check()
    shots(a, "sees-match-over")

    # Rematch: a new sheet with the same seats on both phones.
    a.page.get_by_role("button", name="Rematch").click()
    a.page.wait_for_url(re.compile(r"/m/\d+$"))
    a.check()
    second = match_id(a)
    assert second != first
    expect(mine(a)).to_contain_text("Ann")
    expect(rows(a)).to_have_count(0)
    shots(a, "rematch")
    # B's finished sheet hears of it without a reload and offers to go there.
    expect(b.page.locator("#scoreboard")).to_contain_text("The rematch has started", timeout=WAIT)
    b.assert_not_reloaded()
    b.page.get_by_role("link", name="Go to the rematch").click()
    b.page.wait_for_url(f"**/m/{second}")
    b.check()
    expect(mine(b)).to_contain_text("Bob")
    shots(b, "rematch")

    # The group's history lists the finished match, its winner and totals, and the counts.
    a.page.locator(".sheet-head a").click()
    a.page.wait_for_url(re.compile(r"/g/\d+$"))
    a.check()
    history = a.page.locator("#history")
    expect(history.locator("li")).to_have_count(1)
    expect(history).to_contain_text("6 nimmt!")
    expect(history).to_contain_text("Won by Cy")
    counts = a.page.locator("[aria-labelledby=players-title] table.stats tbody")
    expect(counts.locator("tr", has_text="Cy")).to_contain_text("1")
    expect(counts.locator("tr")).to_have_count(3)
    shots(a, "history")
    b.goto(a.page.url)
    expect(b.page.locator("#history")).to_contain_text("Won by Cy")
    shots(b, "history")


def test_the_sheet_in_italian(
    server: LiveServer, phones: Callable[..., Phone], shots: Shots
) -> None:
    # Phone A's browser asks for Italian; it starts a sheet (by field names: labels are Italian).
    a = phones("A", locale="it-IT")
    page = a.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    page.locator("main a[href='/new']").click()
    page.wait_for_url("**/new")
    page.locator("a[href^='/new/sixnimmt']").click()
    page.wait_for_url("**/new/sixnimmt")
    a.check()
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        page.locator(f"input[name='p{i}']").fill(name)
    shots(a, "nuova-partita")
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    a.check()
    claim_by_position(a, 0)
    enter_round(a, [3, 10, 0])
    shots(a, "foglio")
    assert_italian(a, italian("Who is this phone?", "Entries", "Invite the table", "Host controls"))

    # Phone B's browser is English; it types the code, then taps "Italiano" in the footer.
    code = (page.locator("#invite [data-code]").text_content() or "").strip()
    b = phones("B")
    b.goto("/j")
    b.page.get_by_label("Code").fill(code.lower())
    b.page.locator("#join button[type=submit]").click()
    b.page.wait_for_url(re.compile(r"/m/\d+$"))
    b.check()
    expect(b.page.locator("html")).to_have_attribute("lang", "en")
    b.page.locator("footer a[lang='it']").click()
    b.page.wait_for_url(re.compile(r"/m/\d+$"))
    b.check()
    shots(b, "foglio")
    assert_italian(b, italian("Who is this phone?", "Entries", "Enter"))
    b.reload()
    expect(b.page.locator("html")).to_have_attribute("lang", "it")


def claim_by_position(phone: Phone, seat: int) -> None:
    """Claim a seat by its position (the button text is translated)."""
    phone.page.locator(f"#seats form:has(input[name='seat'][value='{seat}']) button").click()
    expect(phone.page.locator("#seats button.seat.mine")).to_have_count(1)
    phone.check()


def test_a_number_of_rounds_needs_the_number(
    server: LiveServer, phones: Callable[..., Phone], shots: Shots
) -> None:
    a = phones("A")
    a.goto("/new/sixnimmt")
    fill_new_match(a, ["Ann", "Bob"])
    a.page.get_by_role("radio", name="After a number of rounds").check()
    with a.page.expect_navigation():  # the form comes back with its error, as a new page
        a.page.locator("#new-match button[type=submit]").click()
    a.check()
    shots(a, "submitted")
    assert a.page.url.endswith("/new/sixnimmt"), f"a match was started: {a.page.url}"
    rounds = a.page.locator(".field.has-error", has=a.page.get_by_label("Number of rounds"))
    expect(rounds).to_contain_text("Enter the number of rounds.")
    expect(a.page.get_by_label("Player 2", exact=True)).to_have_value("Bob")


def test_the_address_to_type_is_the_one_in_the_qr_code(
    server: LiveServer, phones: Callable[..., Phone], shots: Shots
) -> None:
    # The host's own browser is on localhost; the other phones can only reach PUBLIC_URL.
    local = server.url.replace("127.0.0.1", "localhost")
    a = phones("A", base_url=local)
    start_match(a, ["Ann", "Bob"])
    assert a.page.url.startswith(local)
    link = decode_qr(a, shots.next(a, "qr"))
    assert link.startswith(server.url + "/j/"), link
    shots(a, "sheet")
    expect(a.page.locator("#invite")).to_contain_text(f"{server.url}/j ")


PANELS = "Array.from(document.querySelectorAll('#main > [id]')).map(e => e.id)"


def test_the_invite_moves_below_the_entry_and_the_seats_once_the_first_round_is_in(
    phones: Callable[..., Phone], shots: Shots
) -> None:
    # Both phones opened the sheet in the lobby, where the invite leads; the first round reaches
    # one by its own answer and the other by a poll, and each then shows what a reload shows.
    a = phones("A")
    start_match(a, ["Ann", "Bob"])
    claim(a, "Ann")
    b = phones("B")
    join_with_code(b, a)
    claim(b, "Bob")
    for phone in (a, b):
        panels = phone.page.evaluate(PANELS)
        assert panels.index("invite") < panels.index("entry"), panels
    enter_round(a, [1, 5])
    for phone in (a, b):
        expect(rows(phone)).to_have_count(1)
        expect(phone.page.locator("#invite details")).not_to_have_attribute("open", "")
        after = phone.page.evaluate(PANELS)
        assert after.index("invite") > max(after.index("entry"), after.index("seats")), after
        shots(phone, "invite-below")
        phone.page.reload()
        assert phone.page.evaluate(PANELS) == after
