"""Who may see what: 404 for strangers, joining by code or QR link, and the viewer link. A match is
private to the phones that joined it, so every other door must stay shut."""

from __future__ import annotations

import pytest
from flask import Flask

from companion.models import Membership

from ..conftest import Phone, code_of, count
from .helpers import (
    group_of,
    join_link,
    match_row,
    membership_of,
    parse,
    snapshot,
    text_of,
    viewer_path,
)

MATCH_URLS = [
    ("GET", "/m/{id}"),
    ("GET", "/m/{id}?entry=cards"),
    ("GET", "/m/{id}/live?v=0"),
    ("GET", "/m/{id}/live?v={v}"),
    ("GET", "/m/{id}/entry"),
    ("POST", "/m/{id}/entry/heads"),
    ("POST", "/m/{id}/entry/cards"),
    ("POST", "/m/{id}/entry/nonsense"),
    ("POST", "/m/{id}/undo/1"),
    ("POST", "/m/{id}/seat"),
    ("POST", "/m/{id}/host/lock"),
    ("POST", "/m/{id}/host/rotate"),
    ("POST", "/m/{id}/host/handover"),
    ("POST", "/m/{id}/host/end"),
    ("POST", "/m/{id}/host/abandon"),
    ("POST", "/m/{id}/rematch"),
]


def stranger_request(
    app: Flask, stranger: Phone, method: str, path: str, match_id: int, hx: bool = False
) -> int:
    version = match_row(app, match_id)["version"]
    url = path.format(id=match_id, v=version)
    data = {"seat": "0", "locked": "1", "heads-seat0": "1", "heads-seat1": "2",
            "heads-version": str(version), "heads-idem": "x", "version": str(version),
            "idem": "y"}  # fmt: skip
    if method == "GET":
        return int(stranger.get(url, hx=hx).status_code)
    return int(stranger.post(url, data, hx=hx).status_code)


@pytest.mark.parametrize("hx", [False, True], ids=["plain", "htmx"])
def test_every_match_url_is_404_for_a_device_that_has_not_joined(
    app: Flask, phone: Phone, other: Phone, hx: bool
) -> None:
    match_id = phone.new_match(["Ann", "Bob"], end="rounds", rounds="1")
    phone.claim(match_id, 0)
    phone.enter_heads(match_id, [1, 2])  # finished, so the rematch would be allowed
    undone = phone.new_match(["Cy", "Dee"])
    phone.enter_heads(undone, [1, 2])
    before = snapshot(app)
    for target in (match_id, undone):
        for method, path in MATCH_URLS:
            status = stranger_request(app, other, method, path, target, hx=hx)
            assert status == 404, f"{method} {path} for match {target} gave {status}"
    after = snapshot(app)
    assert {k: v for k, v in after.items() if k != "Membership"} == {
        k: v for k, v in before.items() if k != "Membership"
    }
    assert count(app, Membership) == before["Membership"]


def test_a_match_that_does_not_exist_is_404_like_one_not_joined(phone: Phone) -> None:
    phone.new_match(["Ann", "Bob"])
    assert phone.get("/m/424242").status_code == 404
    assert phone.post("/m/424242/entry/heads", {}).status_code == 404
    response = phone.get("/m/424242")
    assert "has not joined" in text_of(response)


def test_the_group_page_is_404_for_a_stranger_and_200_for_a_member(
    phone: Phone, other: Phone
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    group_id = group_of(phone.app, match_id)
    assert phone.get(f"/g/{group_id}").status_code == 200
    assert other.get(f"/g/{group_id}").status_code == 404
    assert other.post(f"/g/{group_id}", {"name": "Hijacked"}).status_code == 404
    assert other.get("/g/99999").status_code == 404
    other.join(match_id)
    assert other.get(f"/g/{group_id}").status_code == 200


def test_the_viewer_link_works_without_joining(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    phone.claim(match_id, 0)
    phone.enter_heads(match_id, [4, 9])
    path = viewer_path(phone, match_id)
    screen = Phone(phone.app)
    response = screen.get(path)
    assert response.status_code == 200
    page = parse(response.get_data(as_text=True))
    assert "9" in page.by_id("scoreboard").text()
    assert page.find("form", method="post") is None, "the viewer is read-only"
    assert page.find(id="entry") is None
    assert screen.get(f"/m/{match_id}").status_code == 404, "viewing is not joining"


def test_the_viewer_link_with_a_wrong_token_is_404(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    path = viewer_path(phone, match_id)
    screen = Phone(phone.app)
    token = path.rsplit("/", 1)[1]
    wrong = token[:-4] + ("0000" if not token.endswith("0000") else "1111")
    assert screen.get(f"/v/{match_id}/{wrong}").status_code == 404
    assert screen.get(f"/v/{match_id}/{wrong}/live?v=0").status_code == 404
    assert screen.get(f"/v/{match_id}/x").status_code == 404
    other_match = phone.new_match(["Cy", "Dee"])
    assert screen.get(f"/v/{other_match}/{token}").status_code == 404, "a token is per match"


def test_join_by_typed_code(phone: Phone, other: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    response = other.post("/j", {"code": code_of(phone.app, match_id)})
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/m/{match_id}")
    assert other.get(f"/m/{match_id}").status_code == 200
    assert membership_of(phone.app, other, match_id) is not None


def test_join_by_qr_link_redirects_without_the_token(phone: Phone, other: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    link = join_link(phone.app, match_id)
    token = link.split("k=")[1]
    response = other.get(link)
    assert response.status_code == 303
    location = response.headers["Location"]
    assert location.endswith(f"/m/{match_id}")
    assert token not in location and "k=" not in location
    assert other.get(f"/m/{match_id}").status_code == 200


def test_the_qr_on_the_sheet_encodes_the_join_link(phone: Phone) -> None:
    """The sheet shows the QR (inline SVG) and the code; the link uses PUBLIC_URL."""
    match_id = phone.new_match(["Ann", "Bob"])
    page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True))
    invite = page.by_id("invite")
    svg = invite.find("svg")
    assert svg is not None and svg.attrs.get("role") == "img" and svg.attrs.get("aria-label")
    assert code_of(phone.app, match_id) in invite.text()


def test_join_by_qr_link_with_a_wrong_token_is_404_with_a_message(
    phone: Phone, other: Phone
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    second = phone.new_match(["Cy", "Dee"])
    link = join_link(phone.app, match_id)
    before = snapshot(phone.app)
    for bad in (
        link.split("?")[0] + "?k=" + "0" * 64,
        link.split("?")[0] + "?k=",
        f"/j/{code_of(phone.app, second)}?k={link.split('k=')[1]}",  # token of another match
    ):
        response = other.get(bad)
        assert response.status_code == 404, bad
        assert "not valid" in text_of(response), bad
    assert membership_of(phone.app, other, match_id) is None
    assert snapshot(phone.app)["Membership"] == before["Membership"]


def test_a_join_address_typed_without_its_token_fills_in_the_code_form(
    phone: Phone, other: Phone
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    code = code_of(phone.app, match_id)
    for typed, shown, known_bad in (
        (f"/j/{code.lower()}", code, False),
        ("/j/ZZZZZZ", "ZZZZZZ", True),
        (f"/j/{code}/", code, False),
    ):
        response = other.get(typed)
        assert response.status_code == 200, typed
        page = parse(response.get_data(as_text=True))
        assert page.by_id("code").attrs["value"] == shown
        assert (page.find(role="alert") is not None) == known_bad  # a dead code says so at once
    assert membership_of(phone.app, other, match_id) is None  # no join before the tap
    assert other.post("/j", {"code": code}).status_code == 303
    assert other.get(f"/m/{match_id}").status_code == 200


def test_a_locked_match_refuses_joining(phone: Phone, other: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    link = join_link(phone.app, match_id)
    assert phone.post(f"/m/{match_id}/host/lock", {"locked": "1"}).status_code == 303
    response = other.post("/j", {"code": code_of(phone.app, match_id)})
    assert response.status_code == 200
    assert "locked" in text_of(response)
    response = other.get(link)
    assert response.status_code == 404
    assert "locked" in text_of(response)
    assert other.get(f"/m/{match_id}").status_code == 404
    phone.post(f"/m/{match_id}/host/lock", {"locked": "0"})
    other.join(match_id)
    assert other.get(f"/m/{match_id}").status_code == 200


def test_a_rotated_code_kills_the_old_code_and_the_old_link(phone: Phone, other: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    old_code = code_of(phone.app, match_id)
    old_link = join_link(phone.app, match_id)
    assert phone.post(f"/m/{match_id}/host/rotate").status_code == 303
    new_code = code_of(phone.app, match_id)
    assert new_code != old_code
    response = other.post("/j", {"code": old_code})
    assert response.status_code == 200 and "No open match" in text_of(response)
    assert other.get(old_link).status_code == 404
    # The old token with the new code fails too: the token changed with the code.
    assert other.get(f"/j/{new_code}?k={old_link.split('k=')[1]}").status_code == 404
    assert membership_of(phone.app, other, match_id) is None
    assert other.get(join_link(phone.app, match_id)).status_code == 303


def test_a_finished_match_cannot_be_joined(phone: Phone, other: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"], end="rounds", rounds="1")
    code = code_of(phone.app, match_id)
    link = join_link(phone.app, match_id)
    phone.claim(match_id, 0)
    phone.enter_heads(match_id, [1, 2])
    response = other.post("/j", {"code": code})
    assert response.status_code == 200 and "This match is over" in text_of(response)
    assert other.get(link).status_code == 404
    assert other.get(f"/m/{match_id}").status_code == 404
