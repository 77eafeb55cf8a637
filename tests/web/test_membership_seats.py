"""A joined phone and its seat: it claims one, keeps it across reloads and a second join, and
without one it may watch but not enter. Only a seated phone, or the host, writes to the log."""

from __future__ import annotations

import pytest

from companion.models import Entry, Membership

from ..conftest import Phone, count
from .helpers import device_of, join_link, match_row, membership_of, parse, table, text_of


def test_claiming_a_seat_and_being_back_in_it_after_a_reload(phone: Phone, other: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    other.join(match_id)
    other.claim(match_id, 1)
    member = membership_of(phone.app, other, match_id)
    assert member is not None and member.seat == 1
    for _ in range(2):  # a reload, then another one after the phone slept
        page = parse(other.get(f"/m/{match_id}").get_data(as_text=True))
        mine = page.by_id("seats").find_all("button", aria_pressed="true")
        assert len(mine) == 1 and "Bob" in mine[0].text()
        assert page.find("form", action=f"/m/{match_id}/entry/heads") is not None
    # A fresh client (same cookie jar copied) is still the same device.
    again = Phone(phone.app)
    again.client.set_cookie("companion", other.client.get_cookie("companion").value)  # type: ignore[union-attr]
    assert device_of(again) == device_of(other)
    page = parse(again.get(f"/m/{match_id}").get_data(as_text=True))
    assert "Bob" in page.by_id("seats").find("button", aria_pressed="true").text()  # type: ignore[union-attr]


def test_a_held_seat_is_asked_for_and_leaving_is_its_own_confirmed_action(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    assert phone.post(f"/m/{match_id}/seat", {"seat": "1"}).status_code == 303
    assert membership_of(phone.app, phone, match_id).seat == 0  # type: ignore[union-attr]
    assert membership_of(phone.app, other, match_id).seat == 1  # type: ignore[union-attr]
    assert phone.post(f"/m/{match_id}/seat/leave", {}).status_code == 400
    assert phone.post(f"/m/{match_id}/seat/leave", {"confirm": "1"}).status_code == 303
    assert membership_of(phone.app, phone, match_id).seat is None  # type: ignore[union-attr]


def test_a_member_without_a_seat_cannot_enter_but_the_host_can(phone: Phone, other: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    other.join(match_id)
    page = parse(other.get(f"/m/{match_id}").get_data(as_text=True))
    assert page.find("form", action=f"/m/{match_id}/entry/heads") is None
    assert "Tap your name under" in page.by_id("entry").text()
    version = str(match_row(phone.app, match_id)["version"])
    data = {"heads-seat0": "1", "heads-seat1": "2", "heads-version": version, "heads-idem": "k1"}
    for hx in (False, True):
        response = other.post(f"/m/{match_id}/entry/heads", data, hx=hx)
        assert response.status_code == 200
        assert "Tap your name under" in text_of(response)
    assert count(phone.app, Entry) == 0
    # The host has no seat either, and may enter.
    assert membership_of(phone.app, phone, match_id).seat is None  # type: ignore[union-attr]
    assert phone.enter_heads(match_id, [1, 2]).status_code == 303
    assert count(phone.app, Entry) == 1
    version = str(match_row(phone.app, match_id)["version"])
    response = other.post(f"/m/{match_id}/undo/1", {"version": version, "idem": "u1"})
    assert response.status_code == 200
    assert count(phone.app, Entry) == 1


@pytest.mark.parametrize("target", ["entry/heads", "undo/1"])
def test_a_member_without_a_seat_is_told_why_nothing_was_saved(
    phone: Phone, other: Phone, target: str
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    phone.enter_heads(match_id, [1, 2])
    other.join(match_id)
    version = str(match_row(phone.app, match_id)["version"])
    data = {"heads-seat0": "1", "heads-seat1": "2", "heads-version": version, "heads-idem": "k1",
            "version": version, "idem": "u1"}  # fmt: skip
    response = other.post(f"/m/{match_id}/{target}", data, hx=True)
    alert = parse(response.get_data(as_text=True)).find(role="alert")
    assert alert is not None and "Claim your seat first" in alert.text()


def test_joining_twice_keeps_one_membership_and_the_seat(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    other.join(match_id)
    assert other.get(join_link(phone.app, match_id)).status_code == 303
    with phone.app.app_context():
        from companion.extensions import db

        rows = db.session.query(Membership).filter_by(match_id=match_id).count()
    assert rows == 2
    assert membership_of(phone.app, other, match_id).seat == 1  # type: ignore[union-attr]
