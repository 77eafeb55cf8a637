"""Join codes expire: after JOIN_CODE_TTL_HOURS without activity, and when the match ends.

Time is never waited for: a test moves the match's stored ``active_at`` into the past, or asks
``join_codes.expired`` with a clock of its own.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from flask import Flask

from companion import join_codes
from companion.extensions import db
from companion.models import Match, Membership, utcnow

from ..conftest import Phone, code_of, count, make_app
from .helpers import join_link, parse

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}


def idle(app: Flask, match_id: int, hours: float) -> None:
    """Pretend nothing happened at the table for ``hours``."""
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        match.active_at = utcnow() - timedelta(hours=hours)
        db.session.commit()


def is_expired(app: Flask, match_id: int, later: float = 0) -> bool:
    """Whether the code has expired, ``later`` hours from now."""
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        return join_codes.expired(match, now=utcnow() + timedelta(hours=later))


def test_the_default_is_a_few_hours(app: Flask) -> None:
    assert app.config["JOIN_CODE_TTL_HOURS"] == 6


def test_a_fresh_code_admits_a_phone(phone: Phone, other: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    idle(phone.app, match_id, 5.5)
    other.join(match_id)
    assert other.get(f"/m/{match_id}").status_code == 200


def test_an_idle_code_admits_no_new_phone_and_says_why(phone: Phone, other: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    code = code_of(phone.app, match_id)
    idle(phone.app, match_id, 6.5)
    members = count(phone.app, Membership)
    response = other.post("/j", {"code": code})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "This code has expired" in html and "Ask the host for a new code." in html
    assert count(phone.app, Membership) == members
    assert other.get(f"/m/{match_id}").status_code == 404


def test_an_idle_qr_link_admits_no_new_phone(phone: Phone, other: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    link = join_link(phone.app, match_id)
    assert other.get(link).status_code == 303, "the link works while the table is active"
    third = Phone(phone.app)
    idle(phone.app, match_id, 7)
    response = third.get(link)
    assert response.status_code == 404
    assert "This code has expired" in response.get_data(as_text=True)
    assert third.get(f"/m/{match_id}").status_code == 404
    assert other.get(link).status_code == 303, "a phone already in is let back in"


def test_the_expiry_is_said_in_the_phones_language(phone: Phone, other: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    code = code_of(phone.app, match_id)
    idle(phone.app, match_id, 8)
    html = other.post("/j", {"code": code}, headers=GERMAN).get_data(as_text=True)
    assert '<html lang="de"' in html
    assert "Dieser Code ist abgelaufen" in html and "This code has expired" not in html
    italian = other.post("/j", {"code": code}, headers={"Accept-Language": "it"})
    assert "Questo codice è scaduto" in italian.get_data(as_text=True)


def test_phones_already_in_keep_their_seat_and_the_history(phone: Phone, other: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    other.join(match_id)
    other.claim(match_id, 1)
    phone.claim(match_id, 0)
    phone.enter_heads(match_id, [3, 5])
    idle(phone.app, match_id, 30)
    assert other.get(f"/m/{match_id}").status_code == 200
    assert other.enter_heads(match_id, [1, 2]).status_code in (200, 303)
    # The typed code still brings a phone that is already in back to its sheet.
    idle(phone.app, match_id, 30)
    back = other.post("/j", {"code": code_of(phone.app, match_id)})
    assert back.status_code == 303 and back.headers["Location"].endswith(f"/m/{match_id}")


def test_activity_at_the_table_keeps_the_code_alive(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    phone.claim(match_id, 0)
    idle(phone.app, match_id, 5)
    assert not is_expired(phone.app, match_id)
    assert is_expired(phone.app, match_id, later=1.5)
    phone.enter_heads(match_id, [3, 5])
    assert not is_expired(phone.app, match_id, later=5.5)
    assert is_expired(phone.app, match_id, later=6.5)


def test_polling_is_not_activity(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    idle(phone.app, match_id, 7)
    phone.get(f"/m/{match_id}")
    phone.get(f"/m/{match_id}/live?v=0", hx=True)
    assert is_expired(phone.app, match_id)


def test_the_host_sees_the_expiry_and_gets_a_new_code_in_one_tap(
    phone: Phone, other: Phone
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    old = code_of(phone.app, match_id)
    idle(phone.app, match_id, 7)
    invite = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("invite")
    assert invite is not None
    assert "the join code has expired" in invite.text()
    assert old not in invite.text(), "an expired code is not shown as if it worked"
    form = invite.find("form")
    assert form is not None and form.attrs["action"] == f"/m/{match_id}/host/rotate"
    assert phone.get(f"/m/{match_id}/qr.svg?c={old}").status_code == 404

    assert phone.post(f"/m/{match_id}/host/rotate").status_code == 303
    new = code_of(phone.app, match_id)
    assert new != old and not is_expired(phone.app, match_id)
    assert "No open match has this code" in other.post("/j", {"code": old}).get_data(as_text=True)
    assert other.post("/j", {"code": new}).status_code == 303
    assert other.get(f"/m/{match_id}").status_code == 200


def test_a_player_who_is_not_host_is_told_to_ask_the_host(phone: Phone, other: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    other.join(match_id)
    idle(phone.app, match_id, 7)
    invite = parse(other.get(f"/m/{match_id}").get_data(as_text=True)).by_id("invite")
    assert invite is not None
    assert "ask the host for a new code" in invite.text()
    assert invite.find("form") is None
    assert other.post(f"/m/{match_id}/host/rotate").status_code == 403


def test_the_code_dies_when_the_match_ends(phone: Phone, other: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    code = code_of(phone.app, match_id)
    assert phone.post(f"/m/{match_id}/host/end").status_code == 303
    response = other.post("/j", {"code": code})
    html = response.get_data(as_text=True)
    assert "This match is over, so it takes no new phones." in html
    assert "No open match has this code" not in html, "not as if the code were mistyped"
    assert parse(html).find("a", href="/") is not None, "a way on"
    assert other.get(f"/m/{match_id}").status_code == 404


def test_an_old_qr_link_of_an_ended_match_takes_its_phones_to_the_sheet(
    phone: Phone, other: Phone
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    link = join_link(phone.app, match_id)
    other.get(link)
    assert phone.post(f"/m/{match_id}/host/end").status_code == 303
    response = other.get(link)
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/m/{match_id}")
    typed = other.post("/j", {"code": link.split("/")[2].split("?")[0]})
    assert typed.headers["Location"].endswith(f"/m/{match_id}")


def test_an_old_qr_link_of_an_ended_match_tells_a_new_phone_it_is_over(
    phone: Phone, other: Phone
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    link = join_link(phone.app, match_id)
    assert phone.post(f"/m/{match_id}/host/abandon").status_code == 303
    members = count(phone.app, Membership)
    for address in (link, link.split("?")[0]):
        response = other.get(address, headers=GERMAN)
        html = response.get_data(as_text=True)
        assert "Diese Partie ist vorbei" in html and "Keine offene Partie" not in html
        assert parse(html).find("a", href="/") is not None
    assert count(phone.app, Membership) == members


def test_an_address_with_a_code_that_cannot_work_says_so_at_once(
    phone: Phone, other: Phone
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    code = code_of(phone.app, match_id)
    assert phone.post(f"/m/{match_id}/delete", {}).status_code == 303
    html = other.get(f"/j/{code}").get_data(as_text=True)
    assert "No open match has this code" in html, "told before tapping Join"
    open_id = phone.new_match(["Ann", "Bob"])
    fresh = other.get(f"/j/{code_of(phone.app, open_id)}").get_data(as_text=True)
    assert 'role="alert"' not in fresh, "an open code: just the form, filled in"


@pytest.mark.parametrize("hours", [0, "0"])
def test_zero_hours_keeps_codes_until_the_match_ends(tmp_path: Path, hours: object) -> None:
    app = make_app(tmp_path, JOIN_CODE_TTL_HOURS=hours)
    host, guest = Phone(app), Phone(app)
    match_id = host.new_match(["Ann", "Bob"])
    idle(app, match_id, 24 * 400)
    guest.join(match_id)
    assert guest.get(f"/m/{match_id}").status_code == 200


def test_a_shorter_setting_is_honoured(tmp_path: Path) -> None:
    app = make_app(tmp_path, JOIN_CODE_TTL_HOURS=0.5)
    host, guest = Phone(app), Phone(app)
    match_id = host.new_match(["Ann", "Bob"])
    idle(app, match_id, 0.75)
    response = guest.post("/j", {"code": code_of(app, match_id)})
    assert "This code has expired" in response.get_data(as_text=True)


def test_a_match_link_on_a_phone_that_has_not_joined_offers_the_code(
    phone: Phone, other: Phone
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    page = other.get(f"/m/{match_id}")
    assert page.status_code == 404
    html = parse(page.get_data(as_text=True))
    assert "this phone has not joined it" in html.text()
    way_in = html.find("a", href="/j")
    assert way_in is not None and way_in.text() == "Join with a code"
    other.post("/j", {"code": code_of(phone.app, match_id)})
    assert other.get(f"/m/{match_id}").status_code == 200
    assert parse(other.get("/g/99999").get_data(as_text=True)).find("a", href="/j") is None
