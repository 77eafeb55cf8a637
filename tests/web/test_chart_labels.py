"""The group charts at a phone's width: long names written whole on a line of their own, and
a chart of one match drawn so that it reads as one (its dot in the middle, its value beside it)."""

from __future__ import annotations

from ..conftest import Phone
from .helpers import Node, group_of, parse
from .history_helpers import add_match

LONG = ["Pierfrancesco Bianchi", "Maria Antonietta Rossi", "Bob"]


def group_page(phone: Phone) -> tuple[int, Node]:
    """A group with one 6 nimmt! match of players with long names and one game of The Game."""
    match_id = phone.new_match(LONG, end="rounds", rounds="1")
    assert phone.enter_heads(match_id, [3, 10, 1]).status_code == 303
    group_id = group_of(phone.app, match_id)
    add_match(phone.app, group_id, "thegame", LONG[:2], [{"type": "result", "left": 12}])
    return group_id, parse(phone.get(f"/g/{group_id}").get_data(as_text=True))


def texts(node: Node, cls: str) -> list[str]:
    return [text.text() for text in node.find_all("text", class_=cls)]


def test_long_names_are_written_whole_in_the_charts(phone: Phone) -> None:
    _, page = group_page(phone)
    for chart in ("winners-sixnimmt", "shares-sixnimmt"):
        svg = page.by_id(chart).find("svg")
        assert svg is not None
        written = [text.text() for text in svg.find_all("text")]
        for name in LONG:  # were "Pierfran…" and "Pierfrancesco Bia…"
            assert name in written, (chart, written)
    winners = page.by_id("winners-sixnimmt")
    assert texts(winners, "row-name") == ["Bob", "Maria Antonietta Rossi", "Pierfrancesco Bianchi"]


def test_a_name_has_a_line_of_its_own_above_its_dots_and_its_bar(phone: Phone) -> None:
    _, page = group_page(phone)
    winners = page.by_id("winners-sixnimmt")
    first = winners.find("text", class_="row-name")
    line = winners.find("line")
    assert first is not None and line is not None
    assert first.attrs.get("text-anchor") is None, "written from the left edge, not right-aligned"
    assert float(first.attrs["x"]) == float(line.attrs["x1"]), "over the row, not beside it"
    assert float(first.attrs["y"]) < float(line.attrs["y1"])
    shares = page.by_id("shares-sixnimmt")
    name, track = shares.find("text", class_="bar-name"), shares.find("rect", class_="bar-track")
    assert name is not None and track is not None
    assert float(name.attrs["x"]) == float(track.attrs["x"])
    assert float(name.attrs["y"]) < float(track.attrs["y"])


def test_a_chart_of_one_match_puts_its_dot_in_the_middle_with_its_value(phone: Phone) -> None:
    _, page = group_page(phone)
    trend = page.by_id("trend-thegame")
    grid = trend.find("line")
    dot = trend.find("circle")
    assert grid is not None and dot is not None
    middle = (float(grid.attrs["x1"]) + float(grid.attrs["x2"])) / 2
    assert abs(float(dot.attrs["cx"]) - middle) < 1, "was at the left edge: a chart gone wrong"
    assert texts(trend, "lone-value") == ["12"]
    assert trend.find("line", class_="lone-guide") is not None
    assert "Best so far" not in " ".join(t.text() for t in trend.find_all("li")), "no legend"
    ticks = [t for t in trend.find_all("text") if t.attrs.get("text-anchor") == "middle"]
    assert [t.text() for t in ticks] == ["1"]
    assert abs(float(ticks[0].attrs["x"]) - middle) < 1, "the match's number under its dot"


def test_a_chart_of_several_matches_keeps_its_line_and_legend(phone: Phone) -> None:
    group_id, _ = group_page(phone)
    add_match(phone.app, group_id, "thegame", LONG[:2], [{"type": "result", "left": 5}])
    page = parse(phone.get(f"/g/{group_id}").get_data(as_text=True))
    trend = page.by_id("trend-thegame")
    assert len(trend.find_all("circle")) == 2 and texts(trend, "lone-value") == []
    assert "Best so far" in trend.text()
