"""6 nimmt! table mode: the turn waiting for a row choice is taken back in one tap by the phone
that entered it; any other phone is asked first while that phone is at the table, as an undo
of another phone's entry is."""

from __future__ import annotations

import re
from html import unescape

from companion.models import Entry, Pending

from ..conftest import Phone, count
from .helpers import parse
from .test_seats import gone_quiet
from .test_table_mode import FIG_ROWS, enter_table, seated_table, undo_last

QUESTION = (
    "Ann's phone entered that turn and is at the table. Undo it there, or confirm that you undo it."
)


def waiting_turn(phone: Phone, other: Phone) -> int:
    """Ann's phone starts the rows and enters a turn in which Bob's 3 waits for his choice."""
    match_id = seated_table(phone, other)
    enter_table(phone, match_id, FIG_ROWS)
    assert enter_table(phone, match_id, [68, 3, 9, 83]).status_code == 303
    assert count(phone.app, Pending) == 1
    return match_id


def confirm_form(html: str) -> dict[str, str]:
    """The action and fields of the answer's "Yes, undo the waiting turn" form."""
    form = parse(html).find("form", class_="confirm-undo")
    assert form is not None, "no confirmation offered"
    fields = {i.attrs["name"]: i.attrs.get("value", "") for i in form.find_all("input")}
    return {"action": form.attrs["action"], **fields}


def test_the_phone_that_entered_the_waiting_turn_takes_it_back_in_one_tap(
    phone: Phone, other: Phone
) -> None:
    match_id = waiting_turn(phone, other)
    html = unescape(phone.get(f"/m/{match_id}?entry=table").get_data(as_text=True))
    assert undo_last(phone, html).status_code == 303
    assert count(phone.app, Pending) == 0
    assert count(phone.app, Entry) == 1  # the starting rows stay


def test_another_phone_is_asked_before_it_takes_back_the_waiting_turn(
    phone: Phone, other: Phone
) -> None:
    match_id = waiting_turn(phone, other)
    html = other.get(f"/m/{match_id}?entry=table").get_data(as_text=True)
    version = re.search(r'data-version="(\d+)"', html).group(1)  # type: ignore[union-attr]
    asked = other.post(f"/m/{match_id}/undo-held", {"version": version}, hx=True)
    answer = unescape(asked.get_data(as_text=True))
    assert QUESTION in answer
    assert count(phone.app, Pending) == 1  # nothing taken back yet
    yes = confirm_form(answer)
    assert yes["action"] == f"/m/{match_id}/undo-held" and yes["for_other"] == "1"
    assert "Yes, undo the waiting turn" in answer
    action = yes.pop("action")
    undone = other.post(action, yes, hx=True)
    assert "The waiting turn is undone" in unescape(undone.get_data(as_text=True))
    assert count(phone.app, Pending) == 0
    assert count(phone.app, Entry) == 1


def test_without_javascript_the_question_and_its_answer_are_pages(
    phone: Phone, other: Phone
) -> None:
    match_id = waiting_turn(phone, other)
    html = unescape(other.get(f"/m/{match_id}?entry=table").get_data(as_text=True))
    asked = undo_last(other, html)
    assert asked.status_code == 200
    page = unescape(asked.get_data(as_text=True))
    assert QUESTION in page
    assert count(phone.app, Pending) == 1
    yes = confirm_form(page)
    assert other.post(yes.pop("action"), yes).status_code == 303
    assert count(phone.app, Pending) == 0


def test_a_waiting_turn_whose_phone_left_the_table_is_taken_back_in_one_tap(
    phone: Phone, other: Phone
) -> None:
    match_id = waiting_turn(phone, other)
    gone_quiet(phone.app, phone, match_id)
    html = unescape(other.get(f"/m/{match_id}?entry=table").get_data(as_text=True))
    assert undo_last(other, html).status_code == 303
    assert count(phone.app, Pending) == 0
