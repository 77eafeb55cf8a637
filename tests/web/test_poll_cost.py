"""What the lean poll path leaves out, and what it must keep: no cookie re-signed on an unchanged
poll, the same answers for strangers, deleted matches and NUL bytes, and translations found once
per request but never carried into the next request."""

from __future__ import annotations

from datetime import UTC, datetime

from flask import Flask

from companion.extensions import db
from companion.models import Match

from ..conftest import Phone


def version_of(phone: Phone, match_id: int) -> int:
    html = phone.get(f"/m/{match_id}").get_data(as_text=True)
    return int(html.split('data-version="', 1)[1].split('"', 1)[0])


def test_an_unchanged_poll_sends_no_cookie_but_a_page_does(app: Flask, phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    version = version_of(phone, match_id)
    poll = phone.get(f"/m/{match_id}/live?v={version}", hx=True)
    assert poll.status_code == 204
    assert "Set-Cookie" not in poll.headers
    assert poll.headers["Content-Security-Policy"].startswith("default-src 'self'")
    assert poll.headers["X-Frame-Options"] == "DENY"
    page = phone.get(f"/m/{match_id}")
    assert "companion=" in page.headers["Set-Cookie"]


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
