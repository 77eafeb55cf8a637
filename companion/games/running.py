"""How a match went, step by step: what a game gives the chart drawn after the end."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Running:
    """How a match went, step by step, for the chart after the end.

    ``lines`` holds one ``(label, values)`` per line: the value at the start, then after each
    step (a round, or a turn). ``limit`` draws the match's end threshold, when there is one.
    """

    measure: str
    step: str
    lines: tuple[tuple[str, tuple[int | None, ...]], ...]
    limit: int | None = None
    places: int | None = None
    """Set when the values are places: the axis runs from 1st (top) down to this place."""


def cumulative(values: list[int]) -> tuple[int, ...]:
    """0, then the running sum of ``values`` (heads or points per round)."""
    out, total = [0], 0
    for value in values:
        total += value
        out.append(total)
    return tuple(out)
