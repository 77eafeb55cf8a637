"""The log on a phone that keeps entering: each answer adds its line on top and the page keeps
the newest ten, as a reload shows them (a whole evening's log would be metres long), an older
line's undo still goes through, and earlier entries are one tap away."""

from __future__ import annotations

import re
from collections.abc import Callable

from .helpers import Phone, claim, enter_round, expect, join_with_code, start_match


def test_an_older_line_is_undone_after_answers_that_only_added_lines(
    phones: Callable[..., Phone],
) -> None:
    a = phones("A")
    start_match(a, ["Ann", "Bob", "Cy"])
    for n in range(12):
        enter_round(a, [n % 3, 1, 0])
    lines = a.page.locator("#log-entries > li")
    expect(lines.first).to_contain_text("#12")
    expect(lines).to_have_count(10)
    expect(lines.last).to_contain_text("#3")
    expect(a.page.locator("#log-more")).to_contain_text("Show all 12 entries")

    # Entry #10's form may be older than the sheet (a poll or the doorbell may have refreshed
    # it meanwhile: make sure it is old); its undo goes with the version the sheet shows.
    a.page.locator("#log-10 input[name=version]").evaluate("field => { field.value = '2'; }")
    a.page.get_by_role("button", name="Undo entry #10").click()
    expect(a.page.locator("#log-10")).to_contain_text("undone")
    expect(a.page.locator("#log-13")).to_contain_text("Undo of #10")
    expect(a.page.locator("#entry [role=alert]")).to_have_count(0)

    # The same line added twice (a poll brought it before the answer did) shows once.
    shown = lines.count()
    again = (
        "line => htmx.swap('#log-more', '<p id=\"log-more\" class=\"log-more\"></p>' +"
        " '<ol hx-swap-oob=\"afterbegin:#log-entries\">' + line.outerHTML + '</ol>',"
        " {swapStyle: 'outerHTML'})"
    )
    a.page.locator("#log-13").evaluate(again)
    expect(a.page.locator("#log-13")).to_have_count(1)
    expect(lines).to_have_count(shown)

    a.page.reload()
    a.page.locator("#log-more a").click()
    expect(lines).to_have_count(13)
    expect(a.page.locator("#log-1")).to_contain_text("Round")
    a.check()


def test_an_opened_full_log_stays_open_through_answers_and_polls(
    phones: Callable[..., Phone],
) -> None:
    a = phones("A")
    start_match(a, ["Ann", "Bob", "Cy"])
    for n in range(11):
        enter_round(a, [n % 3, 1, 0])
    lines = a.page.locator("#log-entries > li")
    a.page.locator("#log-more a").click()
    expect(lines).to_have_count(11)

    # Its own answer adds a line on top and keeps the oldest ones, with no "Show all" again.
    enter_round(a, [1, 2, 3])
    expect(lines).to_have_count(12)
    expect(a.page.locator("#log-1")).to_be_visible()
    expect(a.page.locator("#log-more a")).to_have_count(0)

    # Another phone's round reaches it by a poll: the whole log is still there.
    b = phones("B")
    join_with_code(b, a)
    claim(b, "Bob")
    enter_round(b, [2, 2, 2])
    expect(a.page.locator("#log-13")).to_be_visible()
    expect(lines).to_have_count(13)
    expect(a.page.locator("#log-1")).to_be_visible()
    expect(a.page.locator("#log-more a")).to_have_count(0)
    a.check()
    b.check()


def test_an_opened_full_log_stays_open_through_a_seat_claim(
    phones: Callable[..., Phone],
) -> None:
    """ "I am …" is a form that reloads the page: the address the tap on "Show all" left
    brings the log back whole."""
    a = phones("A")
    start_match(a, ["Ann", "Bob", "Cy"])
    for n in range(11):
        enter_round(a, [n % 3, 1, 0])
    lines = a.page.locator("#log-entries > li")
    a.page.locator("#log-more a").click()
    expect(lines).to_have_count(11)
    expect(a.page).to_have_url(re.compile(r"/m/\d+\?log=all$"))
    claim(a, "Bob")
    expect(lines).to_have_count(11)
    expect(a.page.locator("#log")).to_have_attribute("data-log", "all")
    a.check()


AGO = """hours => {
  const time = document.createElement("time");
  time.id = "clock-check";
  time.setAttribute("datetime", new Date(Date.now() - hours * 3600 * 1000).toISOString());
  time.textContent = "(the server's words)";
  document.querySelector("footer").append(time);
  const detail = {elt: document.body, target: document.body};
  document.body.dispatchEvent(new CustomEvent("htmx:afterSettle", {bubbles: true, detail}));
}"""
"""Put a moment ``hours`` ago in the page's footer (which no answer replaces, unlike a log line
that a poll may bring again), then let the page count its times as after a swap."""


def test_the_log_times_count_on_in_the_page_in_its_language(
    phones: Callable[..., Phone],
) -> None:
    for name, locale, words in (("A", "en-US", "3 hours ago"), ("I", "it-IT", "3 ore fa")):
        phone = phones(name, locale=locale)
        page = phone.goto("/new/sixnimmt")
        for seat, player in enumerate(["Ann", "Bob", "Cy"]):
            page.locator(f"#new-match input[name=p{seat}]").fill(player)
        page.locator("#new-match button[type=submit]").click()
        page.wait_for_url(re.compile(r"/m/\d+$"))
        enter_round(phone, [1, 2, 3])  # an answer: the page now knows the server's clock
        stamp = page.locator("#log-entries > li").first.locator("time")
        expect(stamp).to_have_attribute("datetime", re.compile(r"^\d{4}-\d\d-\d\dT.*Z$"))
        page.evaluate(AGO, 3)
        expect(page.locator("#clock-check")).to_have_text(words)
        phone.check()


def test_the_question_of_undoing_another_phones_entry_leaves_its_text_whole_at_320_px(
    phones: Callable[..., Phone],
) -> None:
    a = phones("A")
    start_match(a, ["Ann", "Bob", "Cy"])
    enter_round(a, [2, 1, 0])
    b = phones("B", viewport={"width": 320, "height": 640})
    join_with_code(b, a)
    claim(b, "Bob")
    line = b.page.locator("#log-1")
    b.page.locator("#log-1 details.for-other summary").click()
    expect(line.get_by_role("button", name="Undo entry #1")).to_be_visible()
    text = line.locator(".entry-text").bounding_box()
    whole = line.bounding_box()
    assert text and whole
    assert text["width"] >= 0.6 * whole["width"], (text, whole)  # was a letter a line
    assert whole["height"] < 240, whole
    b.check()


def test_only_the_undo_question_opened_stays_open_when_the_log_is_refreshed(
    phones: Callable[..., Phone],
) -> None:
    a = phones("A")
    start_match(a, ["Ann", "Bob", "Cy"])
    for n in range(3):
        enter_round(a, [n, 1, 0])
    b = phones("B")
    join_with_code(b, a)
    claim(b, "Bob")
    questions = b.page.locator("#log details.for-other")
    expect(questions).to_have_count(3)
    b.page.locator("#log-2 details.for-other summary").click()
    enter_round(a, [0, 0, 1])  # the table moves on: B's log is refreshed around the question
    expect(b.page.locator("#log-4")).to_be_visible()
    expect(questions).to_have_count(4)
    opened = [bool(q.evaluate("d => d.open")) for q in questions.all()]
    assert opened == [False, False, True, False], opened  # newest first: #4, #3, #2, #1
    b.check()
