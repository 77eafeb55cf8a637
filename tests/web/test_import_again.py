"""Importing is idempotent: every exported match carries a uid, the same file twice adds
nothing and says so, and a group of the same name is merged into rather than duplicated."""

from __future__ import annotations

import io
import json
import uuid
from typing import Any

from flask import Flask

from companion.extensions import db
from companion.models import Group, Match, Player

from ..conftest import Phone, count
from .archive_builders import build_small, export_text
from .helpers import device_of, parse


def upload(phone: Phone, data: dict[str, Any], into: str | None = None) -> Any:
    fields: dict[str, Any] = {"file": (io.BytesIO(json.dumps(data).encode()), "export.json")}
    if into is not None:
        fields["into"] = into
    return phone.post("/g/import", fields, content_type="multipart/form-data")


def member(phone: Phone) -> str:
    """The phone's device id, after a first page gave it one."""
    phone.get("/")
    return device_of(phone)


def exported(app: Flask, group_id: int) -> dict[str, Any]:
    value: dict[str, Any] = json.loads(export_text(app, group_id))
    return value


def test_every_exported_match_carries_its_uid(app: Flask) -> None:
    data = exported(app, build_small(app))
    with app.app_context():
        uids = set(db.session.execute(db.select(Match.uid)).scalars())
    assert {m["uid"] for m in data["matches"]} == uids and len(uids) == 5


def test_the_same_file_twice_adds_nothing_and_says_so(app: Flask, phone: Phone) -> None:
    group_id = build_small(app, device=member(phone))
    data = exported(app, group_id)
    before = (count(app, Group), count(app, Match), count(app, Player))
    for into in ("merge", "new"):
        response = upload(phone, data, into)
        assert response.status_code == 200
        page = parse(response.get_data(as_text=True))
        notice = page.find("p", class_="notice")
        assert notice is not None
        assert "Nothing was added: all 5 matches of this file are already here." in notice.text()
        assert notice.find("a", href=f"/g/{group_id}") is not None, "a link to the group"
        assert (count(app, Group), count(app, Match), count(app, Player)) == before


def test_new_matches_are_merged_into_the_group_of_the_same_name(app: Flask, phone: Phone) -> None:
    group_id = build_small(app, device=member(phone))
    data = exported(app, group_id)
    extra = json.loads(json.dumps(data["matches"][0]))
    extra.update(id=999, uid=uuid.uuid4().hex, next_match=None)
    data["matches"].append(extra)
    data["players"].append("Zoe")
    players = count(app, Player)
    response = upload(phone, data)
    assert response.status_code == 303
    assert f"/g/{group_id}?done=import-merged" in response.headers["Location"]
    assert (count(app, Group), count(app, Match), count(app, Player)) == (1, 6, players + 1)
    page = parse(phone.get(response.headers["Location"]).get_data(as_text=True))
    text = page.by_id("manage").text()
    assert "1 new match added" in text and "5 matches of the file were already here" in text
    assert upload(phone, data).status_code == 200, "and once more: nothing new"
    assert count(app, Match) == 6


def test_a_file_from_elsewhere_with_the_same_name_is_offered_the_group(
    app: Flask, phone: Phone
) -> None:
    group_id = build_small(app, device=member(phone))
    data = exported(app, group_id)
    for match in data["matches"]:
        match["uid"] = uuid.uuid4().hex
    form = parse(phone.get("/g/import").get_data(as_text=True))
    merge = form.find("input", type="radio", value="merge")
    assert merge is not None and "checked" in merge.attrs, "merging is the offer"
    response = upload(phone, data)
    assert response.status_code == 303 and f"/g/{group_id}?" in response.headers["Location"]
    assert count(app, Group) == 1 and count(app, Match) == 10
    with app.app_context():
        names = sorted(p.name for p in db.session.execute(db.select(Player)).scalars())
    assert len(names) == len(set(names)), "the group's players are reused, not duplicated"
    for match in data["matches"]:
        match["uid"] = uuid.uuid4().hex
    apart = upload(phone, data, into="new")
    assert apart.status_code == 303 and "done=imported" in apart.headers["Location"]
    assert count(app, Group) == 2


def test_a_file_without_uids_still_imports(app: Flask, phone: Phone) -> None:
    data = exported(app, build_small(app))
    for match in data["matches"]:
        del match["uid"]
    response = upload(phone, data)
    assert response.status_code == 303
    assert count(app, Group) == 2 and count(app, Match) == 10


def test_a_bad_uid_is_refused_in_place(app: Flask, phone: Phone) -> None:
    data = exported(app, build_small(app))
    data["matches"][1]["uid"] = "not a uid!"
    response = upload(phone, data)
    assert response.status_code == 200
    assert "the match's uid is not valid" in parse(response.get_data(as_text=True)).text()
    data["matches"][1]["uid"] = data["matches"][0]["uid"]
    assert "used twice" in parse(upload(phone, data).get_data(as_text=True)).text()
    assert count(app, Group) == 1


def test_matches_in_a_group_this_phone_has_not_joined_are_said_to_be_so(
    app: Flask, phone: Phone, other: Phone
) -> None:
    group_id = build_small(app, device=member(phone))
    data = exported(app, group_id)
    before = (count(app, Group), count(app, Match))
    for into in ("merge", "new"):
        response = upload(other, data, into)
        assert response.status_code == 200
        page = parse(response.get_data(as_text=True))
        text = page.by_id("import").text()
        assert "all 5 matches of this file are already here" in text
        assert "They are in a group this phone has not joined." in text
        assert "joins one of its matches" in text, "how to get in"
        assert page.find("a", href="/j") is not None
        assert page.find("a", href=f"/g/{group_id}") is None, "no link it could not open"
    assert (count(app, Group), count(app, Match)) == before
    assert other.get(f"/g/{group_id}").status_code == 404, "the import gave no way in"


def test_one_match_in_a_group_this_phone_has_not_joined_is_said_in_the_singular(
    app: Flask, phone: Phone, other: Phone
) -> None:
    data = exported(app, build_small(app, device=member(phone)))
    data["matches"] = [dict(data["matches"][0], next_match=None)]
    text = parse(upload(other, data).get_data(as_text=True)).by_id("import").text()
    assert "the file has 1 match, and it is already here." in text
    assert "It is in a group this phone has not joined." in text


def test_a_file_with_no_match_says_so(app: Flask, phone: Phone) -> None:
    data = exported(app, build_small(app))
    data["matches"] = []
    response = upload(phone, data)
    assert response.status_code == 200
    text = parse(response.get_data(as_text=True)).by_id("import").text()
    assert "Nothing was added: the file holds no match." in text
    assert "are already here" not in text and "has not joined" not in text
