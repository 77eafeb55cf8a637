"""CSRF on: every POST without the token is refused and stores nothing; the page's token works."""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Flask

from companion.extensions import db

from ..conftest import Phone, code_of
from .helpers import group_of, match_row, parse, snapshot, text_of


def body_token(phone: Phone, path: str = "/") -> str:
    """The token htmx sends: the X-CSRFToken in ``hx-headers`` on <body>."""
    body = parse(phone.get(path).get_data(as_text=True)).find("body")
    assert body is not None
    headers = json.loads(body.attrs["hx-headers"])
    token = headers["X-CSRFToken"]
    assert isinstance(token, str) and token
    return token


def form_token(html: str) -> str:
    """The hidden csrf_token input of a page's form."""
    found = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', html) or re.search(
        r'value="([^"]+)"[^>]*name="csrf_token"', html
    )
    assert found, "no csrf_token in the page"
    return found.group(1)


def start(phone: Phone) -> int:
    """Create a match through the real form, token included."""
    html = phone.get("/new/sixnimmt").get_data(as_text=True)
    data = {"csrf_token": form_token(html), "p0": "Ann", "p1": "Bob", "variant": "base",
            "end": "gt66", "group": "new"}  # fmt: skip
    response = phone.post("/new/sixnimmt", data)
    assert response.status_code == 303, text_of(response)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def test_new_match_without_token_is_400_and_stores_nothing(csrf_app: Flask) -> None:
    phone = Phone(csrf_app)
    phone.get("/new/sixnimmt")
    before = snapshot(csrf_app)
    data = {"p0": "Ann", "p1": "Bob", "variant": "base", "end": "gt66", "group": "new"}
    response = phone.post("/new/sixnimmt", data)
    assert response.status_code == 400
    assert "expired" in text_of(response)
    response = phone.post("/new/sixnimmt", {**data, "csrf_token": "forged"})
    assert response.status_code == 400
    assert snapshot(csrf_app) == before
    assert isinstance(start(phone), int)


def test_join_without_token_is_400_with_the_token_joins(csrf_app: Flask) -> None:
    host, guest = Phone(csrf_app), Phone(csrf_app)
    match_id = start(host)
    code = code_of(csrf_app, match_id)
    html = guest.get("/j").get_data(as_text=True)
    before = snapshot(csrf_app)
    assert guest.post("/j", {"code": code}).status_code == 400
    assert snapshot(csrf_app) == before
    assert guest.get(f"/m/{match_id}").status_code == 404
    assert guest.post("/j", {"code": code, "csrf_token": form_token(html)}).status_code == 303
    assert guest.get(f"/m/{match_id}").status_code == 200


def entry_fields(phone: Phone, match_id: int) -> dict[str, str]:
    html = phone.get(f"/m/{match_id}").get_data(as_text=True)
    form = parse(html).find("form", action=f"/m/{match_id}/entry/heads")
    assert form is not None
    fields = {i.attrs["name"]: i.attrs.get("value", "") for i in form.find_all("input")}
    fields.update({"heads-seat0": "3", "heads-seat1": "13"})
    return fields


def test_entry_without_token_is_400_and_stores_nothing(csrf_app: Flask) -> None:
    phone = Phone(csrf_app)
    match_id = start(phone)
    fields = entry_fields(phone, match_id)
    without = {k: v for k, v in fields.items() if k not in ("csrf_token", "heads-csrf_token")}
    assert len(without) < len(fields), "the entry form carries a token"
    before = snapshot(csrf_app)
    assert phone.post(f"/m/{match_id}/entry/heads", without).status_code == 400
    assert phone.post(f"/m/{match_id}/entry/heads", without, hx=True).status_code == 400
    assert snapshot(csrf_app) == before


def test_entry_with_the_forms_token_is_accepted(csrf_app: Flask) -> None:
    phone = Phone(csrf_app)
    match_id = start(phone)
    response = phone.post(f"/m/{match_id}/entry/heads", entry_fields(phone, match_id))
    assert response.status_code == 303, text_of(response)
    assert match_row(csrf_app, match_id)["version"] > 1


def test_htmx_entry_with_the_body_header_token_is_accepted(csrf_app: Flask) -> None:
    """htmx sends the token from ``hx-headers`` on <body>, even for forms without the input."""
    phone = Phone(csrf_app)
    match_id = start(phone)
    fields = entry_fields(phone, match_id)
    without = {k: v for k, v in fields.items() if not k.endswith("csrf_token")}
    token = body_token(phone, f"/m/{match_id}")
    response = phone.post(
        f"/m/{match_id}/entry/heads", without, hx=True, headers={"X-CSRFToken": token}
    )
    assert response.status_code == 200, text_of(response)
    assert "Round 2" in text_of(response)


POSTS: list[tuple[str, dict[str, Any]]] = [
    ("/m/{id}/seat", {"seat": "0"}),
    ("/m/{id}/undo/1", {"version": "1", "idem": "x"}),
    ("/m/{id}/host/lock", {"locked": "1"}),
    ("/m/{id}/host/rotate", {}),
    ("/m/{id}/host/handover", {"seat": "0"}),
    ("/m/{id}/host/end", {}),
    ("/m/{id}/host/abandon", {}),
    ("/m/{id}/rematch", {}),
    ("/g/{group}", {"name": "Renamed"}),
]


def test_every_other_post_without_token_is_400_and_changes_nothing(csrf_app: Flask) -> None:
    phone = Phone(csrf_app)
    match_id = start(phone)
    group_id = group_of(csrf_app, match_id)
    before = snapshot(csrf_app)
    for path, data in POSTS:
        url = path.format(id=match_id, group=group_id)
        assert phone.post(url, data).status_code == 400, url
        assert phone.post(url, data, hx=True).status_code == 400, url
    assert snapshot(csrf_app) == before


def test_every_other_post_with_the_token_gets_through(csrf_app: Flask) -> None:
    phone = Phone(csrf_app)
    match_id = start(phone)
    group_id = group_of(csrf_app, match_id)
    token = body_token(phone, f"/m/{match_id}")
    steps = [
        (f"/m/{match_id}/seat", {"seat": "0"}),
        (f"/m/{match_id}/host/lock", {"locked": "1"}),
        (f"/m/{match_id}/host/rotate", {}),
        (f"/m/{match_id}/host/end", {}),
        (f"/m/{match_id}/rematch", {}),
        (f"/g/{group_id}", {"name": "Renamed"}),
    ]
    for url, data in steps:
        response = phone.post(url, {**data, "csrf_token": token})
        assert response.status_code == 303, (url, text_of(response))
    row = match_row(csrf_app, match_id)
    assert row["status"] == "no_result", "ended with nothing entered"
    assert row["join_locked"] and row["next_match_id"]
    with csrf_app.app_context():
        from companion.models import Group

        assert db.session.get(Group, group_id).name == "Renamed"  # type: ignore[union-attr]
