"""What the lean poll path leaves out, and what it must keep: no cookie re-signed on an unchanged
poll, the same answers for strangers, deleted matches and NUL bytes, and translations found once
per request but never carried into the next request."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from unittest.mock import patch

from flask import Flask

from companion.extensions import db
from companion.models import Match
from companion.security import RESIGN_AFTER

from ..conftest import Phone


def version_of(phone: Phone, match_id: int) -> int:
    html = phone.get(f"/m/{match_id}").get_data(as_text=True)
    return int(html.split('data-version="', 1)[1].split('"', 1)[0])


def test_an_unchanged_poll_sends_no_cookie(app: Flask, phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    version = version_of(phone, match_id)
    poll = phone.get(f"/m/{match_id}/live?v={version}", hx=True)
    assert poll.status_code == 204
    assert "Set-Cookie" not in poll.headers
    assert poll.headers["Content-Security-Policy"].startswith("default-src 'self'")
    assert poll.headers["X-Frame-Options"] == "DENY"


def test_a_cookie_signed_today_is_not_signed_again(app: Flask, phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    phone.claim(match_id, 0)
    version = version_of(phone, match_id)
    phone.enter_heads(match_id, [3, 4])
    for answer in (
        phone.get(f"/m/{match_id}"),
        phone.get(f"/m/{match_id}/live?v={version}", hx=True),
    ):
        assert answer.status_code == 200
        assert "Set-Cookie" not in answer.headers


def test_a_cookie_older_than_a_day_is_signed_anew_for_the_same_device(
    app: Flask, phone: Phone
) -> None:
    two_days_ago = time.time() - 2 * RESIGN_AFTER.total_seconds()
    with patch("itsdangerous.timed.time.time", return_value=two_days_ago):
        match_id = phone.new_match(["Ann", "Bob"])
    old = phone.client.get_cookie("companion")
    page = phone.get(f"/m/{match_id}")
    assert page.status_code == 200, "the phone is still a member of its match"
    assert "companion=" in page.headers["Set-Cookie"]
    new = phone.client.get_cookie("companion")
    assert old is not None and new is not None and new.value != old.value
    again = phone.get(f"/m/{match_id}")
    assert again.status_code == 200 and "Set-Cookie" not in again.headers


def test_a_changed_session_is_always_sent(app: Flask, phone: Phone) -> None:
    phone.get("/")
    answer = phone.get("/lang/it")
    assert "companion=" in answer.headers["Set-Cookie"]


def test_a_changed_poll_still_answers_with_the_fragments(app: Flask, phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    phone.claim(match_id, 0)
    version = version_of(phone, match_id)
    phone.enter_heads(match_id, [3, 4])
    poll = phone.get(f"/m/{match_id}/live?v={version}", hx=True)
    assert poll.status_code == 200
    assert 'id="scoreboard"' in poll.get_data(as_text=True)


def test_a_stranger_polling_gets_404_and_a_fresh_cookie(app: Flask, phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    version = version_of(phone, match_id)
    stranger = Phone(app)
    answer = stranger.get(f"/m/{match_id}/live?v={version}", hx=True)
    assert answer.status_code == 404
    assert "companion=" in answer.headers["Set-Cookie"]


def test_a_deleted_match_is_not_answered_as_unchanged(app: Flask, phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    version = version_of(phone, match_id)
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        match.deleted_at = datetime.now(UTC)
        db.session.commit()
    assert phone.get(f"/m/{match_id}/live?v={version}", hx=True).status_code == 404


def test_nul_bytes_are_refused_in_a_query_and_in_a_form(app: Flask, phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    assert phone.get(f"/m/{match_id}/live?v=1%00").status_code == 400
    assert phone.post(f"/m/{match_id}/seat", {"seat": "0\x00"}).status_code == 400


def test_the_language_of_one_request_does_not_stay_for_the_next(app: Flask, phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    assert ">Scoreboard<" in phone.get(f"/m/{match_id}").get_data(as_text=True)
    phone.get(f"/lang/it?next=/m/{match_id}")
    assert ">Punteggi<" in phone.get(f"/m/{match_id}").get_data(as_text=True)
    phone.get(f"/lang/en?next=/m/{match_id}")
    assert ">Scoreboard<" in phone.get(f"/m/{match_id}").get_data(as_text=True)
