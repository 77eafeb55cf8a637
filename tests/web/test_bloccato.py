"""Bloccato e pelato, the new match: a sheet typed from a paper pad is checked and kept, a fresh
one is drawn, so that a match only starts on a sheet the rules accept. The helpers here play the
game for the other Bloccato test modules too."""

from __future__ import annotations

from html import unescape
from typing import Any

import pytest
from flask import Flask

from companion.extensions import db
from companion.models import Match
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


@pytest.fixture
def dice_drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The server's dice come from this list, in order (the test fills it)."""
    from companion.games.bloccato import turn

    queue: list[str] = []
    monkeypatch.setattr(turn, "draw_face", lambda: queue.pop(0))
    return queue


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
