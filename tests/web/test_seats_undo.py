"""Undoing an entry made on another phone waits for a confirmation, unless that phone has left the
table: one player must not silently erase another's move."""

from __future__ import annotations

from flask import Flask

from companion.extensions import db
from companion.models import Entry

from ..conftest import Phone, count
from .helpers import parse, table, text_of
from .test_seats import gone_quiet


def test_undoing_another_phones_entry_needs_a_confirmation(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    assert other.enter_heads(match_id, [3, 13]).status_code == 303
    log = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("log")
    assert "from Bob's phone" in log.text()
    assert "Bob's phone made this entry" in log.text()
    version = str(_version(phone.app, match_id))
    refused = phone.post(f"/m/{match_id}/undo/1", {"version": version, "idem": "u-1"})
    assert refused.status_code == 200 and "confirm" in text_of(refused)
    assert count(phone.app, Entry) == 1
    confirmed = {"version": version, "idem": "u-2", "for_other": "1"}
    assert phone.post(f"/m/{match_id}/undo/1", confirmed).status_code == 303
    assert count(phone.app, Entry) == 2
    log = parse(other.get(f"/m/{match_id}").get_data(as_text=True)).by_id("log")
    assert "Undo of #1 (Round: Ann 3 · Bob 13) from Ann's phone" in log.text()


def test_a_refused_undo_asks_for_the_confirmation_in_place(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    assert other.enter_heads(match_id, [3, 13]).status_code == 303
    version = str(_version(phone.app, match_id))
    refused = phone.post(f"/m/{match_id}/undo/1", {"version": version, "idem": "u-1"}, hx=True)
    entry = parse(refused.get_data(as_text=True)).by_id("entry")
    form = entry.find("form", class_="confirm-undo")
    assert form is not None, "the refusal offers the confirmation beside its words"
    assert form.attrs["action"] == f"/m/{match_id}/undo/1"
    fields = {i.attrs["name"]: i.attrs.get("value", "") for i in form.find_all("input")}
    assert fields["for_other"] == "1" and fields["version"] == version
    assert "Yes, undo entry #1" in form.text()
    assert phone.post(form.attrs["action"], {**fields, "idem": "u-2"}).status_code == 303
    assert count(phone.app, Entry) == 2


def test_a_quiet_phones_entry_is_undone_without_asking(
    app: Flask, phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    other.enter_heads(match_id, [3, 13])
    gone_quiet(app, other, match_id)
    version = str(_version(phone.app, match_id))
    assert phone.post(f"/m/{match_id}/undo/1", {"version": version}).status_code == 303


def _version(app: Flask, match_id: int) -> int:
    from companion.models import Match

    with app.app_context():
        return db.session.get(Match, match_id).version  # type: ignore[union-attr]
