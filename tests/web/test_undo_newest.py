"""A game played move by move (Bloccato, The Game's tracker) undoes only its newest entry:
the log offers Undo on that line alone, and the line before takes it back after an undo.
A game of independent rounds (6 nimmt! by heads) offers Undo on every line."""

from __future__ import annotations

from ..conftest import Phone
from .helpers import parse, table, undo_form
from .test_bloccato import mark, roll, seated


def undo_lines(phone: Phone, match_id: int) -> list[int]:
    """The log lines (by number) that carry an Undo, newest first."""
    log = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("log")
    return [
        int(line.attrs["id"].removeprefix("log-"))
        for line in log.find_all("li")
        if line.find(class_="line-undo") is not None
    ]


def test_bloccato_offers_undo_on_the_newest_entry_only(phone: Phone, other: Phone) -> None:
    match_id = seated(phone, other)
    roll(phone, match_id, "1444C")
    mark(phone, match_id, 1, 1)
    assert undo_lines(phone, match_id) == [2]
    log = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("log-entries")
    assert "data-undo-newest" in log.attrs
    assert phone.post(f"/m/{match_id}/undo/2", undo_form(phone, match_id, 2)).status_code == 303
    assert undo_lines(phone, match_id) == [1], "the roll before it can be undone next"


def test_rounds_by_heads_offer_undo_on_every_line(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    phone.enter_heads(match_id, [3, 13])
    phone.enter_heads(match_id, [4, 2])
    assert undo_lines(phone, match_id) == [2, 1]
    log = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("log-entries")
    assert "data-undo-newest" not in log.attrs


def test_an_undo_after_the_end_is_asked_first_as_it_may_reopen_the_match(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other, end="rounds", rounds="1")
    phone.enter_heads(match_id, [3, 13])
    line = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("log-1")
    asked = line.find("details", class_="line-undo")
    assert asked is not None, "the undo of a finished match is behind a question"
    assert "can reopen the match" in asked.text() and "Yes, undo it" in asked.text()


def test_a_match_ended_with_nothing_entered_says_so(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    assert phone.post(f"/m/{match_id}/host/end").status_code == 303
    log = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("log")
    assert "Nothing was entered." in log.text() and "yet" not in log.text()
