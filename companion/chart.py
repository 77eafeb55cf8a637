"""The running-totals chart as plain SVG geometry: lines, axis ticks and a limit, no script.

The page draws it from these numbers with SVG presentation attributes and CSS classes only, so
it passes the Content-Security-Policy and stays sharp at any phone width (the viewBox scales).
"""

from __future__ import annotations

from dataclasses import dataclass

from .games.base import Running

WIDTH, HEIGHT = 320, 200
LEFT, RIGHT, TOP, BOTTOM = 34, 10, 10, 26
"""Room for the value labels on the left and the step labels underneath."""
STEP_LABEL_DROP = 20
"""How far below the plot the step labels' baseline sits. The lowest value label is centred on
the plot's bottom line and reaches about 6 units (of the 11-unit type) below it; a step label
reaches about 10 units above its baseline. At 20 the two stay apart in the corner where the
first step meets the lowest value (at 14, the place chart's "1" touched its "3")."""
STEPS = (1, 2, 5)
MAX_TICKS = 6
MAX_STEP_LABELS = 10


@dataclass(frozen=True)
class Line:
    """One player's (or the team's) line: its label, values and the points they land on."""

    label: str
    values: tuple[int | None, ...]
    """None where the line has no value yet (no best result before the first one that counts)."""
    points: tuple[tuple[float, float], ...]

    @property
    def path(self) -> str:
        """The ``points`` attribute of the polyline."""
        return " ".join(f"{x:g},{y:g}" for x, y in self.points)


@dataclass(frozen=True)
class Chart:
    """Everything the template draws."""

    running: Running
    lines: tuple[Line, ...]
    x_ticks: tuple[tuple[float, str], ...]
    y_ticks: tuple[tuple[float, str], ...]
    limit_y: float | None
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = WIDTH - RIGHT
    top: int = TOP
    bottom: int = HEIGHT - BOTTOM

    @property
    def step_label_y(self) -> int:
        """The baseline of the step labels under the plot, clear of the value labels."""
        return self.bottom + STEP_LABEL_DROP

    @property
    def steps(self) -> int:
        """How many steps (rounds or turns) the chart covers."""
        return max(len(line.values) for line in self.lines) - 1


def tick_step(span: int) -> int:
    """A round step (1, 2, 5, 10, 20, 50…) giving at most MAX_TICKS value ticks over ``span``."""
    scale = 1
    while True:
        for base in STEPS:
            step = base * scale
            if span / step <= MAX_TICKS - 1:
                return step
        scale *= 10


def value_range(running: Running) -> tuple[int, int]:
    """The lowest and highest value shown: from 0 (or below) up to a round tick past the top."""
    values = [v for _, line in running.lines for v in line if v is not None]
    if running.limit is not None:
        values.append(running.limit)
    low, high = min(0, *values), max(1, *values)
    step = tick_step(high - low)
    return low - (-low % step) if low < 0 else low, high + (-high % step)


def draw(running: Running) -> Chart:
    """Place every value of ``running`` in the plot area (y grows downwards in SVG)."""
    steps = max(1, max(len(values) for _, values in running.lines) - 1)
    places = running.places
    low, high = (1, max(2, places)) if places is not None else value_range(running)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x_at(step: int) -> float:
        return round(LEFT + plot_w * step / steps, 1)

    def y_at(value: int) -> float:
        above = value - low if places is not None else high - value  # 1st place on top
        return round(TOP + plot_h * above / (high - low), 1)

    lines = tuple(
        Line(
            label,
            values,
            tuple((x_at(i), y_at(v)) for i, v in enumerate(values) if v is not None),
        )
        for label, values in running.lines
    )
    every = -(-steps // MAX_STEP_LABELS)
    x_ticks = tuple((x_at(i), str(i)) for i in range(0, steps + 1, every))
    step = tick_step(high - low)
    y_ticks = tuple((y_at(v), str(v)) for v in range(low, high + 1, step))
    limit_y = y_at(running.limit) if running.limit is not None else None
    return Chart(running, lines, x_ticks, y_ticks, limit_y)
