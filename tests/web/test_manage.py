"""Managing a group's players: renaming and merging names, the JSON export, and who may do any of
it. The history hangs on the names, so each change asks or explains before it touches a seat."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask

from companion.extensions import db
from companion.models import Player, Seat

from ..conftest import Phone
from .helpers import group_of, match_row, parse, table, text_of


def players(app: Flask, group_id: int) -> dict[str, int]:
    """Player name -> number of seats, for the group."""
    with app.app_context():
        rows = db.session.query(Player).filter_by(group_id=group_id).all()
        return {p.name: db.session.query(Seat).filter_by(player_id=p.id).count() for p in rows}


def player_id(app: Flask, group_id: int, name: str) -> str:
    with app.app_context():
        found = db.session.query(Player).filter_by(group_id=group_id, name=name).one()
        return str(found.id)


def finished_match(phone: Phone, other: Phone, names: list[str], group: str = "new") -> int:
    match_id = table(phone, other, names=names, end="rounds", rounds="1", group=group)
    assert phone.enter_heads(match_id, [3] + [5] * (len(names) - 1)).status_code == 303
    assert match_row(phone.app, match_id)["status"] == "finished"
    return match_id


def test_a_rename_to_the_same_name_says_nothing_changed(
    app: Flask, phone: Phone, other: Phone
) -> None:
    match_id = finished_match(phone, other, ["Ann", "Bob"])
    group_id = group_of(app, match_id)
    data = {"rename-player": player_id(app, group_id, "Bob"), "rename-name": " Bob  "}
    response = phone.post(f"/g/{group_id}/players/rename", data, hx=True)
    assert response.status_code == 200, "said in place, not a rename"
    assert "Bob already has this name: nothing changed." in text_of(response)
    assert players(app, group_id) == {"Ann": 1, "Bob": 1}
    data["rename-name"] = "bob"  # a change of case is a rename
    assert phone.post(f"/g/{group_id}/players/rename", data).status_code == 303
    assert players(app, group_id) == {"Ann": 1, "bob": 1}


def test_rename_a_player_everywhere(app: Flask, phone: Phone, other: Phone) -> None:
    match_id = finished_match(phone, other, ["Ann", "Bob"])
    group_id = group_of(app, match_id)
    data = {"rename-player": player_id(app, group_id, "Bob"), "rename-name": "  Roberto   Rossi "}
    response = other.post(f"/g/{group_id}/players/rename", data)
    assert response.status_code == 303
    bob = player_id(app, group_id, "Roberto Rossi")
    assert response.headers["Location"].endswith(f"/g/{group_id}?done=renamed&who={bob}#manage")
    assert players(app, group_id) == {"Ann": 1, "Roberto Rossi": 1}
    assert "Roberto Rossi" in text_of(phone.get(f"/m/{match_id}"))
    page = phone.get(f"/g/{group_id}/manage?done=renamed&who={bob}")
    assert "Roberto Rossi is the name in every match now." in text_of(page)
    elsewhere = phone.get(f"/g/{group_id}/manage?done=renamed&who=999999")
    assert "The player is renamed in every match." in text_of(elsewhere), "no name it cannot see"


def test_rename_clash_is_explained_in_place(app: Flask, phone: Phone, other: Phone) -> None:
    match_id = finished_match(phone, other, ["Ann", "Bob"])
    group_id = group_of(app, match_id)
    bob = player_id(app, group_id, "Bob")
    for hx in (False, True):
        response = phone.post(
            f"/g/{group_id}/players/rename", {"rename-player": bob, "rename-name": "ANN"}, hx=hx
        )
        assert response.status_code == 200
        html = response.get_data(as_text=True)
        assert "There is already a player called Ann in this group." in html
        assert ('id="manage"' in html) and (("<html" in html) is not hx)
    assert players(app, group_id) == {"Ann": 1, "Bob": 1}
    same = phone.post(f"/g/{group_id}/players/rename", {"rename-player": bob, "rename-name": "bob"})
    assert same.status_code == 303, "a change of case only is fine"
    assert players(app, group_id) == {"Ann": 1, "bob": 1}


def test_rename_refuses_bad_input_without_a_500(app: Flask, phone: Phone, other: Phone) -> None:
    match_id = finished_match(phone, other, ["Ann", "Bob"])
    group_id = group_of(app, match_id)
    url = f"/g/{group_id}/players/rename"
    for data, message in (
        ({"rename-player": "999999", "rename-name": "X"}, "Choose a player of this group."),
        ({"rename-player": "abc", "rename-name": "X"}, "Choose a player of this group."),
        ({"rename-player": player_id(app, group_id, "Ann"), "rename-name": " "}, "Enter a name."),
        ({"rename-player": player_id(app, group_id, "Ann"), "rename-name": "x" * 41},
         "At most 40 characters."),
    ):  # fmt: skip
        response = phone.post(url, data)
        assert response.status_code == 200 and message in response.get_data(as_text=True)
    assert players(app, group_id) == {"Ann": 1, "Bob": 1}


def test_merge_asks_first_then_moves_the_seats_and_says_so(
    app: Flask, phone: Phone, other: Phone
) -> None:
    first = finished_match(phone, other, ["Ann", "Bob"])
    group_id = group_of(app, first)
    finished_match(phone, other, ["Ann", "Roberto"], group=str(group_id))
    assert players(app, group_id) == {"Ann": 2, "Bob": 1, "Roberto": 1}
    bob, roberto = player_id(app, group_id, "Bob"), player_id(app, group_id, "Roberto")
    url = f"/g/{group_id}/players/merge"
    data = {"merge-keep": bob, "merge-gone": roberto}
    for hx in (False, True):
        asked = phone.post(url, data, hx=hx)
        assert asked.status_code == 200, "the first tap only asks"
        panel = parse(asked.get_data(as_text=True)).by_id("manage")
        question = "Merge Roberto into Bob? Roberto's 1 match will count as Bob's."
        assert question in panel.text() and "This cannot be undone." in panel.text()
        yes = panel.find("form", action=url)
        assert yes is not None and yes.find("select") is None
        hidden = {i.attrs["name"]: i.attrs["value"] for i in yes.find_all("input", type="hidden")}
        assert hidden["merge-keep"] == bob and hidden["merge-gone"] == roberto
        assert hidden["merge-confirm"] == "1" and hidden["csrf_token"]
        assert "Yes, merge Roberto into Bob" in yes.text()
        no = panel.find("a", href=f"/g/{group_id}/manage#manage")
        assert no is not None and "No, keep both names" in no.text()
        assert players(app, group_id) == {"Ann": 2, "Bob": 1, "Roberto": 1}, "nothing merged"
    back = phone.get(f"/g/{group_id}/manage", hx=True)
    assert back.status_code == 200 and "<html" not in back.get_data(as_text=True)
    assert "Merge the names" in text_of(back), "No: the panel as it was"
    response = phone.post(url, {**data, "merge-confirm": "1"}, hx=True)
    assert response.status_code == 204 and "done=merged" in response.headers["HX-Location"]
    assert players(app, group_id) == {"Ann": 2, "Bob": 2}
    said = phone.get(response.headers["HX-Location"])
    notice = parse(said.get_data(as_text=True)).by_id("manage").find("p", class_="notice")
    assert notice is not None and notice.text() == "Roberto and Bob are one player now: Bob."

    def said_after(address: str) -> str:
        page = parse(phone.get(address).get_data(as_text=True))
        found = page.by_id("manage").find("p", class_="notice")
        return found.text() if found is not None else ""

    # A name changed in the address is not said: the page says only what it can vouch for.
    forged = response.headers["HX-Location"].replace("was=", "was=x")
    assert said_after(forged) == "The two names are one player now."
    assert said_after(f"/g/{group_id}?done=merged&who={bob}&was=Someone") == (
        "The two names are one player now."
    )


def test_merge_preselects_no_pair_and_refuses_an_empty_choice(
    app: Flask, phone: Phone, other: Phone
) -> None:
    match_id = finished_match(phone, other, ["Ann", "Bob"])
    group_id = group_of(app, match_id)
    page = parse(phone.get(f"/g/{group_id}/manage").get_data(as_text=True))
    for name in ("merge-keep", "merge-gone"):
        select = page.find("select", name=name)
        assert select is not None, name
        options = select.find_all("option")
        assert options[0].attrs["value"] == "" and options[0].text() == "Choose a name", name
        chosen = [o for o in options if "selected" in o.attrs]
        assert [o.attrs["value"] for o in chosen] in ([], [""]), f"{name} starts on no player"
    url = f"/g/{group_id}/players/merge"
    ann = player_id(app, group_id, "Ann")
    for data in (
        {"merge-keep": "", "merge-gone": "", "merge-confirm": "1"},
        {"merge-keep": ann, "merge-gone": "", "merge-confirm": "1"},
        {"merge-keep": "", "merge-gone": ann, "merge-confirm": "1"},
        {},
    ):
        response = phone.post(url, data)
        assert response.status_code == 200, data
        panel = parse(response.get_data(as_text=True)).by_id("manage")
        errors = [e.text() for e in panel.find_all("p", class_="field-error")]
        assert "Choose a name." in errors, data
    assert players(app, group_id) == {"Ann": 1, "Bob": 1}


def test_merge_refusals_are_explained(app: Flask, phone: Phone, other: Phone) -> None:
    match_id = finished_match(phone, other, ["Ann", "Bob"])
    group_id = group_of(app, match_id)
    ann, bob = player_id(app, group_id, "Ann"), player_id(app, group_id, "Bob")
    url = f"/g/{group_id}/players/merge"
    for confirm in ("", "1"):
        same = phone.post(url, {"merge-keep": ann, "merge-gone": ann, "merge-confirm": confirm})
        assert "Choose two different names to merge." in same.get_data(as_text=True)
        data = {"merge-keep": ann, "merge-gone": bob, "merge-confirm": confirm}
        together = phone.post(url, data, hx=True)
        assert together.status_code == 200
        html = together.get_data(as_text=True)
        assert "Ann and Bob sat at the same table in a match" in html
        assert "This cannot be undone." not in html, "a refused pair is not asked about"
    assert players(app, group_id) == {"Ann": 1, "Bob": 1}


def test_only_members_manage_export_or_see_deleted(app: Flask, phone: Phone, other: Phone) -> None:
    match_id = finished_match(phone, other, ["Ann", "Bob"])
    group_id = group_of(app, match_id)
    stranger = Phone(app)
    ann = player_id(app, group_id, "Ann")
    for url in ("manage", "export.json", "export.csv", "deleted"):
        assert stranger.get(f"/g/{group_id}/{url}").status_code == 404, url
        assert phone.get(f"/g/{group_id}/{url}").status_code == 200, url
    rename = stranger.post(
        f"/g/{group_id}/players/rename", {"rename-player": ann, "rename-name": "Z"}
    )
    assert rename.status_code == 404
    merge = stranger.post(f"/g/{group_id}/players/merge", {"merge-keep": ann, "merge-gone": ann})
    assert merge.status_code == 404
    assert players(app, group_id) == {"Ann": 1, "Bob": 1}


def test_json_export_is_a_download_in_the_documented_format(
    app: Flask, phone: Phone, other: Phone
) -> None:
    match_id = finished_match(phone, other, ["Ann", "Bob"])
    response = phone.get(f"/g/{group_of(app, match_id)}/export.json")
    assert response.mimetype == "application/json"
    assert response.headers["Content-Disposition"].startswith("attachment; filename=")
    data: dict[str, Any] = json.loads(response.get_data(as_text=True))
    assert (data["format"], data["version"]) == ("companion-group", 1)
    [match] = data["matches"]
    assert match["seats"] == [{"position": 0, "player": "Ann"}, {"position": 1, "player": "Bob"}]
    assert match["status"] == "finished" and match["winners"] == [0]
    [entry] = match["entries"]
    assert entry["move"] == {"type": "round", "heads": [3, 5]}
    assert (entry["seq"], entry["undoes"]) == (1, None)
    assert set(entry) == {"seq", "move", "undoes", "seat", "created_at"}
