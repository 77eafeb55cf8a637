"""Bloccato e pelato: a phone taps for a roll that another phone has undone meanwhile. It is
told that the roll was undone, and by whom, and gets the turn as it is now (a roll thrown in
the app is back with its throws), instead of the rules' "Roll first" for a roll it did make."""

from __future__ import annotations

from typing import Any

from ..conftest import Phone, hidden_fields
from .helpers import parse, undo_form
from .test_bloccato import dice_drawn, moves, seated, text, turn

__all__ = ["dice_drawn"]  # the fixture, used by name below

ITALIAN = {"Accept-Language": "it-IT,it;q=0.9"}


def rolled_then_undone(phone: Phone, other: Phone, dice_drawn: list[str]) -> tuple[int, str]:
    """Ann (``phone``) rolls 1 2 3 cow cow in the app; Bob (``other``) then undoes that roll,
    confirming it, while Ann's page still shows the roll: the fields of Ann's turn form then."""
    match_id = seated(phone, other)
    dice_drawn.extend("CC123")
    turn(phone, match_id, action="throw")
    turn(phone, match_id, action="use")
    page = phone.get(f"/m/{match_id}").get_data(as_text=True)
    assert "Two cows: mark a free cow." in text(phone.get(f"/m/{match_id}"))
    undone = other.post(
        f"/m/{match_id}/undo/1", {**undo_form(other, match_id, 1), "for_other": "1"}, hx=True
    )
    assert undone.status_code == 200
    assert [m["type"] for m in moves(phone.app, match_id)] == ["roll", "undo"]
    return match_id, page


def entry_panel(response: Any) -> str:
    """The answer's entry panel, as text."""
    return parse(response.get_data(as_text=True)).by_id("entry").text()


def test_a_cell_tapped_for_a_roll_undone_meanwhile_says_who_undid_it(
    phone: Phone, other: Phone, dice_drawn: list[str]
) -> None:
    match_id, page = rolled_then_undone(phone, other, dice_drawn)
    tap = {**hidden_fields(page, "turn"), "turn-cell": "0,3"}  # a cow, allowed by the old roll
    response = phone.post(f"/m/{match_id}/entry/turn", tap, hx=True)
    assert response.status_code == 200
    panel = entry_panel(response)
    assert (
        "Bob undid the roll you were marking for (1 2 3 cow cow), so your mark was not saved. "
        "The dice thrown in the app are back as they were." in panel
    )
    assert "Roll first" not in text(response)
    assert "entered something a moment ago" not in text(response)
    assert "Use these dice" in panel  # the turn as it is now: Ann's throw is back
    board = parse(response.get_data(as_text=True)).by_id("scoreboard")
    assert board.find_all("button", name="turn-cell") == []  # the old roll's cells are gone
    assert [m["type"] for m in moves(phone.app, match_id)] == ["roll", "undo"]


def test_a_pass_for_a_roll_undone_meanwhile_says_so_in_the_phones_language(
    phone: Phone, other: Phone, dice_drawn: list[str]
) -> None:
    match_id, page = rolled_then_undone(phone, other, dice_drawn)
    tap = {**hidden_fields(page, "turn"), "turn-action": "pass"}
    response = phone.post(f"/m/{match_id}/entry/turn", tap, hx=True, headers=ITALIAN)
    assert (
        "Bob ha annullato il lancio (1 2 3 mucca mucca) dopo il quale volevi passare, quindi il "
        "tuo passaggio non è stato salvato. I dadi lanciati nell'app sono tornati com'erano."
        in entry_panel(response)
    )
    assert [m["type"] for m in moves(phone.app, match_id)] == ["roll", "undo"]
    plain = phone.post(f"/m/{match_id}/entry/turn", tap)  # without JavaScript: the whole page
    assert plain.status_code == 200
    assert "Bob undid the roll you were passing on (1 2 3 cow cow)" in text(plain)
