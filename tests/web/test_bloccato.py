"""Bloccato e pelato on the sheet: a typed or fresh sheet, dice tapped or thrown in the app,
marks refused in place, a win, and one phone playing both sides."""

from __future__ import annotations

import itertools
from html import unescape
from typing import Any

import pytest
from flask import Flask

from companion.extensions import db
from companion.models import Entry, Match
from companion.sheet import replay

from ..conftest import Phone, count, hidden_fields
from .helpers import entries, match_row, parse

PAPER = ["3X1C5X2", "24C3142", "C5213C4", "4C5X3O1", "1342C5C", "O21C34C", "5C41O23"]
"""A paper sheet: crosses at (0,1) (0,5) (3,3); circles at (3,5) (5,0) (6,4)."""


def start(phone: Phone, rows: list[str] | None = PAPER, first: str = "0", **fields: Any) -> int:
    """A new match of Ann (crosses) and Bob (circles) on the paper sheet (or a fresh one)."""
    data = {"p0": "Ann", "p1": "Bob", "group": "new", "first": first}
    data.update({"source": "typed", "sheet": "\n".join(rows)} if rows else {"source": "fresh"})
    data.update(fields)
    response = phone.post("/new/bloccato", data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def turn(phone: Phone, match_id: int, hx: bool = True, **fields: str) -> Any:
    """Post the turn form, freshly rendered, with these fields (``turn-`` is added)."""
    html = phone.get(f"/m/{match_id}").get_data(as_text=True)
    if 'name="turn-version"' in html:
        data = hidden_fields(html, "turn")
    else:  # this phone is shown no turn form: post as if from a page a moment old
        data = {"turn-version": str(match_row(phone.app, match_id)["version"])}
    data.update({f"turn-{name}": value for name, value in fields.items()})
    return phone.post(f"/m/{match_id}/entry/turn", data, hx=hx)


def roll(phone: Phone, match_id: int, dice: str, hx: bool = True) -> Any:
    """Tap five faces and save the dice."""
    faces = {f"die{i}": face for i, face in enumerate(dice)}
    return turn(phone, match_id, hx=hx, action="roll", **faces)


def mark(phone: Phone, match_id: int, row: int, col: int, hx: bool = True) -> Any:
    """Tap a cell of the grid (the cell buttons carry only ``turn-cell``)."""
    return turn(phone, match_id, hx=hx, cell=f"{row},{col}")


def passes(phone: Phone, match_id: int) -> Any:
    """Tap "Pass"."""
    return turn(phone, match_id, action="pass")


def moves(app: Flask, match_id: int) -> list[dict[str, Any]]:
    """The moves stored in the log."""
    return [e["move"] for e in entries(app, match_id)]


def text(response: Any) -> str:
    """The response's visible text, entities decoded."""
    return unescape(parse(response.get_data(as_text=True)).text())


def board_of(phone: Phone, match_id: int) -> Any:
    """The scoreboard of the sheet as this phone sees it."""
    return parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("scoreboard")


def cell_buttons(phone: Phone, match_id: int) -> list[str]:
    """The values of the grid's cell buttons ("row,col")."""
    board = board_of(phone, match_id)
    return [b.attrs["value"] for b in board.find_all("button", name="turn-cell")]


def seated(phone: Phone, other: Phone, **fields: Any) -> int:
    """Ann (crosses) on ``phone``, Bob (circles) on ``other``."""
    match_id = start(phone, **fields)
    phone.claim(match_id, 0)
    other.join(match_id)
    other.claim(match_id, 1)
    return match_id


# --- the new match ---------------------------------------------------------------------------


def test_a_typed_sheet_shows_every_problem_in_place(phone: Phone) -> None:
    bad = ["3X1C5X", "24C3142", "C5Z13Q4", "4C5X3O1", "1342C5C", "O21C34C", "5C41O23"]
    response = phone.post(
        "/new/bloccato",
        {"p0": "Ann", "p1": "Bob", "group": "new", "first": "lots", "source": "typed",
         "sheet": "\n".join(bad)},
    )  # fmt: skip
    assert response.status_code == 200
    assert count(phone.app, Match) == 0
    page = parse(response.get_data(as_text=True))
    problems = [li.text() for li in page.find("ul", class_="bl-problems").find_all("li")]
    assert problems == [
        "Row 1 must have 7 cells (it has 6).",
        "Row 3, column 3: Z is not 1–5, C, X or O.",
        "Row 3, column 6: Q is not 1–5, C, X or O.",
    ]
    box = page.find("textarea", name="sheet")
    assert box is not None and box.attrs.get("aria-invalid") == "true"
    assert "C5Z13Q4" in box.text()  # kept as typed


SHEET_PROBLEMS = [
    ("", "Type the 7 rows of the sheet, one per line."),
    ("\n".join(PAPER[:6]), "The sheet must have 7 rows of 7 cells."),
    ("\n".join(["3X1C5X2", *PAPER[1:3], "4C52331", *PAPER[4:]]),
     "The sheet needs exactly 3 start crosses (X); it has 2."),
    ("\n".join(["3XXX532", *PAPER[1:3], "4C533O1", *PAPER[4:]]),
     "On this sheet some start cells are already joined."),
]  # fmt: skip


def test_a_typed_sheet_is_checked_by_the_rules(phone: Phone) -> None:
    for sheet, problem in SHEET_PROBLEMS:
        response = phone.post(
            "/new/bloccato",
            {"p0": "Ann", "p1": "Bob", "group": "new", "source": "typed", "sheet": sheet},
        )
        assert response.status_code == 200
        assert problem in text(response)
    assert count(phone.app, Match) == 0


def test_a_typed_sheet_is_stored_and_a_fresh_one_is_not(phone: Phone) -> None:
    lower = "\n".join(" ".join(row.lower()) for row in PAPER) + "\n\n"
    typed = start(phone, rows=None, source="typed", sheet=lower)
    assert match_row(phone.app, typed)["options"] == {"sheet": PAPER, "first": 0}
    fresh = start(phone, rows=None, first="lots", source="fresh", sheet="ignored")
    assert match_row(phone.app, fresh)["options"] == {}
    html = unescape(phone.get(f"/m/{fresh}").get_data(as_text=True))
    assert "Fresh sheet · starter drawn by lot" in html
    assert "Sheet from a paper pad · crosses start" in unescape(
        phone.get(f"/m/{typed}").get_data(as_text=True)
    )


def test_the_game_is_for_two_players(phone: Phone) -> None:
    response = phone.post(
        "/new/bloccato", {"p0": "Ann", "p1": "Bob", "p2": "Cy", "group": "new", "source": "fresh"}
    )
    assert response.status_code == 200
    assert "Bloccato e pelato is for exactly 2 players." in text(response)


def test_a_rematch_of_a_fresh_sheet_plays_on_a_new_sheet(phone: Phone) -> None:
    first = start(phone, rows=None, first="lots")
    assert phone.post(f"/m/{first}/host/end").status_code in (302, 303)
    response = phone.post(f"/m/{first}/rematch")
    second = int(response.headers["Location"].rstrip("/").split("/")[-1])
    with phone.app.app_context():
        one, two = db.session.get(Match, first), db.session.get(Match, second)
        assert one is not None and two is not None
        assert two.options == {} and one.seed != two.seed
        assert replay(one).state.sheet != replay(two).state.sheet


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


@pytest.fixture
def dice_drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The server's dice come from this list, in order (the test fills it)."""
    from companion.games.bloccato import turn

    queue: list[str] = []
    monkeypatch.setattr(turn, "draw_face", lambda: queue.pop(0))
    return queue


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


# --- a whole game, and who plays on which phone --------------------------------------------------


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
