"""Import refuses broken, truncated and hand-edited files with the reason, importing nothing."""

from __future__ import annotations

import io
import json
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.archive import ImportRefused, import_group
from companion.archive.schema import MAX_ENTRIES_PER_FILE, MAX_ENTRIES_PER_MATCH, parse
from companion.extensions import db
from companion.models import Device, Entry, Group, Match, Membership, Player, Seat

from ..conftest import Phone, make_app
from .archive_builders import build_small, export_text
from .helpers import parse as parse_html

TABLES = (Group, Player, Match, Seat, Entry, Membership, Device)


def rows(app: Flask) -> dict[str, int]:
    with app.app_context():
        return {model.__name__: db.session.query(model).count() for model in TABLES}


@pytest.fixture
def small(app: Flask) -> dict[str, Any]:
    """A small exported group, parsed, as if from another installation: its matches carry
    uids this database does not hold (the same file twice is tests/web/test_import_again.py)."""
    group_id = build_small(app)
    data: dict[str, Any] = json.loads(export_text(app, group_id))
    for match in data["matches"]:
        match["uid"] = uuid.uuid4().hex
    return data


def refused(app: Flask, data: Any) -> str:
    """Import ``data``; it must be refused with nothing written. The reason."""
    before = rows(app)
    with app.app_context(), app.test_request_context():
        with pytest.raises(ImportRefused) as caught:
            import_group(data, "d" * 32)
        db.session.rollback()
    assert rows(app) == before, "nothing is imported"
    return caught.value.reason


def game_index(data: dict[str, Any], slug: str) -> int:
    return next(i for i, m in enumerate(data["matches"]) if m["game"] == slug)


EDITS: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "wrong format": (lambda d: d.update(format="other"), "not a Companion export"),
    "newer version": (lambda d: d.update(version=2), "format version 2"),
    "no group name": (lambda d: d["group"].update(name="  "), "no usable name"),
    "no matches": (lambda d: d.pop("matches"), "no list of matches"),
    "twice the same player": (lambda d: d["players"].extend(["ann", "ANN"]), "same player twice"),
    "unknown game": (lambda d: d["matches"][0].update(game="chess"), "match 1 (chess)"),
    "bad seed": (lambda d: d["matches"][1].update(seed=2**40), "match 2"),
    "bad status": (lambda d: d["matches"][2].update(status="won"), "status is not valid"),
    "bad date": (lambda d: d["matches"][0].update(created_at="yesterday"), "date is not valid"),
    "a seat too many": (
        lambda d: d["matches"][4]["seats"].append({"position": 2, "player": "Zed"}),
        "between 2 and 2 seats",
    ),
    "seats out of order": (
        lambda d: d["matches"][1]["seats"].reverse(),
        "match 2 (nuota): seat 1 is not valid",
    ),
    "the same player twice at a table": (
        lambda d: d["matches"][1]["seats"][1].update(player=d["matches"][1]["seats"][0]["player"]),
        "the same player sits twice",
    ),
    "a move that is not an object": (
        lambda d: d["matches"][0]["entries"][1].update(move=[1, 2]),
        "match 1 (sixnimmt), entry 2: the move is not a move",
    ),
    "entries out of order": (
        lambda d: d["matches"][0]["entries"].reverse(),
        "out of order",
    ),
    "an undo of nothing": (
        lambda d: d["matches"][0]["entries"].append(
            {
                "seq": 99,
                "move": {"type": "undo"},
                "undoes": 98,
                "seat": None,
                "created_at": "2026-01-01T00:00:00+00:00",
            }
        ),
        "entry 99: it undoes an entry that cannot be undone",
    ),  # fmt: skip
    "a seat that is not at the table": (
        lambda d: d["matches"][0]["entries"][0].update(seat=20),
        "the seat is not one of the match",
    ),
    "an illegal move": (
        lambda d: d["matches"][0]["entries"][0].update(
            move={"type": "round", "heads": [-5] * len(d["matches"][0]["seats"])}
        ),
        "match 1 (sixnimmt), entry 1: the rules refuse this move",
    ),
    "a move the rules cannot read": (
        lambda d: d["matches"][0]["entries"][0].update(move={"type": "round", "heads": "many"}),
        "match 1 (sixnimmt), entry 1:",
    ),
    "other winners": (
        lambda d: d["matches"][0].update(winners=[9]),
        "match 1 (sixnimmt): the winners in the file are not the ones the sheet gives",
    ),
    "an unfinished match with winners": (
        lambda d: d["matches"][0].update(status="abandoned"),
        "match 1 (sixnimmt): the sheet shows a finished game",
    ),
    "a NUL in a name": (lambda d: d["players"].append("Ann\x00"), "cannot be stored"),
    "a rematch link outside the file": (
        lambda d: d["matches"][0].update(next_match=123456),
        "next match is not in the file",
    ),
}


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_a_hand_edited_file_is_refused_with_the_reason(
    app: Flask, small: dict[str, Any], edit: str
) -> None:
    change, reason = EDITS[edit]
    change(small)
    assert reason in refused(app, small)


def test_the_unedited_file_imports(app: Flask, small: dict[str, Any]) -> None:
    """The edits above are what breaks the file, not the file itself."""
    before = rows(app)
    with app.app_context(), app.test_request_context():
        group = import_group(small, None)
        db.session.commit()
        assert len(group.matches) == len(small["matches"]) == 5
    assert rows(app)["Match"] == before["Match"] + 5


def test_a_match_failing_late_leaves_no_earlier_match_behind(
    app: Flask, small: dict[str, Any]
) -> None:
    """The last match is broken: the four before it, already written, are rolled back."""
    small["matches"][-1]["entries"][0]["move"] = {"type": "mark", "cell": [99, 99]}
    assert "match 5 (bloccato), entry 1" in refused(app, small)


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (b"", "not a complete JSON export"),
        (b"hello", "not a complete JSON export"),
        (b"\xff\xfe\x00", "not a complete JSON export"),
        (b"[1, 2]", "not a Companion export"),
        (b"[" * 100_000, "not a complete JSON export"),
    ],
)
def test_files_that_are_not_json_objects_are_refused(app: Flask, raw: bytes, reason: str) -> None:
    with app.test_request_context(), pytest.raises(ImportRefused) as caught:
        parse(raw)
    assert reason in caught.value.reason


def upload(phone: Phone, body: bytes, name: str = "export.json", hx: bool = False) -> Any:
    return phone.post(
        "/g/import",
        {"file": (io.BytesIO(body), name)},
        hx=hx,
        content_type="multipart/form-data",
    )


def test_the_import_page_creates_the_group_and_its_phone_sees_it(
    app: Flask, phone: Phone, small: dict[str, Any]
) -> None:
    page = phone.get("/g/import")
    assert page.status_code == 200
    form = parse_html(page.get_data(as_text=True)).find("form")
    assert form is not None and form.attrs.get("enctype") == "multipart/form-data"
    # What "a new group" does with matches already here is said before the tap, not after it.
    assert "Into a new group (a match already here is never copied twice)" in form.text()
    response = upload(phone, json.dumps(small).encode())
    assert response.status_code == 303
    location = response.headers["Location"]
    assert "done=imported" in location
    group_id = int(location.split("/g/")[1].split("?")[0])
    managed = phone.get(f"/g/{group_id}/manage")
    assert managed.status_code == 200, "the importing phone is a member of the new group"
    with app.app_context():
        group = db.session.get(Group, group_id)
        assert group is not None and group.name == "Quick"
        members = db.session.query(Membership).join(Match).filter(Match.group_id == group_id)
        assert {m.seat for m in members} == {None}
        assert members.count() == 5
    assert Phone(app).get(f"/g/{group_id}/manage").status_code == 404, "others see nothing"


def test_the_import_page_explains_a_refusal_in_place(
    app: Flask, phone: Phone, small: dict[str, Any]
) -> None:
    text = json.dumps(small)
    before = rows(app)
    for hx in (False, True):
        response = upload(phone, text[: len(text) // 2].encode(), hx=hx)
        assert response.status_code == 200
        html = response.get_data(as_text=True)
        assert "Nothing was imported." in html and "truncated" in html
        assert ("<html" in html) is not hx, "htmx gets the fragment, a plain post the page"
    assert rows(app)["Match"] == before["Match"]
    missing = phone.post("/g/import", {}, content_type="multipart/form-data")
    assert missing.status_code == 200 and "Choose a file." in missing.get_data(as_text=True)


def test_the_import_page_is_in_italian(app: Flask, phone: Phone) -> None:
    phone.get("/lang/it")
    response = upload(phone, b"garbage")
    html = response.get_data(as_text=True)
    assert "Non è stato importato nulla." in html, html


def test_a_file_over_the_limit_is_refused(tmp_path: Path) -> None:
    app = make_app(tmp_path, IMPORT_MAX_BYTES=1000)
    phone = Phone(app)
    response = upload(phone, b" " * 5000)
    assert response.status_code == 413
    assert rows(app)["Group"] == 0


def test_an_export_bigger_than_an_ordinary_form_can_be_imported(
    app: Flask, phone: Phone, small: dict[str, Any]
) -> None:
    """Ordinary forms stop at 64 KB; an export file may be far bigger."""
    body = json.dumps(small, indent=1).encode() + b" " * (200 * 1024)
    assert upload(phone, body).status_code == 303


def test_import_needs_the_csrf_token(tmp_path: Path, small: dict[str, Any]) -> None:
    app = make_app(tmp_path, WTF_CSRF_ENABLED=True)
    response = upload(Phone(app), json.dumps(small).encode())
    assert response.status_code == 400
    assert rows(app)["Group"] == 0


@pytest.mark.parametrize(
    ("path", "value", "reason"),
    [
        (("matches", 1, "next_match"), [], "next match is not in the file"),
        (("matches", 1, "next_match"), True, "next match is not in the file"),
        (("group", "created_at"), 12, "creation date is not valid"),
        (("group", "created_at"), "not a date", "creation date is not valid"),
    ],
)
def test_odd_values_found_by_hypothesis_are_refused(
    app: Flask, small: dict[str, Any], path: tuple[Any, ...], value: Any, reason: str
) -> None:
    target = small
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    assert reason in refused(app, small)


def test_a_log_longer_than_any_real_game_is_refused(app: Flask, small: dict[str, Any]) -> None:
    data = json.loads(json.dumps(small))
    match = data["matches"][0]
    template = dict(match["entries"][0])
    match["entries"] = [{**template, "seq": n + 1} for n in range(MAX_ENTRIES_PER_MATCH + 1)]
    assert f"more than {MAX_ENTRIES_PER_MATCH} entries" in refused(app, data)


def test_a_file_with_more_entries_than_one_import_takes_is_refused(
    app: Flask, small: dict[str, Any]
) -> None:
    data = json.loads(json.dumps(small))
    match = data["matches"][0]
    copies = MAX_ENTRIES_PER_FILE // len(match["entries"]) + 1
    data["matches"] = [{**match, "id": n + 1} for n in range(copies)]
    assert f"more than {MAX_ENTRIES_PER_FILE} entries" in refused(app, data)
