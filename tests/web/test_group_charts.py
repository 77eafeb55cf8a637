"""The group and player pages' charts: who won each match, win shares, results over time,
read from the stored results (a few queries whatever the history, no log replayed)."""

from __future__ import annotations

from typing import Any

from flask import Flask
from sqlalchemy import event

from companion.extensions import db
from companion.models import Group
from companion.views.charts import group_charts

from ..conftest import Phone
from .helpers import Node, group_of, parse
from .history_helpers import add_match, player_id
from .test_stats import NUOTA, group_with_sixnimmt


def rows(node: Node) -> list[list[str]]:
    """The body rows of the first table under ``node``, cell texts."""
    table = node.find("table")
    assert table is not None
    body = table.find("tbody")
    assert body is not None
    return [[cell.text() for cell in row.walk() if cell.tag in ("th", "td")]
            for row in body.find_all("tr")]  # fmt: skip


def group_page(phone: Phone, group_id: int) -> Node:
    response = phone.get(f"/g/{group_id}")
    assert response.status_code == 200
    return parse(response.get_data(as_text=True))


def player_page(phone: Phone, group_id: int, name: str) -> Node:
    response = phone.get(f"/g/{group_id}/p/{player_id(phone.app, group_id, name)}")
    assert response.status_code == 200
    return parse(response.get_data(as_text=True))


def test_the_group_page_shows_who_won_each_match_and_the_win_shares(phone: Phone) -> None:
    group_id = group_with_sixnimmt(phone)
    page = group_page(phone, group_id)
    winners = page.by_id("winners-sixnimmt")
    assert [row[2] for row in rows(winners)] == ["Ann", "Bob", "Ann, Bob"], "oldest first"
    dots = winners.find_all("circle")
    assert len(dots) == 7, "one dot per seat of the three matches"
    assert sum("won" in dot.attrs.get("class", "").split() for dot in dots) == 4
    shares = page.by_id("shares-sixnimmt")
    assert [row[:3] for row in rows(shares)] == [["Ann", "3", "2"], ["Bob", "3", "2"],
                                                 ["Cy", "1", "0"]]  # fmt: skip
    assert rows(shares)[0][3] == "67%"
    assert shares.find("rect", class_="bar-fill") is not None


def test_the_player_page_charts_results_or_places_per_match(phone: Phone) -> None:
    group_id = group_with_sixnimmt(phone)
    add_match(phone.app, group_id, "nuota", ["Ann", "Bob", "Cy"], NUOTA)
    ann = player_page(phone, group_id, "Ann")
    heads = ann.by_id("trend-sixnimmt")
    assert "Bull heads per match" in heads.text()
    assert [row[2] for row in rows(heads)] == ["8", "70", "2"]
    assert len(heads.find("polyline").attrs["points"].split()) == 3
    nuota = ann.by_id("trend-nuota")
    assert "Place per match" in nuota.text(), "Nuota has no result: the place is charted"
    assert [row[2] for row in rows(nuota)] == ["3"]
    lone = nuota.find("svg").find_all("circle")
    assert [c.attrs["r"] for c in lone] == ["5"], "a lone match's dot is large enough to see"
    assert {c.attrs["r"] for c in heads.find("svg").find_all("circle")} == {"2.5"}
    by_game = ann.by_id("shares")
    assert [row[:3] for row in rows(by_game)] == [["6 nimmt!", "3", "2"],
                                                  ["Nuota per la vita", "1", "0"]]  # fmt: skip


def test_a_single_match_is_charted_on_an_axis_that_names_only_it(phone: Phone) -> None:
    group_id = group_of(phone.app, phone.new_match(["Ann", "Bob"]))
    add_match(
        phone.app, group_id, "sixnimmt", ["Ann", "Bob"], [{"type": "round", "heads": [70, 3]}]
    )
    heads = player_page(phone, group_id, "Ann").by_id("trend-sixnimmt")
    assert [row[2] for row in rows(heads)] == ["70"]
    ticks = [
        text.text() for text in heads.find_all("text") if text.attrs.get("text-anchor") == "middle"
    ]
    assert ticks == ["1"], "no second match on the axis"


def test_the_game_charts_cards_left_per_attempt_with_the_best_line(phone: Phone) -> None:
    group_id = group_of(phone.app, phone.new_match(["Ann", "Bob"]))
    for left in (30, 12, 20):
        add_match(
            phone.app, group_id, "thegame", ["Ann", "Bob"], [{"type": "result", "left": left}]
        )
    page = group_page(phone, group_id)
    team = page.by_id("trend-thegame")
    assert [row[2:] for row in rows(team)] == [["30", "30"], ["12", "12"], ["20", "12"]]
    assert len(team.find_all("polyline")) == 2, "the attempts and the best so far"
    series = [g.attrs["class"] for g in team.find("svg").find_all("g", class_="chart-series")]
    assert series == ["chart-series s1", "chart-series s0"], "the results drawn over the best"
    assert page.by_id("shares-thegame") is not None
    assert "winners-thegame" not in page.text(), "no winner among the team's players"
    ann = player_page(phone, group_id, "Ann")
    assert [row[2:] for row in rows(ann.by_id("trend-thegame"))][-1] == ["20", "12"]
    # The measure keeps its capital in German, where nouns are written with one.
    assert phone.get("/lang/de?next=/").status_code == 303
    assert "Karten übrig" in group_page(phone, group_id).by_id("trend-thegame").text()
    german = player_page(phone, group_id, "Ann").by_id("trend-thegame").text()
    assert "Karten übrig" in german and "karten übrig" not in german


def count_queries(app: Flask, group_id: int) -> tuple[int, bool]:
    """How many statements the group charts cost, and whether any read the entry log."""
    seen: list[str] = []

    def remember(*args: Any) -> None:
        seen.append(str(args[2]))

    with app.test_request_context():
        event.listen(db.engine, "before_cursor_execute", remember)
        try:
            group = db.session.get(Group, group_id)
            assert group is not None
            seen.clear()
            assert group_charts(group)
        finally:
            event.remove(db.engine, "before_cursor_execute", remember)
    return len(seen), any("entries" in statement for statement in seen)


def test_the_charts_cost_the_same_queries_at_three_and_at_sixty_matches(phone: Phone) -> None:
    group_id = group_of(phone.app, phone.new_match(["Ann", "Bob"]))
    for heads in ([70, 3], [2, 80], [90, 1]):
        add_match(
            phone.app, group_id, "sixnimmt", ["Ann", "Bob"], [{"type": "round", "heads": heads}]
        )
    few, replayed = count_queries(phone.app, group_id)
    assert not replayed, "no entry log is read"
    for n in range(57):
        heads = [70, n % 60] if n % 2 else [n % 60, 70]
        add_match(
            phone.app,
            group_id,
            "sixnimmt",
            ["Ann", "Bob", "Cy"][: 2 + n % 2],
            [{"type": "round", "heads": heads + [0] * (n % 2)}],
        )
    many, replayed = count_queries(phone.app, group_id)
    assert (many, replayed) == (few, False)


def test_places_are_charted_from_first_on_top_to_the_last_seat_and_games_named_whole(
    phone: Phone,
) -> None:
    group_id = group_with_sixnimmt(phone)
    add_match(phone.app, group_id, "nuota", ["Ann", "Bob", "Cy"], NUOTA)
    ann = player_page(phone, group_id, "Ann")
    nuota = ann.by_id("trend-nuota")
    ticks = {
        text.text(): float(text.attrs["y"])
        for text in nuota.find_all("text")
        if text.attrs.get("text-anchor") == "end"
    }
    assert sorted(ticks) == ["1", "2", "3"], "places 1 to 3: no place 0"
    assert "1st place on top" in nuota.text() and "lower is better" not in nuota.text()
    assert ticks["1"] < ticks["2"] < ticks["3"], "1st place on top"
    italian = phone.get(f"/g/{group_id}/p/{player_id(phone.app, group_id, 'Ann')}",
                        headers={"Accept-Language": "it"}).get_data(as_text=True)  # fmt: skip
    assert "il 1° posto in alto" in italian and "º" not in italian, "one ordinal sign: °"
    dot = nuota.find("circle")
    assert dot is not None and float(dot.attrs["cy"]) == ticks["3"]  # Ann was 3rd
    names = [t.text() for t in ann.by_id("shares").find_all("text", class_="bar-name")]
    assert "Nuota per la vita" in names, names
