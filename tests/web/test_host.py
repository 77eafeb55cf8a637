"""Host controls: lock, rotate, hand over, end, abandon; everyone else gets 403."""

from __future__ import annotations

import pytest

from ..conftest import Phone, code_of
from .helpers import device_of, group_of, match_row, parse, snapshot, table, text_of

HOST_ACTIONS = [
    ("lock", {"locked": "1"}),
    ("lock", {"locked": "0"}),
    ("rotate", {}),
    ("handover", {"seat": "1"}),
    ("end", {}),
    ("abandon", {}),
]


def host_panel(phone: Phone, match_id: int) -> str:
    return parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("host").text()


def test_lock_and_unlock_joining(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    assert "Lock joining" in host_panel(phone, match_id)
    response = phone.post(f"/m/{match_id}/host/lock", {"locked": "1"})
    assert response.status_code == 303
    assert match_row(phone.app, match_id)["join_locked"] is True
    assert "Unlock joining" in host_panel(phone, match_id)
    invite = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("invite")
    assert invite.find("svg") is None, "no QR while joining is locked"
    assert phone.post(f"/m/{match_id}/host/lock", {"locked": "0"}).status_code == 303
    assert match_row(phone.app, match_id)["join_locked"] is False


def test_rotate_gives_a_new_code(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    before = match_row(phone.app, match_id)
    assert phone.post(f"/m/{match_id}/host/rotate").status_code == 303
    after = match_row(phone.app, match_id)
    assert after["code"] != before["code"] and len(after["code"]) == 6
    assert after["key_generation"] == before["key_generation"] + 1
    assert after["version"] > before["version"], "other phones refresh their QR"
    invite = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("invite")
    assert code_of(phone.app, match_id) in invite.text()


def test_handover_moves_the_host_rights(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    assert "Host controls" not in host_panel(other, match_id)
    response = phone.post(f"/m/{match_id}/host/handover", {"seat": "1"})
    assert response.status_code == 303
    assert match_row(phone.app, match_id)["host_device_id"] == device_of(other)
    assert "Host controls" in host_panel(other, match_id)
    assert "Host controls" not in host_panel(phone, match_id)
    for action, data in HOST_ACTIONS:
        assert phone.post(f"/m/{match_id}/host/{action}", data).status_code == 403, action
    assert other.post(f"/m/{match_id}/host/lock", {"locked": "1"}).status_code == 303
    assert match_row(phone.app, match_id)["join_locked"] is True


@pytest.mark.parametrize("seat", ["", "x", "5", "-1", "1"])
def test_handover_to_a_seat_without_a_phone_changes_nothing(phone: Phone, seat: str) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    before = snapshot(phone.app)
    response = phone.post(f"/m/{match_id}/host/handover", {"seat": seat})
    assert response.status_code == 400
    assert snapshot(phone.app) == before


def test_end_now_the_leaders_win(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, names=["Ann", "Bob", "Cy"])
    phone.enter_heads(match_id, [10, 4, 4])
    assert phone.post(f"/m/{match_id}/host/end").status_code == 303
    row = match_row(phone.app, match_id)
    assert row["status"] == "finished"
    assert row["winners"] == [1, 2], "ties share the win"
    assert row["code"] is None and row["finished_at"] is not None
    board = parse(other.get(f"/m/{match_id}").get_data(as_text=True)).by_id("scoreboard")
    assert "Shared win: Bob, Cy" in board.text()
    assert "hx-trigger" in board.attrs, "a finished sheet listens until a rematch exists"
    version = str(match_row(phone.app, match_id)["version"])
    form = {"heads-version": version, "heads-idem": "after-the-end"}
    refused = phone.enter_heads(match_id, [1, 1, 1], form=form)
    assert refused.status_code == 200 and "The match is over" in text_of(refused)
    history = other.get(f"/g/{group_of(phone.app, match_id)}")
    assert "Won by Bob, Cy" in text_of(history)


def test_abandon_no_winners_and_not_in_the_history(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    phone.enter_heads(match_id, [10, 4])
    assert phone.post(f"/m/{match_id}/host/abandon").status_code == 303
    row = match_row(phone.app, match_id)
    assert row["status"] == "abandoned"
    assert not row["winners"]
    assert row["code"] is None
    text = text_of(other.get(f"/g/{group_of(phone.app, match_id)}"))
    assert "No finished matches yet" in text
    assert "Won by" not in text
    assert "abandoned" in text_of(other.get(f"/m/{match_id}"))
    # Abandoned is final: ending it now does not turn it into a finished match.
    phone.post(f"/m/{match_id}/host/end")
    assert match_row(phone.app, match_id)["status"] == "abandoned"


def test_a_match_ended_before_any_round_says_so_without_asking_for_one(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    assert phone.post(f"/m/{match_id}/host/end").status_code == 303
    board = parse(other.get(f"/m/{match_id}").get_data(as_text=True)).by_id("scoreboard")
    assert "No rounds were entered." in board.text()
    assert "below" not in board.text()  # nothing is entered below a match that is over


@pytest.mark.parametrize(("action", "data"), HOST_ACTIONS)
def test_players_who_are_not_host_get_403(
    phone: Phone, other: Phone, action: str, data: dict[str, str]
) -> None:
    match_id = table(phone, other)
    before = snapshot(phone.app)
    response = other.post(f"/m/{match_id}/host/{action}", data)
    assert response.status_code == 403
    assert snapshot(phone.app) == before


def test_members_who_are_not_host_see_no_host_controls(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    page = parse(other.get(f"/m/{match_id}").get_data(as_text=True))
    assert page.find("form", action=f"/m/{match_id}/host/lock") is None
    assert page.find("form", action=f"/m/{match_id}/host/end") is None
