"""Seats with consent: a held seat is asked for, its phone answers, the host confirms a
reassignment, and a seated phone is asked before it moves. A seat says who enters for whom, so
it changes hands only with someone's yes."""

from __future__ import annotations

from datetime import timedelta

from flask import Flask

from companion.extensions import db
from companion.models import Membership, utcnow

from ..conftest import Phone
from .helpers import device_of, match_row, membership_of, parse, table, text_of


def seat_of(phone: Phone, match_id: int) -> int | None:
    """The seat ``phone`` holds."""
    row = membership_of(phone.app, phone, match_id)
    assert row is not None
    return row.seat


def gone_quiet(app: Flask, phone: Phone, match_id: int) -> None:
    """Make ``phone`` look as if it left the table a while ago."""
    with app.app_context():
        row = (
            db.session.query(Membership)
            .filter_by(match_id=match_id, device_id=device_of(phone))
            .one()
        )
        row.last_seen = utcnow() - timedelta(minutes=30)
        db.session.commit()


def test_a_seat_held_by_a_phone_at_the_table_is_asked_for_and_can_be_kept(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    assert phone.post(f"/m/{match_id}/seat", {"seat": "1"}).status_code == 303
    assert (seat_of(phone, match_id), seat_of(other, match_id)) == (0, 1)
    asked = parse(other.get(f"/m/{match_id}").get_data(as_text=True)).by_id("asks")
    assert "Ann's phone asks to be Bob" in asked.text()
    assert "Asked" in text_of(phone.get(f"/m/{match_id}"))
    keep = {"device": device_of(phone), "give": "0"}
    assert other.post(f"/m/{match_id}/seat/answer", keep).status_code == 303
    assert (seat_of(phone, match_id), seat_of(other, match_id)) == (0, 1)
    assert (
        "asks to be"
        not in parse(other.get(f"/m/{match_id}").get_data(as_text=True)).by_id("asks").text()
    )
    # The asking phone is told, instead of its request just vanishing, until it puts that away.
    told = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("seats").text()
    assert "Your request for Bob's seat was turned down." in told and "Asked" not in told
    version = match_row(phone.app, match_id)["version"]
    assert phone.post(f"/m/{match_id}/seat/cancel").status_code == 303
    assert "turned down" not in text_of(phone.get(f"/m/{match_id}"))
    assert match_row(phone.app, match_id)["version"] == version  # no other phone shows it


def test_asking_again_or_a_seat_let_go_puts_the_turned_down_word_away(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    keep = {"device": device_of(phone), "give": "0"}
    phone.post(f"/m/{match_id}/seat", {"seat": "1"})
    other.post(f"/m/{match_id}/seat/answer", keep)
    assert "turned down" in text_of(phone.get(f"/m/{match_id}"))
    phone.post(f"/m/{match_id}/seat", {"seat": "1"})  # asks again
    page = text_of(phone.get(f"/m/{match_id}"))
    assert "Asked" in page and "turned down" not in page
    other.post(f"/m/{match_id}/seat/answer", {"device": device_of(phone), "give": "1"})
    assert "turned down" not in text_of(phone.get(f"/m/{match_id}"))
    assert seat_of(phone, match_id) == 1


def test_the_holder_lets_the_seat_go(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    phone.post(f"/m/{match_id}/seat", {"seat": "1"})
    give = {"device": device_of(phone), "give": "1"}
    assert other.post(f"/m/{match_id}/seat/answer", give).status_code == 303
    assert (seat_of(phone, match_id), seat_of(other, match_id)) == (1, None)


def test_only_the_holder_or_the_host_answers(app: Flask, phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, names=["Ann", "Bob", "Cy"])
    third = Phone(app)
    third.join(match_id)
    third.post(f"/m/{match_id}/seat", {"seat": "1"})
    give = {"device": device_of(third), "give": "1"}
    # Ann's phone is the host: it sees the request and may give the seat after confirming.
    assert "asks to be Bob" in text_of(phone.get(f"/m/{match_id}"))
    stranger = Phone(app)
    stranger.join(match_id)
    stranger.post(f"/m/{match_id}/seat/answer", give)
    assert seat_of(other, match_id) == 1
    assert phone.post(f"/m/{match_id}/seat/answer", give).status_code == 303
    assert (seat_of(third, match_id), seat_of(other, match_id)) == (1, None)


def test_a_request_from_a_phone_that_left_is_not_shown_until_it_comes_back(
    app: Flask, phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    phone.post(f"/m/{match_id}/seat", {"seat": "1"})
    assert "asks to be Bob" in text_of(other.get(f"/m/{match_id}"))
    gone_quiet(app, phone, match_id)
    assert "asks to be" not in text_of(other.get(f"/m/{match_id}"))
    phone.get(f"/m/{match_id}")  # back at the table, the request still standing
    assert "asks to be Bob" in text_of(other.get(f"/m/{match_id}"))


def test_a_quiet_phone_loses_its_seat_with_one_tap(app: Flask, phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    gone_quiet(app, other, match_id)
    assert "phone away" in text_of(phone.get(f"/m/{match_id}"))
    phone.post(f"/m/{match_id}/seat", {"seat": "1", "switch": "1"})  # Ann's phone said yes
    assert (seat_of(phone, match_id), seat_of(other, match_id)) == (1, None)


def test_the_host_reassigns_a_held_seat_with_a_confirmation(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("seats")
    folded = page.find_all("details", class_="seat-reassign")
    assert len(folded) == 1, "one folded choice, not a button under every seat"
    assert [o.text() for o in folded[0].find_all("option")] == ["Bob"]
    assert folded[0].find("input", name="as_host") is not None
    phone.post(f"/m/{match_id}/seat", {"seat": "1", "as_host": "1"})
    assert (seat_of(phone, match_id), seat_of(other, match_id)) == (1, None)
    # Another phone cannot do the same.
    other.post(f"/m/{match_id}/seat", {"seat": "1", "as_host": "1"})
    assert (seat_of(phone, match_id), seat_of(other, match_id)) == (1, None)


def test_tapping_your_own_seat_keeps_it(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    assert phone.post(f"/m/{match_id}/seat", {"seat": "0"}).status_code == 303
    assert seat_of(phone, match_id) == 0
    assert phone.post(f"/m/{match_id}/seat", {"seat": ""}).status_code == 400
    assert seat_of(phone, match_id) == 0


def test_a_request_the_host_turns_down_is_said_to_be_turned_down(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)  # Ann's phone hosts; Bob's holds Bob's seat
    third = Phone(phone.app)
    third.join(match_id)
    third.post(f"/m/{match_id}/seat", {"seat": "1"})
    phone.post(f"/m/{match_id}/seat/answer", {"device": device_of(third), "give": "0"})
    assert "Your request for Bob's seat was turned down." in text_of(third.get(f"/m/{match_id}"))


def test_two_phones_tapping_a_free_name_at_once_the_second_is_told_not_made_to_ask(
    phone: Phone, other: Phone
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    other.join(match_id)
    third = Phone(phone.app)
    third.join(match_id)
    shown = parse(third.get(f"/m/{match_id}").get_data(as_text=True)).by_id("seats")
    bob = next(f for f in shown.find_all("form") if "I am Bob" in f.text())
    fields = {i.attrs["name"]: i.attrs.get("value", "") for i in bob.find_all("input")}
    assert fields["free"] == "1", "the form says the seat was free when it was shown"
    assert other.post(f"/m/{match_id}/seat", fields).status_code == 303  # Bob's phone first
    late = third.post(f"/m/{match_id}/seat", fields)
    assert late.headers["Location"].endswith(f"/m/{match_id}?lost=1#seats")
    assert seat_of(other, match_id) == 1 and seat_of(third, match_id) is None
    assert membership_of(phone.app, third, match_id).asks_seat is None  # type: ignore[union-attr]
    assert "asks to be" not in text_of(other.get(f"/m/{match_id}")), "nobody asked"
    told = parse(third.get(late.headers["Location"]).get_data(as_text=True)).by_id("seats")
    assert "Bob's seat was just taken by another phone." in told.text()
    assert "Asked" not in told.text()
    ask = next(f for f in told.find_all("form") if "Ask that phone for the seat" in f.text())
    asked = {i.attrs["name"]: i.attrs.get("value", "") for i in ask.find_all("input")}
    assert "free" not in asked
    assert third.post(f"/m/{match_id}/seat", asked).status_code == 303
    assert "Asked" in text_of(third.get(f"/m/{match_id}")), "asking is this phone's own choice"
    assert "asks to be Bob" in text_of(other.get(f"/m/{match_id}"))


def test_a_seated_phone_is_asked_before_it_moves_to_another_seat(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other, names=["Ann", "Bob", "Cy"])
    before = match_row(phone.app, match_id)["version"]
    tap = phone.post(f"/m/{match_id}/seat", {"seat": "2", "free": "1"})
    assert tap.headers["Location"].endswith(f"/m/{match_id}?switch=2#seats")
    assert seat_of(phone, match_id) == 0 and match_row(phone.app, match_id)["version"] == before
    asked = parse(phone.get(tap.headers["Location"]).get_data(as_text=True)).by_id("seats")
    assert "This phone is Ann. Be Cy instead? Ann's seat is then left empty." in asked.text()
    yes = next(f for f in asked.find_all("form") if "Yes, this phone is Cy" in f.text())
    fields = {i.attrs["name"]: i.attrs.get("value", "") for i in yes.find_all("input")}
    assert "Stay Ann" in asked.text()
    assert phone.post(f"/m/{match_id}/seat", fields).status_code == 303
    assert seat_of(phone, match_id) == 2
    # Asking for a held seat moves nothing yet: it is asked without a question first.
    assert "?switch" not in phone.post(f"/m/{match_id}/seat", {"seat": "1"}).headers["Location"]
    assert membership_of(phone.app, phone, match_id).asks_seat == 1  # type: ignore[union-attr]


def test_a_request_names_the_asking_phone_and_tells_the_host_where_the_holder_is(
    app: Flask, phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)  # Ann's phone hosts; Bob's holds Bob's seat
    third = Phone(phone.app)
    third.join(match_id)
    third.post(f"/m/{match_id}/seat", {"seat": "1"})
    to_bob = parse(other.get(f"/m/{match_id}").get_data(as_text=True)).by_id("asks").text()
    assert "A phone with no seat asks to be Bob" in to_bob
    to_host = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("asks").text()
    assert "A phone with no seat asks to be Bob" in to_host
    assert "Bob's phone is at the table and can answer too." in to_host
    gone_quiet(app, other, match_id)
    to_host = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("asks").text()
    assert "Bob's phone has left the table: only you can answer." in to_host
