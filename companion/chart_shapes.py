"""The group and player charts as plain SVG geometry: results over time, who won each match,
and win shares; the template draws them with presentation attributes and CSS classes only
(the winners' dots, hundreds of them, come as one string of circles).

The results line reuses :func:`companion.chart.draw` (the match chart's axes and ticks); the
winners' grid and the shares' bars are laid out here. Nothing reads the database: the numbers
come from :mod:`companion.stats.trends`. There is no charting library because none draws
static SVG without script or inline style, which the Content-Security-Policy forbids.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from markupsafe import Markup

from .chart import WIDTH, Chart, draw
from .games.base import Running
from .i18n import gettext as _
from .stats.places import seam_of
from .stats.trends import Outing, Share, Sitting

PAD = 6
"""Room left and right of the grid and the bars."""
VALUE_ROOM = 86
"""Room right of the bars for "12/15 · 100 %" at the chart's 11-unit type."""
ROW = 32
"""A row of the grid or the bars: a name on a line of its own, the dots or the bar under it."""
NAME_DROP = 11
"""The name's baseline under the top of its row (about the type's height)."""
LONG_NAME = 46
"""The most of a name a row shows: a name has the chart's whole width to itself, so only a
name longer than a phone's line is cut (the table below the chart has it whole)."""


@dataclass(frozen=True)
class Trend:
    """A results-over-time line chart and the rows of its table."""

    chart: Chart
    measure: str
    lower_is_better: bool
    best: bool
    rows: tuple[tuple[int, datetime | None, int, int | None, str | None], ...]
    """``(number, date, value, best so far, why the value is not counted)`` per charted match."""


def value_of(game: str, sitting: Sitting) -> int | None:
    """The number charted for a seat: the game's result, or the place when it has none."""
    return sitting.result if seam_of(game).result_label() is not None else sitting.place


def bests(values: list[int | None], lower: bool) -> list[int | None]:
    """The best value so far after each match; a match whose value does not count (None: The
    Game lost to the fire) keeps the best before it, and there is none before the first."""
    out: list[int | None] = []
    best: int | None = None
    for value in values:
        if value is not None:
            best = value if best is None else (min if lower else max)(best, value)
        out.append(best)
    return out


def trend(game: str, outings: list[Outing], player_id: int | None = None) -> Trend | None:
    """The line of one player's results (or the team's, without a player) over ``outings``;
    None when there is nothing to draw."""
    seam = seam_of(game)
    label = seam.result_label()
    lower = seam.lower_is_better if label is not None else True
    points: list[tuple[Outing, int, int | None]] = []  # the value, and as the best takes it
    for outing in outings:
        seat = next((s for s in outing.seats if player_id in (None, s.player_id)), None)
        value = None if seat is None else value_of(game, seat)
        if seat is not None and value is not None:
            points.append((outing, value, seam.ranked(value, seat.tallies or {})))
    if not points:
        return None
    values: list[int | None] = [value for _o, value, _r in points]
    best = bests([ranked for _o, _v, ranked in points], lower) if seam.best_line else []
    lines = [(label or _("Place"), tuple(values))]
    if any(value is not None for value in best):
        lines.append((_("Best so far"), tuple(best)))
    else:
        best = []
    places = None if label is not None else max(len(outing.seats) for outing, *_ in points)
    running = Running(label or _("Place"), _("Match"), tuple(lines), places=places)
    chart = draw(running)
    # Matches count from 1.
    ticks = tuple((x, str(int(n) + 1)) for x, n in chart.x_ticks if int(n) < len(points))
    chart = replace(chart, x_ticks=ticks) if len(points) > 1 else lone(chart)
    note = seam.unranked_note()
    rows = tuple(
        (number, outing.finished_at, value, best[number - 1] if best else None,
         note if ranked is None else None)
        for number, (outing, value, ranked) in enumerate(points, start=1)
    )  # fmt: skip
    return Trend(chart, label or _("Place"), lower, bool(best), rows)


def lone(chart: Chart) -> Chart:
    """A chart of one match: its dot in the middle of the plot over the axis's one tick (drawn
    at the left edge, a lone dot looked like a chart that failed to draw), and no best so far
    (the result itself). The template writes the value beside the dot."""
    middle = round((chart.left + chart.right) / 2, 1)
    first = chart.lines[0]
    dot = replace(first, points=((middle, first.points[0][1]),))
    return replace(chart, lines=(dot,), x_ticks=((middle, "1"),))


@dataclass(frozen=True)
class Dot:
    """One player in one match: where it sits and whether it was a win."""

    x: float
    y: float
    won: bool


@dataclass(frozen=True)
class Winners:
    """Who won each match: a row per player, a column per match, a full dot for a win."""

    names: tuple[tuple[float, str, str], ...]
    """``(y, name as shown, full name)`` per row: ``y`` is the row's line of dots; the name
    is written above it, across the chart's whole width, so a long name is not cut short."""
    dots: tuple[Dot, ...]
    x_ticks: tuple[tuple[float, str], ...]
    rows: tuple[tuple[int, datetime | None, str], ...]
    """``(number, date, winners' names)`` per match, for the table."""
    radius: float
    height: int
    width: int = WIDTH
    left: int = PAD

    def circles(self) -> Markup:
        """The dots as SVG circles in one string. A full grid has hundreds (matches x seats),
        and the template's escaping of each one's four values was most of what a long history
        adds to its page; numbers and the two class names need no escaping."""
        radius = float(self.radius)
        return Markup(
            "".join(
                f'<circle class="{"won" if dot.won else "played"}" cx="{float(dot.x)}" '
                f'cy="{float(dot.y)}" r="{radius}"></circle>'
                for dot in self.dots
            )
        )


def short(name: str, limit: int = LONG_NAME) -> str:
    """A name cut to fit the chart's width (the table has it whole)."""
    return name if len(name) <= limit else name[: limit - 1] + "…"


def winners_grid(game: str, outings: list[Outing]) -> Winners | None:
    """Who won each of ``outings``; None without any."""
    if not outings:
        return None
    wins: dict[int, int] = {}
    names: dict[int, str] = {}
    for outing in outings:
        for seat in outing.seats:
            names[seat.player_id] = seat.name
            wins[seat.player_id] = wins.get(seat.player_id, 0) + outing.won(game, seat)
    order = sorted(names, key=lambda pid: (-wins[pid], names[pid].casefold()))
    row_of = {pid: index for index, pid in enumerate(order)}
    step = (WIDTH - 2 * PAD) / len(outings)
    radius = round(max(1.5, min(5.0, step / 2 - 1)), 1)

    def x_at(column: int) -> float:
        return round(PAD + step * (column + 0.5), 1)

    def y_at(row: int) -> float:
        return NAME_DROP + 12 + ROW * row

    dots = tuple(
        Dot(x_at(column), y_at(row_of[seat.player_id]), outing.won(game, seat))
        for column, outing in enumerate(outings)
        for seat in outing.seats
    )
    every = -(-len(outings) // 8)
    ticks = tuple((x_at(c), str(c + 1)) for c in range(0, len(outings), every))
    rows = tuple(
        (number, outing.finished_at,
         ", ".join(s.name for s in outing.seats if outing.won(game, s)))
        for number, outing in enumerate(outings, start=1)
    )  # fmt: skip
    labels = tuple((y_at(row_of[pid]), short(names[pid]), names[pid]) for pid in order)
    return Winners(labels, dots, ticks, rows, radius, int(y_at(len(order) - 1) + 18))


@dataclass(frozen=True)
class Bar:
    """One player's share: the bar's length and the words beside it."""

    y: float
    """The top of the bar's row: the name on its own line, the bar under it."""
    name: str
    full_name: str
    length: float
    share: Share


@dataclass(frozen=True)
class Bars:
    """Win shares per player, a bar each."""

    bars: tuple[Bar, ...]
    height: int
    width: int = WIDTH
    left: int = PAD
    room: int = WIDTH - PAD - VALUE_ROOM
    """The longest bar (a share of 100 %); the rest of the width holds "12/15 · 80 %"."""
    name_drop: int = NAME_DROP
    bar_drop: int = NAME_DROP + 5
    """The top of a bar under the top of its row, clear of the name's descenders."""


def share_bars(shares: list[Share]) -> Bars | None:
    """A bar per player, as long as their share of the matches they played and won; the names
    above the bars have the chart's whole width (a game's name, "Nuota per la vita", too)."""
    if not shares:
        return None
    room = WIDTH - PAD - VALUE_ROOM
    bars = tuple(
        Bar(ROW * i, short(s.name), s.name, round(room * s.rate, 1), s)
        for i, s in enumerate(shares)
    )
    return Bars(bars, ROW * len(shares) - 2)
