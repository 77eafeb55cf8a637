"""Bloccato e pelato from start to finish: a win, a draw, the host ending early, and which phone
may play which side. Both players must see the same sheet, live, whoever holds the phone."""

from __future__ import annotations

import itertools

from ..conftest import Phone
from .helpers import entries, match_row, parse
from .test_bloccato import board_of, cell_buttons, mark, moves, passes, roll, seated, start, text


def test_joining_the_three_start_cells_wins_and_highlights_the_chain(
    phone: Phone, other: Phone
) -> None:
    match_id = seated(phone, other)
    for cell, dice in (((1, 2), "CC123"), ((2, 3), "1114C"), ((1, 4), "1112C")):
        roll(phone, match_id, dice)
        mark(phone, match_id, *cell)
        if cell != (1, 4):
            passes(other, match_id)
    row = match_row(phone.app, match_id)
    assert row["status"] == "finished" and row["winners"] == [0]
    board = board_of(other, match_id)
    chain = [li for li in board.find_all("li", class_="is-win")]
    assert len(chain) == 6  # three start crosses and the three marks
    assert "Ann joined the three start cells and wins." in board.text()
    assert cell_buttons(phone, match_id) == []
    assert "Rematch" in board.text()


def test_one_phone_plays_both_sides_until_the_other_side_is_claimed(
    phone: Phone, other: Phone
) -> None:
    match_id = start(phone)
    phone.claim(match_id, 0)
    roll(phone, match_id, "1444C")
    mark(phone, match_id, 1, 1)
    page = text(phone.get(f"/m/{match_id}"))
    assert "Bob's turn (circles)" in page and "Pass the phone to Bob" in page
    roll(phone, match_id, "CC555")  # Ann's phone plays Bob's turn: circles are unclaimed
    assert "Two cows and three 5s: choose one" in text(phone.get(f"/m/{match_id}"))
    other.join(match_id)
    other.claim(match_id, 1)
    assert "Waiting for Bob (circles) to play." in text(phone.get(f"/m/{match_id}"))
    response = mark(phone, match_id, 0, 4)
    assert "It is Bob's turn, and Bob plays on another phone." in text(response)
    mark(other, match_id, 0, 4)
    assert [e["seat"] for e in entries(phone.app, match_id)] == [0, 0, 0, 1]


def test_the_host_without_a_seat_plays_both_sides(phone: Phone, other: Phone) -> None:
    match_id = start(phone)
    roll(phone, match_id, "1444C")
    mark(phone, match_id, 1, 1)
    roll(phone, match_id, "CC555")
    mark(phone, match_id, 0, 4)
    assert len(moves(phone.app, match_id)) == 4
    other.join(match_id)  # joined without a seat: only watches
    assert "Tap your name under" in text(other.get(f"/m/{match_id}"))
    assert "Claim your seat first" in text(roll(other, match_id, "1444C"))


def test_marks_reach_the_other_phone_by_the_poll(phone: Phone, other: Phone) -> None:
    match_id = seated(phone, other)
    version = match_row(phone.app, match_id)["version"]
    roll(phone, match_id, "1444C")
    mark(phone, match_id, 5, 5)
    response = other.get(f"/m/{match_id}/live?v={version}", hx=True)
    assert response.status_code == 200
    board = parse(response.get_data(as_text=True)).by_id("scoreboard")
    assert "Row 6, column 6: 4, marked by Ann" in board.text()
    assert len(list(itertools.chain(board.find_all("li", class_="has-X")))) == 4


CORNERS = ["X51234C", "55C1234", "123X4C1", "234C12X", "O1234C2", "341O255", "4C2315O"]
"""Ann's cross at (0,0) and Bob's circle at (6,6) sit in corners among 5s: easy to cut off."""


def test_one_side_cut_off_plays_on_and_both_cut_off_is_a_draw(phone: Phone) -> None:
    match_id = start(phone, rows=CORNERS)
    for number, cell in enumerate([(5, 5), (0, 1), (5, 6), (1, 0), (6, 5), (1, 1)]):
        if number == 5:
            board = board_of(phone, match_id)
            cut = [li.text() for li in board.find_all("li", class_="bl-side")]
            assert "cut off" in cut[1] and "cut off" not in cut[0]  # circles blocked: play on
        roll(phone, match_id, "55512")
        mark(phone, match_id, *cell)
    row = match_row(phone.app, match_id)
    assert row["status"] == "finished" and row["winners"] == []
    board = board_of(phone, match_id)
    assert "Neither player can join the start cells any more: a draw." in board.text()
    assert board.find("li", class_="is-win") is None


def test_the_host_ending_early_gives_the_win_to_the_side_nearer_to_joining(phone: Phone) -> None:
    match_id = start(phone)
    roll(phone, match_id, "1114C")
    mark(phone, match_id, 2, 3)  # Ann needs two more cells, Bob as many as before
    phone.post(f"/m/{match_id}/host/end")
    assert match_row(phone.app, match_id)["winners"] == [0]


def test_the_read_only_viewer_sees_the_sheet_without_buttons(phone: Phone) -> None:
    from .helpers import viewer_path

    match_id = start(phone)
    roll(phone, match_id, "1444C")
    viewer = Phone(phone.app)
    html = viewer.get(viewer_path(phone, match_id)).get_data(as_text=True)
    board = parse(html).by_id("scoreboard")
    assert len(board.find_all("li", class_="is-markable")) == 7
    assert board.find("button", name="turn-cell") is None
    assert "Three 4s: mark a free 4." in board.text()
