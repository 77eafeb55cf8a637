"""The server-time budgets, measured in one process: every request's CPU time as a multiple of
a bare Flask endpoint's, on tables that play as real ones do (:mod:`.table`).

CPU time of this process, not wall time: the time other programs on the machine take from it
does not count. Each figure is the median of its samples (a collection by the garbage collector
or a cache miss of the processor lands in a few samples and moves the median little).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from flask import Flask

from .browser import ACCEPT, KB
from .table import Samples, measure

__all__ = ["ACCEPT", "Figures", "add_bare", "fastest", "figures", "server_times"]
"""ACCEPT stays importable from here for the bench modules that take it from this one."""


def fastest(calls: dict[str, tuple[Callable[[], object], int]], runs: int = 15) -> dict[str, float]:
    """The smallest mean CPU time per call of each ``name: (call, loops)``, over ``runs`` rounds.

    The calls take turns within each round, so a burst of load elsewhere on the machine hits them
    alike; the minimum leaves out the rest of the noise, which only ever adds time. Kept for
    figures of pages that do not change between calls (the history pages).
    """
    best = dict.fromkeys(calls, float("inf"))
    for _ in range(runs):
        for name, (call, loops) in calls.items():
            start = time.process_time()
            for _ in range(loops):
                call()
            best[name] = min(best[name], (time.process_time() - start) / loops)
    return best


def add_bare(app: Flask) -> None:
    """The yardstick: a view that does nothing (only in the bench's app)."""

    @app.get("/bench/bare")
    def bare() -> str:
        return "ok"


@dataclass
class Figures:
    """One log length's figures: ratios to the bare endpoint, bytes of a tap, entries range."""

    entries: int
    bare_ms: float
    ratios: dict[str, float]
    tap_kb: float
    log_range: tuple[int, int]
    samples: int


def figures(entries: int, samples: Samples) -> Figures:
    """Medians of the samples, each kind as a multiple of the bare endpoint's median."""
    bare = statistics.median(samples.cpu["bare"])
    ratios = {
        kind: statistics.median(values) / bare
        for kind, values in samples.cpu.items()
        if kind != "bare"
    }
    return Figures(
        entries=entries,
        bare_ms=bare * 1000,
        ratios=ratios,
        tap_kb=statistics.median(samples.tap_bytes) / KB,
        log_range=(min(samples.entries), max(samples.entries)),
        samples=len(samples.cpu["sheet"]),
    )


def server_times(base: Path, tables: dict[int, int], cycles: int = 2) -> list[Figures]:
    """The figures at each log length (``{entries: tables}``, the smallest first), each on its
    own fresh database under ``base``. Fewer tables at the longest log: building them is most
    of the bench's time in this process."""
    out = []
    for entries, count in sorted(tables.items()):
        tmp = base / f"log-{entries}"
        tmp.mkdir(parents=True, exist_ok=True)
        out.append(figures(entries, measure(tmp, entries, count, cycles, add_bare)))
    return out
