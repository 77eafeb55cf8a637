"""A new-match form sent twice starts one match: the new-match form carries a one-time key,
the match stores it, and the same form again (a second tap, a resent POST, a copy racing the
first) lands on the match the first one started."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask

from companion.extensions import db
from companion.models import Match, Membership
from companion.views import matches

from ..conftest import Phone, count
from .helpers import match_row, snapshot, table, text_of
from .test_csrf import form_token
from .test_history import finish

NAMES = {"p0": "Ann", "p1": "Bob", "variant": "base", "end": "gt66", "group": "new", "me": "0"}


def key_of(html: str) -> str:
    """The one-time key of the new-match form in ``html``."""
    found = re.search(r'name="idem"[^>]*value="([^"]*)"', html) or re.search(
        r'value="([^"]*)"[^>]*name="idem"', html
    )
    assert found, "no one-time key in the new-match form"
    return found.group(1)


def rendered_form(phone: Phone) -> dict[str, str]:
    """A freshly rendered new-match form, filled in: its key and (when on) its CSRF token."""
    html = phone.get("/new/sixnimmt").get_data(as_text=True)
    token = {"csrf_token": form_token(html)} if phone.app.config["WTF_CSRF_ENABLED"] else {}
    return {**NAMES, **token, "idem": key_of(html)}


def started(response: Any) -> str:
    """Where a successful POST sends the phone."""
    assert response.status_code == 303, text_of(response)
    return str(response.headers["Location"])


def test_each_rendered_form_has_a_fresh_key(phone: Phone) -> None:
    first = key_of(phone.get("/new/sixnimmt").get_data(as_text=True))
    second = key_of(phone.get("/new/sixnimmt").get_data(as_text=True))
    assert len(first) >= 16 and first != second


def test_the_same_post_twice_starts_one_match_and_lands_both_on_it(csrf_app: Flask) -> None:
    phone = Phone(csrf_app)
    form = rendered_form(phone)
    first = started(phone.post("/new/sixnimmt", form))
    again = started(phone.post("/new/sixnimmt", form))
    assert again == first
    assert count(csrf_app, Match) == 1 and count(csrf_app, Membership) == 1
    assert phone.get(again).status_code == 200
    home = phone.get("/").get_data(as_text=True)
    assert home.count(f'href="{first}"') == 1


def test_a_fresh_form_starts_a_new_match(phone: Phone, app: Flask) -> None:
    first = started(phone.post("/new/sixnimmt", rendered_form(phone)))
    second = started(phone.post("/new/sixnimmt", rendered_form(phone)))
    assert first != second and count(app, Match) == 2


def test_a_form_without_a_key_still_starts_a_match(phone: Phone, app: Flask) -> None:
    """A page rendered before the key existed, or a key that does not look like one."""
    started(phone.post("/new/sixnimmt", NAMES))
    started(phone.post("/new/sixnimmt", {**NAMES, "idem": "no!"}))
    started(phone.post("/new/sixnimmt", {**NAMES, "idem": "no!"}))
    assert count(app, Match) == 3
    with app.app_context():
        assert db.session.scalars(db.select(Match.start_key)).all() == [None] * 3


def test_a_refused_form_comes_back_with_a_fresh_key(phone: Phone, app: Flask) -> None:
    form = rendered_form(phone)
    response = phone.post("/new/sixnimmt", {**form, "p1": "ann"})  # the same name twice
    assert response.status_code == 200 and count(app, Match) == 0
    assert key_of(response.get_data(as_text=True)) != form["idem"]


def test_a_copy_that_races_the_first_lands_on_the_winner(
    phone: Phone, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both copies look the key up before either has stored it: the unique index lets the first
    through, and the second is answered with the match the first started."""
    monkeypatch.setattr(matches, "started_with", lambda _key: None)
    form = rendered_form(phone)
    first = started(phone.post("/new/sixnimmt", form))
    again = started(phone.post("/new/sixnimmt", form))
    assert again == first
    assert count(app, Match) == 1 and count(app, Membership) == 1
    with app.app_context():
        assert db.session.scalars(db.select(Match.start_key)).all() == [form["idem"]]


def test_two_phones_racing_to_the_rematch_start_one(
    phone: Phone, other: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both phones read "no rematch yet" before either has linked one: the second to link
    finds the link taken, stores nothing, and is sent to the first one's rematch."""
    match_id = table(phone, other, end="rounds", rounds="1")
    finish(phone, match_id, [1, 2])
    first = started(phone.post(f"/m/{match_id}/rematch"))
    before = snapshot(phone.app)
    monkeypatch.setattr(matches, "rematch_of", lambda _match: None)
    assert started(other.post(f"/m/{match_id}/rematch")) == first
    assert snapshot(phone.app) == before
    assert match_row(phone.app, match_id)["next_match_id"] == int(first.rsplit("/", 1)[-1])
