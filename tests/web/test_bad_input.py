"""Bad input while setting up a table: a new match, the group's name, a seat, a join code or QR
link, each refused with a clear message in place and nothing changed."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from ..conftest import Phone, code_of
from .bad_input_helpers import messages
from .helpers import group_of, join_link, parse, snapshot

NEW_MATCH_DEFAULTS = {"variant": "base", "end": "gt66", "group": "new"}


def players(*names: str) -> dict[str, str]:
    return {f"p{i}": name for i, name in enumerate(names)}


NEW_MATCH_CASES = [
    pytest.param({}, "is for 2 to 10 players", id="no-names"),
    pytest.param(players("", "  ", ""), "is for 2 to 10 players", id="blank-names"),
    pytest.param(players("Ann"), "is for 2 to 10 players", id="one-player"),
    pytest.param(
        {"me": "0"}, "is for 2 to 10 players", id="no-names-with-this-phone-marked"
    ),  # the count, not "the player marked this phone has no name"
    pytest.param(
        players("Ann", "Ann"),
        "instance. | Same name as player 2. | Same name as player 1.",
        id="duplicate-names",
    ),
    pytest.param(
        players("Ann", "Bob", "aNN"),
        "Same name as player 3. | Same name as player 1.",
        id="duplicate-differing-in-case",
    ),
    pytest.param(players("Ann", "  Ann "), "both called “Ann”", id="duplicate-with-spaces"),
    pytest.param(players("A" * 41, "Bob"), "40 characters", id="name-over-40"),
    pytest.param(
        {**players(*"ABCDEFG"), "variant": "pro"}, "2 to 6 players", id="pro-with-7-players"
    ),
    pytest.param(
        {**players("Ann", "Bob"), "end": "limit"},
        "Enter the heads limit",
        id="limit-without-limit",
    ),
    pytest.param(
        {**players("Ann", "Bob"), "end": "rounds"},
        "Enter the number of rounds",
        id="rounds-without-rounds",
    ),
    pytest.param(
        {**players("Ann", "Bob"), "end": "gt66", "limit": "10"},
        "Choose this option to use the number",
        id="limit-typed-beside-another-end",
    ),
    pytest.param(
        {**players("Ann", "Bob"), "end": "limit", "limit": "80", "rounds": "3"},
        "Choose this option to use the number",
        id="rounds-typed-beside-the-limit",
    ),
    pytest.param(
        {**players("Ann", "Bob"), "end": "rounds", "rounds": "0"},
        "Between 1 and 100",
        id="rounds-0",
    ),
    pytest.param(
        {**players("Ann", "Bob"), "end": "rounds", "rounds": "101"},
        "Between 1 and 100",
        id="rounds-101",
    ),
    pytest.param(
        {**players("Ann", "Bob"), "end": "limit", "limit": "-5"},
        "Between 1 and 1000",
        id="limit-neg",
    ),
    pytest.param(
        {**players("Ann", "Bob"), "end": "limit", "limit": "abc"},
        "Type a whole number",
        id="limit-not-a-number",
    ),
    pytest.param(
        {**players("Ann", "Bob"), "end": "limit", "limit": "1.5"},
        "Type a whole number",
        id="limit-fraction",
    ),
    pytest.param({**players("Ann", "Bob"), "variant": "turbo"}, "Not a valid choice", id="variant"),
    pytest.param({**players("Ann", "Bob"), "end": "never"}, "Not a valid choice", id="end-value"),
    pytest.param({**players("Ann", "Bob"), "group": "12345"}, "Not a valid choice", id="group"),
    pytest.param(
        {**players("Ann", "Bob"), "group_name": "G" * 61}, "60 characters", id="group-name-long"
    ),
]


@pytest.mark.parametrize(("fields", "message"), NEW_MATCH_CASES)
def test_new_match_refuses_bad_input(
    app: Flask, phone: Phone, fields: dict[str, str], message: str
) -> None:
    phone.get("/new/sixnimmt")
    before = snapshot(app)
    response = phone.post("/new/sixnimmt", {**NEW_MATCH_DEFAULTS, **fields})
    assert response.status_code == 200
    assert message in messages(response), messages(response)
    assert snapshot(app) == before
    form = parse(response.get_data(as_text=True)).find("form", id="new-match")
    assert form is not None, "the form comes back in place"
    if fields.get("p0"):
        box = form.find("input", name="p0")
        assert box is not None and box.attrs.get("value") == fields["p0"], "typed names are kept"


def test_new_match_for_a_group_of_another_device_is_refused(
    app: Flask, phone: Phone, other: Phone
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    group_id = group_of(app, match_id)
    other.get("/")
    before = snapshot(app)
    response = other.post("/new/sixnimmt", {**NEW_MATCH_DEFAULTS, **players("Eve", "Mal"),
                                            "group": str(group_id)})  # fmt: skip
    assert response.status_code == 200 and "Not a valid choice" in messages(response)
    assert snapshot(app) == before


@pytest.mark.parametrize("seat", ["2", "99", "-1", "x", "1.0", " 1"])
def test_claiming_a_seat_that_does_not_exist_changes_nothing(
    app: Flask, phone: Phone, seat: str
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    before = snapshot(app)
    response = phone.post(f"/m/{match_id}/seat", {"seat": seat})
    assert response.status_code == 400
    assert snapshot(app) == before


@pytest.mark.parametrize(
    ("name", "message"),
    [("", "Enter a name"), ("   ", "Enter a name"), ("N" * 61, "60 characters")],
)
def test_renaming_the_group_refuses_bad_names(
    app: Flask, phone: Phone, name: str, message: str
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    group_id = group_of(app, match_id)
    before = snapshot(app)
    response = phone.post(f"/g/{group_id}", {"name": name})
    assert response.status_code == 200
    assert message in messages(response), messages(response)
    assert snapshot(app) == before


# --- codes -------------------------------------------------------------------------------------


def finished_code(phone: Phone) -> str:
    match_id = phone.new_match(["Cy", "Dee"], end="rounds", rounds="1")
    code = code_of(phone.app, match_id)
    phone.enter_heads(match_id, [1, 2])
    return code


CODE_CASES = [
    pytest.param(lambda code, phone: "ZZZZZZ", "No open match", id="unknown"),
    pytest.param(lambda code, phone: code[:5], "6 characters", id="too-short"),
    pytest.param(lambda code, phone: "", "6 characters", id="empty"),
    pytest.param(lambda code, phone: code + "Z", "6 characters", id="too-long"),
    pytest.param(lambda code, phone: "X" * 21, "20 characters", id="far-too-long"),
    pytest.param(lambda code, phone: finished_code(phone), "This match is over", id="finished"),
]


@pytest.mark.parametrize(("make", "message"), CODE_CASES)
def test_joining_with_a_bad_code_is_refused(
    app: Flask, phone: Phone, other: Phone, make: Any, message: str
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    typed = make(code_of(app, match_id), phone)
    other.get("/j")
    before = snapshot(app)
    response = other.post("/j", {"code": typed})
    assert response.status_code == 200
    assert message in messages(response), messages(response)
    assert snapshot(app) == before
    field = parse(response.get_data(as_text=True)).find("input", name="code")
    assert field is not None, "the code form comes back in place"


@pytest.mark.parametrize(
    "shape", [str.lower, lambda c: f" {c[:3]}-{c[3:]} ", lambda c: c[:3].lower() + c[3:]]
)
def test_a_code_typed_in_lower_case_or_with_spaces_is_accepted(
    phone: Phone, other: Phone, shape: Any
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    response = other.post("/j", {"code": shape(code_of(phone.app, match_id))})
    assert response.status_code == 303
    assert other.get(f"/m/{match_id}").status_code == 200


@pytest.mark.parametrize(
    ("make", "message"),
    [
        pytest.param(lambda link, code: "/j/ZZZZZZ" + link[9:], "No open match", id="unknown"),
        pytest.param(lambda link, code: "/j/ABC?k=1", "6 characters", id="too-short"),
        pytest.param(lambda link, code: link[:-1] + "x", "not valid", id="bad-token"),
    ],
)
def test_a_bad_qr_link_is_404_with_a_message(
    app: Flask, phone: Phone, other: Phone, make: Any, message: str
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    link = join_link(app, match_id)
    before = snapshot(app)
    response = other.get(make(link, code_of(app, match_id)))
    assert response.status_code == 404
    assert message in messages(response), messages(response)
    assert snapshot(app)["Membership"] == before["Membership"]


def test_a_qr_link_in_lower_case_is_accepted(phone: Phone, other: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    code = code_of(phone.app, match_id)
    link = join_link(phone.app, match_id).replace(code, code.lower())
    assert other.get(link).status_code == 303
    assert other.get(f"/m/{match_id}").status_code == 200


# --- the user's language -----------------------------------------------------------------------


def test_a_refusal_comes_back_in_italian(phone: Phone) -> None:
    italian = {"Accept-Language": "it-IT,it;q=0.9"}
    response = phone.client.post("/j", data={"code": "ABC"}, headers=italian)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert '<html lang="it"' in html
    text = messages(response)
    assert text, "a message is shown"
    assert "A code has 6 characters" not in text
    assert "6" in text and ("caratteri" in text or "codice" in text.lower())
