"""Taking the host rights over: only while the match is played, once per host gone, and what a
handover leaves each phone being told."""

from __future__ import annotations

from sqlalchemy.orm.attributes import set_committed_value

from companion import host_rights
from companion.extensions import db
from companion.models import Match, Membership

from ..conftest import Phone
from .helpers import device_of, match_row, parse, table
from .test_host import gone_quiet


def test_an_ended_match_offers_no_take_over_and_refuses_one(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    assert phone.post(f"/m/{match_id}/host/end").status_code in (302, 303)
    gone_quiet(phone, phone, match_id)  # the host's phone has gone home with the others
    host = parse(other.get(f"/m/{match_id}").get_data(as_text=True)).by_id("host")
    assert host.find("form", action=f"/m/{match_id}/host/take") is None
    assert other.post(f"/m/{match_id}/host/take").status_code == 303
    assert match_row(phone.app, match_id)["host_device_id"] == device_of(phone), "still the host"


def test_after_the_end_a_seat_is_taken_without_the_switch_question(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other, names=["Ann", "Bob", "Cy"])
    assert phone.post(f"/m/{match_id}/host/end").status_code in (302, 303)
    tap = other.post(f"/m/{match_id}/seat", {"seat": "2", "free": "1"})
    assert "switch=" not in tap.headers["Location"]
    with phone.app.app_context():
        seat = db.session.execute(
            db.select(Membership.seat).filter_by(match_id=match_id, device_id=device_of(other))
        ).scalar_one()
    assert seat == 2


def test_of_two_phones_taking_over_at_once_the_second_changes_nothing(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other, names=["Ann", "Bob", "Cy"])
    third = Phone(phone.app)
    third.join(match_id)
    third.post(f"/m/{match_id}/seat", {"seat": "2"})
    gone_quiet(phone, phone, match_id)
    assert other.post(f"/m/{match_id}/host/take").status_code == 303  # Bob's phone took them
    with phone.app.app_context():
        seen = db.session.get(Match, match_id)
        assert seen is not None
        # The third phone's request read the match a moment before Bob's was stored.
        set_committed_value(seen, "host_device_id", device_of(phone))
        mine = db.session.execute(
            db.select(Membership).filter_by(match_id=match_id, device_id=device_of(third))
        ).scalar_one()
        taken = host_rights.take_over(seen, mine)
        if taken is False:  # as the route does
            db.session.rollback()
        else:
            db.session.commit()
    assert match_row(phone.app, match_id)["host_device_id"] == device_of(other)


def test_a_host_who_hands_the_rights_back_is_no_longer_told_it_is_the_host(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    phone.post(f"/m/{match_id}/host/handover", {"seat": "1", "confirm": "1"})
    told = parse(other.get(f"/m/{match_id}").get_data(as_text=True)).by_id("asks").text()
    assert "This phone is the host now" in told
    other.post(f"/m/{match_id}/host/handover", {"seat": "0", "confirm": "1"})  # not read: back
    after = parse(other.get(f"/m/{match_id}").get_data(as_text=True)).by_id("asks")
    assert after is None or "This phone is the host now" not in after.text()
    assert (
        "This phone is the host now"
        in parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("asks").text()
    )
