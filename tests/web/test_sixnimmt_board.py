"""6 nimmt!'s scoreboard shows the latest rounds row by row and folds the earlier ones into one
row of their totals, so it (and every tap and poll that carries it) is as long at round 200 as at
round 10; a finished sheet lists every round."""

from __future__ import annotations

from flask import Flask

from companion.extensions import db
from companion.games.sixnimmt.scoreboard import ROUNDS_SHOWN
from companion.models import Match
from companion.sheet import append

from ..conftest import Phone
from .helpers import Node, parse
from .test_write_cost import PLAYERS, logged_match, round_answer


def scoreboard(phone: Phone, match_id: int) -> Node:
    """The sheet's scoreboard table."""
    page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True))
    table = page.by_id("scoreboard").find("table")
    assert table is not None
    return table


def body_rows(table: Node) -> list[list[str]]:
    """The texts of each body row's cells, row header first."""
    body = table.find("tbody")
    assert body is not None
    return [
        [cell.text().strip() for cell in row.find_all("th") + row.find_all("td")]
        for row in body.find_all("tr")
    ]


def test_the_latest_rounds_show_and_the_earlier_fold_into_their_totals(app: Flask) -> None:
    phone = Phone(app)
    played = ROUNDS_SHOWN + 4
    match_id = logged_match(phone, played)  # round n gives Ann n % 2, Bob 1, Cy 0
    rows = body_rows(scoreboard(phone, match_id))
    assert len(rows) == ROUNDS_SHOWN + 1
    assert rows[0] == ["1–4", "2", "4", "0"]  # Ann took a head in rounds 2 and 4
    assert [row[0] for row in rows[1:]] == [str(n) for n in range(5, played + 1)]
    last = rows[-1]
    ann = sum(n % 2 for n in range(played))
    assert last[1].split() == [str((played - 1) % 2), str(ann)]
    assert last[2].split() == ["1", str(played)]
    folded = scoreboard(phone, match_id).find("tr", class_="earlier")
    assert folded is not None
    assert folded.find("th").attrs["aria-label"] == "Rounds 1 to 4, added up"


def test_a_short_match_shows_every_round_and_no_folded_row(app: Flask) -> None:
    phone = Phone(app)
    match_id = logged_match(phone, ROUNDS_SHOWN + 1)  # one earlier round keeps its own row
    rows = body_rows(scoreboard(phone, match_id))
    assert [row[0] for row in rows] == [str(n) for n in range(1, ROUNDS_SHOWN + 2)]
    assert scoreboard(phone, match_id).find("tr", class_="earlier") is None


def test_a_tap_carries_as_many_scoreboard_rows_at_200_entries_as_at_10(app: Flask) -> None:
    phone = Phone(app)
    counts = []
    for entries in (10, 200):
        answer = round_answer(phone, logged_match(phone, entries))
        table = answer.by_id("scoreboard").find("table")
        assert table is not None
        counts.append(len(body_rows(table)))
    assert counts == [ROUNDS_SHOWN + 1, ROUNDS_SHOWN + 1]


def test_a_finished_match_lists_every_round(app: Flask) -> None:
    phone = Phone(app)
    match_id = phone.new_match(PLAYERS, end="rounds", rounds=str(ROUNDS_SHOWN + 3))
    phone.claim(match_id, 0)
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        for _ in range(ROUNDS_SHOWN + 3):
            move = {"type": "round", "heads": [1, 2, 3]}
            assert append(match, move, version=match.version, idem_key=None, seat=0, device=None).ok
        assert not match.is_open
    rows = body_rows(scoreboard(phone, match_id))
    assert [row[0] for row in rows] == [str(n) for n in range(1, ROUNDS_SHOWN + 4)]
    page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True))
    assert "data-over" in page.by_id("scoreboard").attrs  # the notes under it hide


def test_what_room_left_means_comes_with_the_page_not_with_every_tap(app: Flask) -> None:
    phone = Phone(app)
    match_id = phone.new_match(PLAYERS)  # ends past 66 heads: the sheet shows the room left
    phone.claim(match_id, 0)
    page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True))
    assert "heads a player can still take" in page.by_id("scoreboard-notes").text()
    assert "Room left" in page.by_id("scoreboard").text()
    answer = round_answer(phone, match_id)
    assert "Room left" in answer.by_id("scoreboard").text()
    assert not answer.find(id="scoreboard-notes")
    assert "data-over" not in answer.by_id("scoreboard").attrs
