"""The running-totals chart on the sheet once a match is over: right points, labels and table."""

from __future__ import annotations

from companion.chart import HEIGHT, LEFT, RIGHT, TOP, WIDTH

from ..conftest import Phone
from .helpers import Node, device_of, group_of, match_row, parse, table, undo_form, viewer_path
from .history_helpers import EVEN, add_match, bloccato_win
from .test_stats import HUNTS, NUOTA, TRACKED


def chart_of(phone: Phone, match_id: int) -> Node:
    page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True))
    return page.by_id("chart")


def drawn(page: Node) -> bool:
    """Whether the page shows a chart (an open match holds only its hidden place)."""
    return page.by_id("chart").find("svg") is not None


def decoded(chart: Node) -> dict[str, list[int]]:
    """Each line's values read back from the drawing: x gives the step, y through the ticks."""
    svg = chart.find("svg", class_="chart")
    assert svg is not None and svg.attrs["role"] == "img"
    ticks = [(float(t.attrs["y"]), int(t.text())) for t in svg.find_all("text", text_anchor="end")]
    (y0, v0), (y1, v1) = ticks[0], ticks[-1]
    legend = [li.text().rsplit(" ", 1)[0] for li in chart.find_all("li", class_="chart-series")]
    lines = {}
    for name, series in zip(legend, svg.find_all("polyline"), strict=True):
        points = [tuple(map(float, p.split(","))) for p in series.attrs["points"].split()]
        xs = [x for x, _ in points]
        assert xs[0] == LEFT and xs[-1] == WIDTH - RIGHT, "the line spans the plot"
        lines[name] = [round(v0 + (y - y0) * (v1 - v0) / (y1 - y0)) for _, y in points]
    return lines


def table_of(chart: Node) -> list[list[str]]:
    table = chart.find("table")
    assert table is not None
    rows = table.find_all("tr")
    return [[cell.text() for cell in row.children if isinstance(cell, Node)] for row in rows]


def test_sixnimmt_chart_has_the_exact_points(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob", "Cy"], end="rounds", rounds="2")
    assert phone.enter_heads(match_id, [3, 10, 1]).status_code == 303
    place = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("chart")
    assert "hidden" in place.attrs and place.find("svg") is None, "no chart while it is played"
    assert phone.enter_heads(match_id, [5, 1, 20]).status_code == 303
    chart = chart_of(phone, match_id)
    # Values 0..21 on a 0..25 scale (ticks of 5); x at 34, 172, 310; y = 10 + 164 · (25 − v) / 25.
    assert [p.attrs["points"] for p in chart.find_all("polyline")] == [
        "34,174 172,154.3 310,121.5",
        "34,174 172,108.4 310,101.8",
        "34,174 172,167.4 310,36.2",
    ]
    assert decoded(chart) == {"Ann": [0, 3, 8], "Bob": [0, 10, 11], "Cy": [0, 1, 21]}
    svg = chart.find("svg")
    assert svg is not None and svg.attrs["viewbox"] == f"0 0 {WIDTH} {HEIGHT}"
    title, desc = svg.find("title"), svg.find("desc")
    assert title is not None and title.text() == "Bull heads after each round"
    assert desc is not None and desc.text() == "Ann: 0, 3, 8; Bob: 0, 10, 11; Cy: 0, 1, 21"
    assert svg.attrs["aria-labelledby"] == "chart-svg-title chart-svg-desc"
    assert table_of(chart) == [["Round", "Ann", "Bob", "Cy"], ["Start", "0", "0", "0"],
                               ["1", "3", "10", "1"], ["2", "8", "11", "21"]]  # fmt: skip
    assert all("style" not in node.attrs for node in chart.walk()), "CSP: no inline styles"
    assert TOP == 10


def test_the_heads_limit_is_drawn(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])  # ends past 66
    for heads in ([30, 10], [40, 5]):
        phone.enter_heads(match_id, heads)
    chart = chart_of(phone, match_id)
    limit = chart.find("line", class_="chart-limit")
    assert limit is not None
    assert decoded(chart) == {"Ann": [0, 30, 70], "Bob": [0, 10, 15]}
    assert "the limit, 66" in chart.text()


def test_nuota_chart_shows_lives_left(phone: Phone) -> None:
    group_id = group_of(phone.app, phone.new_match(["Ann", "Bob"]))
    match_id = add_match(phone.app, group_id, "nuota", ["Ann", "Bob", "Cy"], NUOTA,
                         device=device_of(phone))  # fmt: skip
    chart = chart_of(phone, match_id)
    assert decoded(chart) == {
        "Ann": [5, 3, 2, 0, 0, 0], "Bob": [5, 4, 4, 3, 1, 0], "Cy": [5, 5, 4, 4, 4, 4],
    }  # fmt: skip
    assert "Lives after each round" in chart.text()


def test_pirsch_chart_shows_points(phone: Phone) -> None:
    group_id = group_of(phone.app, phone.new_match(["Ann", "Bob"]))
    moves = [*HUNTS, {"type": "final", "cards": [EVEN] * 3}]
    match_id = add_match(phone.app, group_id, "pirsch", ["Ann", "Bob", "Cy"], moves,
                         device=device_of(phone))  # fmt: skip
    assert decoded(chart_of(phone, match_id)) == {
        "Ann": [0, 36, 36, 40, 70], "Bob": [0, 0, 36, 36, 66], "Cy": [0, 4, 8, 8, 38],
    }  # fmt: skip


def test_thegame_chart_only_when_tracked(phone: Phone) -> None:
    group_id = group_of(phone.app, phone.new_match(["Ann", "Bob"]))
    device = device_of(phone)
    tracked = add_match(phone.app, group_id, "thegame", ["Ann", "Bob"], TRACKED, device=device)
    chart = chart_of(phone, tracked)
    assert decoded(chart) == {"Team": [98, 96, 94]}
    assert table_of(chart)[0] == ["Turn", "Team"]
    typed = add_match(phone.app, group_id, "thegame", ["Ann", "Bob"],
                      [{"type": "result", "left": 3}], device=device)  # fmt: skip
    page = parse(phone.get(f"/m/{typed}").get_data(as_text=True))
    assert not drawn(page), "only the result was typed: nothing to draw"


def test_bloccato_has_no_chart(phone: Phone) -> None:
    group_id = group_of(phone.app, phone.new_match(["Ann", "Bob"]))
    options, moves = bloccato_win(0)
    match_id = add_match(phone.app, group_id, "bloccato", ["Ann", "Bob"], moves, options,
                         device=device_of(phone))  # fmt: skip
    page = phone.get(f"/m/{match_id}")
    assert page.status_code == 200
    assert not drawn(parse(page.get_data(as_text=True)))


def test_the_viewer_shows_the_chart_too(phone: Phone, other: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"], end="rounds", rounds="1")
    path = viewer_path(phone, match_id)
    phone.enter_heads(match_id, [4, 7])
    chart = parse(other.get(path).get_data(as_text=True)).by_id("chart")
    assert decoded(chart) == {"Ann": [0, 4], "Bob": [0, 7]}


def test_an_abandoned_match_shows_its_chart_too(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    phone.enter_heads(match_id, [4, 7])
    assert phone.post(f"/m/{match_id}/host/abandon").status_code in (303, 204)
    assert decoded(chart_of(phone, match_id)) == {"Ann": [0, 4], "Bob": [0, 7]}


def test_the_win_share_bars_leave_room_for_the_longest_figure_beside_them() -> None:
    from companion.chart_shapes import share_bars
    from companion.stats.trends import Share

    bars = share_bars([Share(1, "Ann", 15, 15)])
    assert bars is not None and bars.bars[0].length == bars.room
    room = bars.width - (bars.left + bars.room + 6)  # where "12/15 · 100 %" is written
    widest = len("12/15 · 100 %") * 11 * 0.55  # 11-unit type; Chromium draws 0.53 em a character
    assert room >= widest, (room, widest)  # was 58: "100 %" cut at the right


def test_the_chart_comes_with_the_last_round_and_goes_with_its_undo(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other, end="rounds", rounds="1")
    version = match_row(phone.app, match_id)["version"]
    ended = phone.enter_heads(match_id, [3, 13], hx=True).get_data(as_text=True)
    chart = parse(ended).by_id("chart")
    assert chart.attrs.get("hx-swap-oob") == "true" and chart.find("svg") is not None
    polled = other.get(f"/m/{match_id}/live?v={version}", hx=True).get_data(as_text=True)
    assert parse(polled).by_id("chart").find("svg") is not None, "the other phones get it too"
    undone = phone.post(f"/m/{match_id}/undo/1", undo_form(phone, match_id, 1), hx=True)
    place = parse(undone.get_data(as_text=True)).by_id("chart")
    assert place.attrs.get("hx-swap-oob") == "true" and "hidden" in place.attrs
    assert place.find("svg") is None, "the reopened match shows no chart of its old end"
