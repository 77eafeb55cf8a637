"""Deleting a match, restoring it within 30 days, and purging it after that. A deleted match must
vanish everywhere at once, yet stay recoverable by its host for a while."""

from __future__ import annotations

import json
from datetime import timedelta

from click.testing import Result
from flask import Flask

from companion.extensions import db
from companion.models import Entry, Match, Membership, Seat, utcnow

from ..conftest import Phone, code_of, count
from .helpers import group_of, match_row, parse, table, text_of, viewer_path
from .test_manage import finished_match


def test_delete_asks_first_then_hides_the_match_everywhere(
    app: Flask, phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other, names=["Ann", "Bob"])
    group_id = group_of(app, match_id)
    kept = finished_match(phone, other, ["Cy", "Dee"], group=str(group_id))
    code = code_of(app, match_id)
    viewer = viewer_path(phone, match_id)
    assert Phone(app).get(viewer).status_code == 200
    assert phone.enter_heads(match_id, [1, 2]).status_code == 303
    sheet = parse(phone.get(f"/m/{match_id}").get_data(as_text=True))
    assert sheet.find("a", href=f"/m/{match_id}/delete") is not None, "the host sees the button"
    confirm = phone.get(f"/m/{match_id}/delete")
    assert confirm.status_code == 200
    page = text_of(confirm)
    assert "Delete this match?" in page and "Keep" in page
    assert match_row(app, match_id)["deleted_at"] is None, "asking changes nothing"
    done = phone.post(f"/m/{match_id}/delete", {})
    assert done.status_code == 303
    assert done.headers["Location"].endswith(f"/g/{group_id}/deleted?done=deleted")
    listed = text_of(phone.get(done.headers["Location"]))
    assert "The match is deleted. You can restore it for 30 days." in listed
    assert "Back to" in listed, "the group still has a match of this phone"
    assert match_row(app, match_id)["deleted_at"] is not None
    assert count(app, Entry) == 2, "the entries stay"
    for who in (phone, other):
        assert who.get(f"/m/{match_id}").status_code == 404
        assert who.get(f"/m/{match_id}/live?v=0").status_code == 404
    assert Phone(app).get(viewer).status_code == 404, "the shared screen too"
    newcomer = Phone(app)
    assert newcomer.post("/j", {"code": code}).status_code == 200
    export = json.loads(phone.get(f"/g/{group_id}/export.json").get_data(as_text=True))
    assert [m["id"] for m in export["matches"]] == [kept]
    exported = phone.get(f"/g/{group_id}/export.csv").get_data(as_text=True)
    assert "Cy" in exported and "Ann" not in exported


def test_only_the_host_deletes(app: Flask, phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, names=["Ann", "Bob"])
    sheet = parse(other.get(f"/m/{match_id}").get_data(as_text=True))
    assert sheet.find("a", href=f"/m/{match_id}/delete") is None
    assert other.get(f"/m/{match_id}/delete").status_code == 403
    assert other.post(f"/m/{match_id}/delete", {}).status_code == 403
    assert Phone(app).post(f"/m/{match_id}/delete", {}).status_code == 404
    assert match_row(app, match_id)["deleted_at"] is None


def test_restore_within_30_days_by_the_host_only(app: Flask, phone: Phone, other: Phone) -> None:
    match_id = finished_match(phone, other, ["Ann", "Bob"])
    group_id = group_of(app, match_id)
    assert phone.post(f"/m/{match_id}/delete", {}).status_code == 303
    listed = text_of(other.get(f"/g/{group_id}/deleted"))
    assert "6 nimmt!" in listed and "Only the host of this match can restore it." in listed
    shown = parse(other.get(f"/g/{group_id}/deleted").get_data(as_text=True))
    assert shown.find("a", href=f"/g/{group_id}") is None, "no group page left for this phone"
    assert other.post(f"/m/{match_id}/restore", {}).status_code == 403
    assert Phone(app).post(f"/m/{match_id}/restore", {}).status_code == 404
    page = parse(phone.get(f"/g/{group_id}/deleted").get_data(as_text=True))
    assert page.find("form", action=f"/m/{match_id}/restore") is not None
    assert phone.post(f"/m/{match_id}/restore", {}).status_code == 303
    assert match_row(app, match_id)["deleted_at"] is None
    assert other.get(f"/m/{match_id}").status_code == 200
    assert "No match was deleted" in text_of(phone.get(f"/g/{group_id}/deleted"))
    assert phone.post(f"/m/{match_id}/restore", {}).status_code == 404, "nothing to restore"


def age(app: Flask, match_id: int, days: int) -> None:
    """Pretend the match was deleted ``days`` ago."""
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        match.deleted_at = utcnow() - timedelta(days=days)
        db.session.commit()


def test_purge_removes_only_matches_deleted_over_30_days_ago(
    app: Flask, phone: Phone, other: Phone
) -> None:
    old = finished_match(phone, other, ["Ann", "Bob"])
    group_id = group_of(app, old)
    recent = finished_match(phone, other, ["Ann", "Bob"], group=str(group_id))
    kept = finished_match(phone, other, ["Ann", "Bob"], group=str(group_id))
    for match_id in (old, recent):
        assert phone.post(f"/m/{match_id}/delete", {}).status_code == 303
    age(app, old, 31)
    age(app, recent, 29)
    assert phone.post(f"/m/{old}/restore", {}).status_code == 404, "too late to restore"
    result: Result = app.test_cli_runner().invoke(args=["purge-deleted"])
    assert result.exit_code == 0 and "Removed 1 deleted matches." in result.output
    with app.app_context():
        assert db.session.get(Match, old) is None
        assert db.session.get(Match, recent) is not None
        assert db.session.query(Entry).filter_by(match_id=old).count() == 0
        assert db.session.query(Seat).filter_by(match_id=old).count() == 0
        assert db.session.query(Membership).filter_by(match_id=old).count() == 0
        assert db.session.query(Entry).filter_by(match_id=kept).count() == 1
    assert phone.post(f"/m/{recent}/restore", {}).status_code == 303


def test_a_deleted_match_leaves_no_trace_for_a_phone_that_only_joined_it(
    app: Flask, phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other, names=["Ann", "Bob"])
    group_id = group_of(app, match_id)
    assert f"/m/{match_id}" in other.get("/").get_data(as_text=True)
    assert phone.post(f"/m/{match_id}/delete", {}).status_code == 303
    home = other.get("/").get_data(as_text=True)
    assert f"/m/{match_id}" not in home and f"/g/{group_id}" not in home
    offered = parse(other.get("/new/sixnimmt").get_data(as_text=True))
    assert str(group_id) not in [o.attrs.get("value") for o in offered.find_all("option")], (
        "a new match cannot bring the phone back into the group"
    )
    assert other.get(f"/g/{group_id}").status_code == 404


def test_a_deleted_rematch_makes_way_for_a_new_one(app: Flask, phone: Phone, other: Phone) -> None:
    first = finished_match(phone, other, ["Ann", "Bob"])
    mistaken = phone.post(f"/m/{first}/rematch", {})
    assert mistaken.status_code == 303
    mistaken_id = int(mistaken.headers["Location"].rsplit("/", 1)[1])
    assert phone.post(f"/m/{mistaken_id}/delete", {}).status_code == 303
    again = phone.post(f"/m/{first}/rematch", {})
    assert again.status_code == 303
    new_id = int(again.headers["Location"].rsplit("/", 1)[1])
    assert new_id != mistaken_id
    assert phone.get(f"/m/{new_id}").status_code == 200
