"""6 nimmt! table mode on two phones: A enters a whole round card by card, B follows the rows
live, and B picks the row its too-low card takes — on B's own phone."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .answered import answered
from .conftest import LiveServer
from .held import HeldAnswer
from .helpers import Phone, Shots, claim, expect, fill_new_match, match_id

ROW_STARTERS = [12, 37, 43, 58]
FIRST_TURN = [60, 5, 70]  # Bob's 5 is lower than every row: Bob chooses
LATER_TURNS = [[71 + 3 * t, 72 + 3 * t, 73 + 3 * t] for t in range(9)]


def submit_table(phone: Phone, values: list[int], field: str) -> None:
    """Fill the table form (row starters or one turn), send it, and wait for its answer (not
    for the board to move: another phone's seat claim may move it first)."""
    page = phone.page
    for index, value in enumerate(values):
        page.locator(f"#entry input[name='table-{field}{index}']").fill(str(value))
    answered(phone, page.locator("#entry form[data-entry] button[type=submit]").click)
    phone.check()


def table_match(phone: Phone, names: list[str]) -> Any:
    """A one-round table-mode match of ``names`` started on ``phone``, which sits first."""
    page = phone.goto("/new/sixnimmt")
    fill_new_match(phone, names, rounds=1)
    page.get_by_label("Table mode", exact=False).check()
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url("**/m/*")
    claim(phone, names[0])
    return page


def bobs_row_waits(phones: Callable[..., Phone], **b_options: Any) -> tuple[Phone, Phone]:
    """Ann's phone (A) starts a table-mode match of Ann, Bob and Cy, Bob claims his seat on B,
    and A enters the rows and a first turn in which Bob's 5 waits for his row."""
    a = phones("A")
    page = table_match(a, ["Ann", "Bob", "Cy"])
    code = (page.locator("#invite [data-code]").text_content() or "").strip()
    b = phones("B", **b_options)
    b.goto("/j")
    b.page.get_by_label("Code").fill(code)
    b.page.locator("#join button[type=submit]").click()
    b.page.wait_for_url(f"**/m/{match_id(a)}")
    claim(b, "Bob")
    submit_table(a, ROW_STARTERS, "row")
    submit_table(a, FIRST_TURN, "seat")
    expect(b.page.locator("#table-panel .choice")).to_contain_text("Choose the row you take")
    return a, b


def test_a_round_in_table_mode_on_two_phones(
    phones: Callable[..., Phone], server: LiveServer, shots: Shots
) -> None:
    a = phones("A")
    page = table_match(a, ["Ann", "Bob", "Cy"])
    code = (page.locator("#invite [data-code]").text_content() or "").strip()

    b = phones("B")
    b.goto("/j")
    b.page.get_by_label("Code").fill(code)
    b.page.locator("#join button[type=submit]").click()
    b.page.wait_for_url(f"**/m/{match_id(a)}")
    claim(b, "Bob")
    b.mark()

    submit_table(a, ROW_STARTERS, "row")
    expect(b.page.locator("#table-panel")).to_contain_text("0 of 10 turns played")
    shots(b, "rows-on-the-table")

    submit_table(a, FIRST_TURN, "seat")
    choice = b.page.locator("#table-panel .choice")
    expect(choice).to_contain_text("Bob's 5 is lower than every row.")
    expect(choice).to_contain_text("Choose the row you take")
    expect(a.page.locator("#table-panel .choice")).to_contain_text("Bob chooses the row")
    expect(a.page.locator("#entry")).to_contain_text("Waiting for Bob to choose a row")
    expect(b.page.locator("#entry")).to_contain_text("Choose the row you take (above).")
    expect(b.page.locator("#entry")).not_to_contain_text("Waiting for Bob")
    shots(b, "bob-chooses-a-row")
    b.page.locator("#table-panel .choice-rows button").nth(1).click()  # row 2: the 37, 1 head
    expect(a.page.locator("#table-panel")).to_contain_text(
        "Bob's 5 was lower than every row: took row 2 (1 card, 1 head)"
    )
    shots(a, "placed-after-bobs-choice")
    expect(a.page.locator("#entry input[name='table-seat0']")).to_be_visible()

    for turn in LATER_TURNS:
        submit_table(a, turn, "seat")
    # The tenth turn closes the round onto the scoreboard, which B sees without reloading.
    expect(b.page.locator("#scoreboard")).to_contain_text("Match over")
    b.assert_not_reloaded()
    totals = b.page.locator("#scoreboard tfoot tr.totals td")
    expect(totals).to_have_count(3)
    assert int(totals.nth(1).inner_text()) >= 1  # Bob's 37
    shots(b, "round-closed-on-bobs-phone")


def test_an_undo_refused_far_down_the_log_is_said_where_it_can_be_read(
    phones: Callable[..., Phone],
) -> None:
    """Table mode's turns follow from the starting rows: undoing the rows first is refused, and
    the refusal, at the top of the entry panel, is brought into view from the log far below."""
    a = phones("A", viewport={"width": 360, "height": 740})
    page = table_match(a, ["Ann", "Bob"])
    submit_table(a, ROW_STARTERS, "row")
    submit_table(a, [60, 70], "seat")  # both placed: no row to choose
    undo = page.get_by_role("button", name="Undo entry #1")
    undo.scroll_into_view_if_needed()
    expect(page.locator("#entry")).not_to_be_in_viewport()
    undo.click()
    refused = page.locator("#entry [role=alert]")
    expect(refused).to_have_text("Later entries depend on #1: undo those first.")
    expect(refused).to_be_in_viewport()
    a.check()


def test_undoing_a_turn_waiting_for_a_row_keeps_the_starting_rows(
    phones: Callable[..., Phone],
) -> None:
    """The first turn waits for Bob's row: Ann's undo takes back that turn alone, Bob's phone
    stops asking him to choose, and the four starting cards stay on the table."""
    a, b = bobs_row_waits(phones)
    page = a.page
    undo = page.locator("#entry form.undo-last button")
    expect(undo).to_have_text("Undo the waiting turn")
    undo.click()
    expect(page.locator("#entry")).to_contain_text(
        "The waiting turn is undone: none of its cards were placed."
    )
    expect(page.locator("#entry")).to_contain_text("Turn 1 of 10")
    expect(b.page.locator("#table-panel .choice")).to_have_count(0)
    expect(b.page.locator("#table-panel")).to_contain_text("0 of 10 turns played")
    for card in ROW_STARTERS:
        expect(b.page.locator("#table-panel")).to_contain_text(str(card))
    a.check()
    b.check()


def test_another_phone_is_asked_before_it_undoes_the_waiting_turn(
    phones: Callable[..., Phone], shots: Shots
) -> None:
    """Ann's phone entered the turn waiting for Bob's row: Bob's tap on its undo only asks,
    and the turn goes once he confirms."""
    a, b = bobs_row_waits(phones, viewport={"width": 360, "height": 740})
    entry = b.page.locator("#entry")
    entry.locator("form.undo-last button").click()
    expect(entry.locator("[role=alert]")).to_contain_text(
        "Ann's phone entered that turn and is at the table."
    )
    yes = entry.get_by_role("button", name="Yes, undo the waiting turn")
    expect(yes).to_be_visible()
    expect(b.page.locator("#table-panel .choice")).to_contain_text("Bob's 5 is lower")
    expect(a.page.locator("#table-panel .choice")).to_contain_text("Bob chooses the row")
    shots(b, "bob-asked-before-undoing-anns-turn")
    yes.click()
    expect(entry).to_contain_text("The waiting turn is undone: none of its cards were placed.")
    expect(a.page.locator("#table-panel .choice")).to_have_count(0)
    expect(a.page.locator("#table-panel")).to_contain_text("0 of 10 turns played")
    a.check()
    b.check()


def test_the_undos_answer_shows_even_when_a_poll_brought_the_new_sheet_first(
    phones: Callable[..., Phone],
) -> None:
    """The server undoes the waiting turn and the next poll brings the new sheet before the
    undo's own answer arrives: the poll leaves the entry panel alone, so the answer still
    lands there and says what became of the turn (a panel swapped in meanwhile hid it)."""
    a, _ = bobs_row_waits(phones)
    page = a.page
    undo = HeldAnswer(a, r"/undo-held$")
    version = page.locator("#scoreboard").get_attribute("data-version")
    page.locator("#entry form.undo-last button").click()
    undo.wait()
    a.poll_now()
    expect(page.locator("#scoreboard")).not_to_have_attribute("data-version", version or "")
    expect(page.locator("#entry")).to_contain_text("Undo the waiting turn")  # left alone
    undo.give()
    entry = page.locator("#entry")
    expect(entry).to_contain_text("The waiting turn is undone: none of its cards were placed.")
    expect(entry).to_contain_text("Turn 1 of 10")
    a.check()
