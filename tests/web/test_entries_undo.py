"""Undo in the log: an undo is a new entry that strikes an earlier one, cannot be repeated, and can
reopen a finished match. Nothing is deleted, so the log always tells what happened."""

from __future__ import annotations

from ..conftest import Phone
from .helpers import entries, match_row, parse, table, text_of, undo, undo_form
from .test_entries import totals


def rounds_shown(phone: Phone, match_id: int) -> int:
    """How many round rows the scoreboard shows."""
    board = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("scoreboard")
    body = board.find("tbody")
    assert body is not None
    return len([r for r in body.find_all("tr") if r.find("th", scope="row")])


def test_undo_logs_an_undo_and_the_round_leaves_the_totals(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    phone.enter_heads(match_id, [3, 13])
    phone.enter_heads(match_id, [1, 2])
    assert totals(other, match_id) == ["4", "15"]
    response = undo(other, match_id, 1)
    assert response.status_code == 303
    log = entries(phone.app, match_id)
    assert len(log) == 3, "nothing is deleted: the undo is a new entry"
    assert log[2]["undoes"] == 1 and log[2]["move"] == {"type": "undo"} and log[2]["seat"] == 1
    assert totals(phone, match_id) == ["1", "2"]
    assert rounds_shown(phone, match_id) == 1
    page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True))
    struck = [li for li in page.by_id("log").find_all("li") if li.text().startswith("#1 ")]
    assert struck and "undone" in struck[0].attrs.get("class", "")
    assert "undone" in struck[0].text()
    assert "Undo of #1" in page.by_id("log").text()
    assert page.find("form", action=f"/m/{match_id}/undo/1") is None, "no second undo button"


def test_undo_through_htmx_answers_with_the_fragments(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    phone.enter_heads(match_id, [3, 13])
    response = undo(phone, match_id, 1, hx=True)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "<html" not in html
    page = parse(html)
    assert page.by_id("scoreboard").attrs.get("hx-swap-oob") == "true"
    assert "undone" in page.by_id("log").text()


def test_undoing_twice_is_refused(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    phone.enter_heads(match_id, [3, 13])
    stale_button = undo_form(other, match_id, 1)
    assert undo(phone, match_id, 1).status_code == 303
    version = str(match_row(phone.app, match_id)["version"])
    again = {"version": version, "idem": "again-1", "for_other": "1"}
    response = other.post(f"/m/{match_id}/undo/1", again)
    assert response.status_code == 200
    assert "already undone" in text_of(response)
    response = other.post(f"/m/{match_id}/undo/1", stale_button)
    assert response.status_code == 200
    assert "Ann" in text_of(response), "a stale undo button gets the notice"
    assert len(entries(phone.app, match_id)) == 2


def test_undoing_an_undo_or_a_missing_entry_is_refused(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    phone.enter_heads(match_id, [3, 13])
    undo(phone, match_id, 1)
    for seq in (2, 99):
        version = str(match_row(phone.app, match_id)["version"])
        response = phone.post(f"/m/{match_id}/undo/{seq}", {"version": version, "idem": f"k{seq}"})
        assert response.status_code == 200
        assert "no such entry" in text_of(response)
    assert len(entries(phone.app, match_id)) == 2


def test_undoing_the_round_that_ended_the_match_reopens_it(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, end="rounds", rounds="2")
    phone.enter_heads(match_id, [3, 13])
    phone.enter_heads(match_id, [5, 1])
    ended = match_row(phone.app, match_id)
    assert ended["status"] == "finished" and ended["winners"] == [0]
    assert undo(other, match_id, 2).status_code == 303
    reopened = match_row(phone.app, match_id)
    assert reopened["status"] == "playing"
    assert reopened["winners"] is None and reopened["finished_at"] is None
    assert reopened["code"], "the reopened match can be joined again"
    page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True))
    assert "hx-trigger" in page.by_id("scoreboard").attrs, "polling resumes"
    assert phone.enter_heads(match_id, [20, 0]).status_code == 303
    assert match_row(phone.app, match_id)["winners"] == [1]


def test_nothing_changes_after_the_match_was_abandoned(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    phone.enter_heads(match_id, [3, 13])
    phone.post(f"/m/{match_id}/host/abandon")
    version = str(match_row(phone.app, match_id)["version"])
    response = other.post(f"/m/{match_id}/undo/1", {"version": version, "idem": "abandoned-1"})
    assert response.status_code == 200
    assert "abandoned" in text_of(response)
    assert len(entries(phone.app, match_id)) == 1
    assert match_row(phone.app, match_id)["status"] == "abandoned"
