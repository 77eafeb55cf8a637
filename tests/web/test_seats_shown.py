"""Where the seats appear: the new-match form seats this phone, a phone without a seat picks its
name first, and after the end the seats fold away below the log. A name is the first thing a
joining phone needs and the last a finished match does."""

from __future__ import annotations

from ..conftest import Phone
from .helpers import parse, table, text_of
from .test_seats import seat_of


def test_the_new_match_form_seats_this_phone(phone: Phone) -> None:
    form = parse(phone.get("/new/sixnimmt").get_data(as_text=True)).by_id("new-match")
    assert form.find("input", type="radio", name="me", value="0", checked=True) is not None
    match_id = phone.new_match(["", "Ann", "Bob"], me="2")
    assert seat_of(phone, match_id) == 1, "Bob is the second filled box"
    unseated = phone.new_match(["Ann", "Bob"], me="none")
    assert seat_of(phone, unseated) is None


def test_a_mark_on_an_empty_box_is_refused_in_place(phone: Phone) -> None:
    data = {"p0": "Ann", "p1": "Bob", "me": "3", "variant": "base", "end": "gt66", "group": "new"}
    response = phone.post("/new/sixnimmt", data)
    assert response.status_code == 200
    assert "has no name" in text_of(response)


def test_after_the_end_the_seats_fold_away_below_the_log(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, end="rounds", rounds="1")
    open_page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True))
    assert open_page.by_id("seats").find("details", class_="seats-after") is None
    assert "Leave my seat" in open_page.by_id("seats").text()
    assert phone.enter_heads(match_id, [3, 13]).status_code == 303
    html = phone.get(f"/m/{match_id}").get_data(as_text=True)
    seats = parse(html).by_id("seats")
    folded = seats.find("details", class_="seats-after")
    assert folded is not None and "open" not in folded.attrs
    assert "Leave my seat" not in seats.text() and "Give Bob" not in seats.text()
    assert "I am Bob" in seats.text(), "a seat can still be taken, for an undo or the rematch"
    assert html.index('id="seats"') > html.index('id="log"'), "below the log, out of the way"


def test_a_phone_without_a_seat_picks_its_name_before_anything_else(
    phone: Phone, other: Phone
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    other.join(match_id)
    html = other.get(f"/m/{match_id}").get_data(as_text=True)
    assert html.index('id="seats"') < html.index('id="scoreboard"'), "above the scoreboard"
    assert html.index('id="seats"') < html.index('id="invite"'), "and above the big QR code"
    assert html.count('id="seats"') == 1
    other.claim(match_id, 1)
    seated = other.get(f"/m/{match_id}").get_data(as_text=True)
    assert seated.index('id="seats"') > seated.index('id="entry"'), "seated: entering comes first"
