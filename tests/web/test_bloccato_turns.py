"""Bloccato e pelato, one turn at a time: dice typed, tapped or thrown in the app, and the marks
a roll allows. What the rules refuse is explained in place, so the player can correct it
without losing the turn."""

from __future__ import annotations

from companion.models import Entry

from ..conftest import Phone, count, hidden_fields
from .helpers import parse
from .test_bloccato import (
    board_of,
    cell_buttons,
    dice_drawn,
    mark,
    moves,
    passes,
    roll,
    seated,
    start,
    text,
    turn,
)

__all__ = ["dice_drawn"]  # the fixture, used by name below


# --- dice and marks ---------------------------------------------------------------------------


def test_tapped_dice_become_the_roll_and_the_sheet_highlights_the_cells(
    phone: Phone, other: Phone
) -> None:
    match_id = seated(phone, other)
    response = roll(phone, match_id, "44C41")
    assert response.status_code == 200
    assert moves(phone.app, match_id) == [{"type": "roll", "dice": "1444C"}]
    # The rules say why; only Ann's phone gets buttons, on exactly the free 4s.
    assert "Three 4s: mark a free 4." in text(response)
    fours = ["1,1", "1,5", "2,6", "3,0", "4,2", "5,5", "6,2"]
    assert cell_buttons(phone, match_id) == fours
    assert cell_buttons(other, match_id) == []
    assert len(board_of(other, match_id).find_all("li", class_="is-markable")) == len(fours)
    assert "Waiting for Ann (crosses) to play." in text(other.get(f"/m/{match_id}"))


def test_a_die_left_untapped_is_refused_in_place(phone: Phone) -> None:
    match_id = start(phone)
    phone.claim(match_id, 0)
    response = turn(phone, match_id, action="roll", die0="4", die1="4", die3="C", die4="x")
    assert response.status_code == 200
    assert count(phone.app, Entry) == 0
    page = parse(response.get_data(as_text=True))
    errors = [p.text() for p in page.find_all("p", class_="field-error")]
    assert errors == ["Tap the face of this die.", "Tap the face of this die."]
    assert page.find("input", name="turn-die0", value="4").attrs.get("checked") is not None


def test_a_double_tap_stores_one_mark_and_refuses_nothing(phone: Phone, other: Phone) -> None:
    match_id = seated(phone, other)
    roll(phone, match_id, "1444C")
    html = phone.get(f"/m/{match_id}").get_data(as_text=True)
    tap = {**hidden_fields(html, "turn"), "turn-cell": "1,1"}
    for _ in range(2):
        response = phone.post(f"/m/{match_id}/entry/turn", tap, hx=True)
        assert response.status_code == 200
        assert not parse(response.get_data(as_text=True)).find_all("p", class_="error")
    assert moves(phone.app, match_id) == [
        {"type": "roll", "dice": "1444C"},
        {"type": "mark", "cell": [1, 1]},
    ]


def test_a_legal_mark_is_stored_and_the_turn_passes(phone: Phone, other: Phone) -> None:
    match_id = seated(phone, other)
    roll(phone, match_id, "1444C")
    response = mark(phone, match_id, 1, 1)
    assert response.status_code == 200
    assert moves(phone.app, match_id)[-1] == {"type": "mark", "cell": [1, 1]}
    board = board_of(other, match_id)
    marked = board.find("li", class_="is-latest")
    assert marked is not None and "has-X" in marked.attrs["class"]
    assert "Row 2, column 2: 4, marked by Ann" in marked.text()
    log = text(other.get(f"/m/{match_id}"))
    assert "Rolled 1 4 4 4 cow" in log and "Marked row 2, column 2" in log
    assert cell_buttons(other, match_id) == []  # Bob must roll first


def test_a_mark_the_roll_does_not_allow_is_refused_in_place(phone: Phone) -> None:
    match_id = start(phone)
    phone.claim(match_id, 0)
    roll(phone, match_id, "1444C")
    for cell, reason in [
        ((0, 0), "The roll 1 4 4 4 cow does not let you mark a 3."),
        ((0, 3), "The roll 1 4 4 4 cow does not let you mark a cow."),
        ((0, 1), "That is a start cell: it cannot be marked."),
        ((9, 0), "The sheet has rows and columns 1 to 7."),
    ]:
        response = mark(phone, match_id, *cell)
        assert response.status_code == 200
        assert reason in text(response)
        assert parse(response.get_data(as_text=True)).find(id="entry") is not None
    assert len(moves(phone.app, match_id)) == 1


def test_an_occupied_cell_and_a_cell_away_from_the_chain_are_refused(phone: Phone) -> None:
    match_id = start(phone)
    phone.claim(match_id, 0)
    roll(phone, match_id, "4444C")  # a quad: mark a 4 anywhere, then roll again
    mark(phone, match_id, 1, 1)
    assert "roll again; the next mark must touch the last one (row 2, column 2)" in text(
        phone.get(f"/m/{match_id}")
    )
    roll(phone, match_id, "CCC12")
    assert cell_buttons(phone, match_id) == ["1,2", "2,0"]
    response = mark(phone, match_id, 0, 3)
    assert (
        "After a quad, each mark must touch the cell marked just before (row 2, column 2)."
        in text(response)
    )
    assert "That cell is already marked." in text(mark(phone, match_id, 1, 1))
    assert len(moves(phone.app, match_id)) == 3
    mark(phone, match_id, 1, 2)
    assert moves(phone.app, match_id)[-1] == {"type": "mark", "cell": [1, 2]}


def test_a_mark_before_the_roll_and_a_roll_before_the_mark_are_refused(phone: Phone) -> None:
    match_id = start(phone)
    phone.claim(match_id, 0)
    assert "Roll first: a mark needs two cows or three equal numbers." in text(
        mark(phone, match_id, 1, 1)
    )
    roll(phone, match_id, "1444C")
    assert "First mark a cell for the roll 1 4 4 4 cow, or pass." in text(
        roll(phone, match_id, "CC123")
    )
    assert len(moves(phone.app, match_id)) == 1


def test_pass_declines_the_mark_and_a_roll_without_result_ends_the_turn(phone: Phone) -> None:
    match_id = start(phone)
    phone.claim(match_id, 0)
    roll(phone, match_id, "1444C")
    passes(phone, match_id)
    html = text(phone.get(f"/m/{match_id}"))
    assert "Ann passed." in html and "Bob's turn (circles)" in html
    roll(phone, match_id, "1234C")
    html = text(phone.get(f"/m/{match_id}"))
    assert "Bob rolled 1 2 3 4 cow: no two cows, no three equal numbers, no mark." in html
    assert moves(phone.app, match_id)[-2:] == [{"type": "pass"}, {"type": "roll", "dice": "1234C"}]


# --- rolling in the app ------------------------------------------------------------------------


def test_rolling_in_the_app_keeps_dice_and_stores_three_throws(
    phone: Phone, other: Phone, dice_drawn: list[str]
) -> None:
    match_id = seated(phone, other)
    dice_drawn.extend("4412C")
    response = turn(phone, match_id, action="throw")
    assert response.status_code == 200
    assert count(phone.app, Entry) == 0  # held, not in the log
    assert "Throw 1 of 3: tap the dice you keep" in text(response)
    assert "Ann is rolling in the app: throw 1 of 3." in text(other.get(f"/m/{match_id}"))
    dice_drawn.extend("3C4")  # only the three dice not kept are thrown again
    turn(phone, match_id, action="throw", keep0="y", keep1="y")
    page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True))
    kept = [
        i.attrs["name"] for i in page.find_all("input", type="checkbox") if "checked" in i.attrs
    ]
    assert kept == ["turn-keep0", "turn-keep1"]  # still kept after the throw
    assert "Throw 2 of 3" in page.text()
    dice_drawn.extend("45")
    turn(phone, match_id, action="throw", keep0="y", keep1="y", keep4="y")
    assert dice_drawn == []
    assert moves(phone.app, match_id) == [
        {"type": "roll", "dice": "44445", "throws": ["4412C", "443C4", "44454"]}
    ]
    board = text(other.get(f"/m/{match_id}"))
    assert "Four 4s: mark a free 4, then roll again next to it." in board
    assert "Rolled 4 4 4 4 5 in the app (throws: 4 4 1 2 cow → 4 4 3 cow 4 → 4 4 4 5 4)" in board


def test_use_these_dice_after_one_throw_and_a_double_tap_throws_once(
    phone: Phone, dice_drawn: list[str]
) -> None:
    match_id = start(phone)
    phone.claim(match_id, 0)
    dice_drawn.extend("CC123")
    html = phone.get(f"/m/{match_id}").get_data(as_text=True)
    form = {**hidden_fields(html, "turn"), "turn-action": "throw"}
    phone.post(f"/m/{match_id}/entry/turn", form, hx=True)
    phone.post(f"/m/{match_id}/entry/turn", form, hx=True)  # the same tap again
    assert dice_drawn == []
    response = turn(phone, match_id, action="use")
    assert "Two cows: mark a free cow." in text(response)
    assert moves(phone.app, match_id) == [{"type": "roll", "dice": "123CC", "throws": ["CC123"]}]
    assert "Use these dice" not in text(phone.get(f"/m/{match_id}"))
    assert "Throw the dice in the app first" in text(turn(phone, match_id, action="use"))


def test_a_throw_survives_a_seat_claim_but_not_an_entry(
    phone: Phone, other: Phone, dice_drawn: list[str]
) -> None:
    match_id = start(phone)
    phone.claim(match_id, 0)
    dice_drawn.extend("12345")
    turn(phone, match_id, action="throw")
    other.join(match_id)
    other.claim(match_id, 1)  # bumps the version: the throw is still Ann's
    assert "Throw 1 of 3" in text(phone.get(f"/m/{match_id}"))
    roll(phone, match_id, "12345")  # Ann types dice instead: the held throw is gone
    assert "rolling in the app" not in text(other.get(f"/m/{match_id}"))
