"""The link of a deleted match (the Back button, a bookmark): the phones that were at it, and
those that may see its group's deleted matches, are told it was deleted and where to restore
it; any other phone gets the same neutral "nothing here" as for a match that never existed."""

from __future__ import annotations

from datetime import timedelta

from flask import Flask

from companion.extensions import db
from companion.models import Match, utcnow

from ..conftest import Phone
from .helpers import group_of, parse, table

NEUTRAL = "There is nothing here, or this phone has not joined it."
GONE = "This match was deleted."


def deleted_match(phone: Phone, other: Phone) -> tuple[int, int, Phone]:
    """A match of ``phone`` (host) and ``other``, deleted; and a third phone that plays another
    match of the same group (so it may see the group's deleted matches)."""
    match_id = table(phone, other, names=["Ann", "Bob"])
    group_id = group_of(phone.app, match_id)
    third = Phone(phone.app)
    kept = phone.new_match(["Ann", "Cy"], group=str(group_id))
    third.join(kept)
    assert phone.post(f"/m/{match_id}/delete", {}).status_code == 303
    return match_id, group_id, third


def test_the_host_is_told_the_match_was_deleted_and_where_to_restore_it(
    app: Flask, phone: Phone, other: Phone
) -> None:
    match_id, group_id, _third = deleted_match(phone, other)
    response = phone.get(f"/m/{match_id}")
    assert response.status_code == 404, "gone, as every page of a match that is not there"
    page = parse(response.get_data(as_text=True))
    text = page.by_id("error").text()
    assert GONE in text and NEUTRAL not in text
    assert "You can restore it until" in text
    assert page.find("a", href=f"/g/{group_id}/deleted") is not None
    assert page.find("a", href="/j") is None, "joining would not bring it back"
    listed = phone.get(f"/g/{group_id}/deleted")
    assert parse(listed.get_data(as_text=True)).find("form", action=f"/m/{match_id}/restore")


def test_the_other_phones_of_the_table_and_of_the_group_are_told_too(
    app: Flask, phone: Phone, other: Phone
) -> None:
    match_id, group_id, third = deleted_match(phone, other)
    for who in (other, third):
        response = who.get(f"/m/{match_id}")
        assert response.status_code == 404
        page = parse(response.get_data(as_text=True))
        text = page.by_id("error").text()
        assert GONE in text and "Its host can restore it until" in text
    poll = other.get(f"/m/{match_id}/live?v=0", hx=True)
    assert poll.status_code == 404 and poll.headers.get("HX-Refresh") == "true"


def test_a_phone_that_cannot_restore_it_is_led_back_to_its_group_not_to_the_deleted_list(
    app: Flask, phone: Phone, other: Phone
) -> None:
    match_id, group_id, third = deleted_match(phone, other)
    page = parse(third.get(f"/m/{match_id}").get_data(as_text=True))
    main = page.by_id("error").find("a", class_="primary")
    assert main is not None and main.attrs["href"] == f"/g/{group_id}", "its group plays on"
    assert page.find("a", href=f"/g/{group_id}/deleted") is None, "only the host restores"
    assert third.get(f"/g/{group_id}").status_code == 200
    page = parse(other.get(f"/m/{match_id}").get_data(as_text=True))
    main = page.by_id("error").find("a", class_="primary")
    assert main is not None and main.attrs["href"] == "/", "no group left to go back to"
    assert page.find("a", href=f"/g/{group_id}/deleted") is None
    assert other.get(f"/g/{group_id}").status_code == 404


def test_a_stranger_learns_nothing(app: Flask, phone: Phone, other: Phone) -> None:
    match_id, group_id, _third = deleted_match(phone, other)
    stranger = Phone(app)
    response = stranger.get(f"/m/{match_id}")
    assert response.status_code == 404
    page = parse(response.get_data(as_text=True))
    text = page.by_id("error").text()
    assert NEUTRAL in text and "deleted" not in text
    assert page.find("a", href=f"/g/{group_id}/deleted") is None
    never = parse(stranger.get(f"/m/{match_id + 1000}").get_data(as_text=True))
    assert never.by_id("error").text() == text, "the same page as for a match that never was"


def test_past_the_30_days_it_says_it_can_no_longer_be_restored(
    app: Flask, phone: Phone, other: Phone
) -> None:
    match_id, group_id, _third = deleted_match(phone, other)
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        match.deleted_at = utcnow() - timedelta(days=31)
        db.session.commit()
    page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True))
    text = page.by_id("error").text()
    assert GONE in text and "It can no longer be restored." in text
    assert page.find("a", href=f"/g/{group_id}/deleted") is None


def test_every_phone_on_the_deleted_matches_page_has_a_way_back(
    app: Flask, phone: Phone, other: Phone
) -> None:
    """The host and a phone at another match of the group go back to the group; a phone whose
    only match there was deleted (its group page is closed) goes back to the start, told why."""
    _match_id, group_id, third = deleted_match(phone, other)
    for who in (phone, third):
        page = parse(who.get(f"/g/{group_id}/deleted").get_data(as_text=True))
        assert page.find("a", href=f"/g/{group_id}") is not None
    response = other.get(f"/g/{group_id}/deleted")
    assert response.status_code == 200
    page = parse(response.get_data(as_text=True))
    assert page.find("a", href=f"/g/{group_id}") is None, "a page this phone may not open"
    back = page.by_id("main").find("a", href="/")
    assert back is not None and back.text() == "Back to the start"
    assert "the group's page opens again once a match is restored" in page.text()
    assert other.get(f"/g/{group_id}").status_code == 404
