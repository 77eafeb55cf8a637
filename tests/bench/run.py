"""``make bench``: every budget of DESIGN.md measured in one run, printed next to its budget.

In one process (:mod:`.inprocess`, :mod:`.weight`): server time as multiples of a bare Flask
endpoint, growth with the log, the history pages (:mod:`.history`, when present), page weight
per game. Served by gunicorn on loopback (:mod:`.capacity`): the capacity curve on SQLite as
``make run`` starts it and on PostgreSQL with the Procfile's workers (phones on the doorbell, as
the page is; ``BENCH_MODES=doorbell,poll`` adds phones that only poll), and how long a change
takes to reach another phone. Every line: name, figure, budget, pass or FAIL. Exits 1 when a
budget is missed.

``BENCH_QUICK=1`` runs a short version (fewer samples, 10 and 200 entries, 500 phones on SQLite
for 10 s, no history or PostgreSQL). ``BENCH_SECONDS`` sets each load step's length (30 s),
``BENCH_STEPS`` the phones per step ("500,1000,2000,3000"), ``BENCH_PG`` the PostgreSQL server
("" leaves it out) and ``BENCH_PG_DATABASE`` the bench's database on it ("bench"; the
capacity curve uses its own, ``bench_capacity``).
"""

from __future__ import annotations

import asyncio
import importlib
import os
import sys
import tempfile
import time
from pathlib import Path

import httpx

from . import capacity as curve
from .inprocess import Figures, server_times
from .load import change_by_doorbell, change_by_polling, percentile
from .served import Gunicorn, fresh_schema
from .template_floor import template_ratio
from .weight import weights

QUICK = os.environ.get("BENCH_QUICK", "") not in ("", "0")
SECONDS = float(os.environ.get("BENCH_SECONDS", "10" if QUICK else "30"))
STEPS = [
    int(n)
    for n in os.environ.get("BENCH_STEPS", "500" if QUICK else "500,1000,2000,3000").split(",")
]
PG_SERVER = os.environ.get("BENCH_PG", "postgresql://postgres@127.0.0.1:5432")
PG_DATABASE = os.environ.get("BENCH_PG_DATABASE", "bench")
GROWTH = 1.25
"""Tolerance of "the same cost": the figure at the larger size within 1.25x of the smallest."""
POLL = 2.0
MODES = os.environ.get("BENCH_MODES", "doorbell").split(",")
BUDGET_PHONES = 2000
"""DESIGN.md: 2,000 phones, 0 errors, p99 <= 50 ms; steps beyond it are shown without a budget."""
P99_BUDGET_MS = 50.0
STARTED = time.monotonic()
MISSED: list[str] = []


def row(name: str, value: float, budget: float | None, unit: str = "", fmt: str = ".2f") -> None:
    """One line: name, figure, budget and pass/FAIL (a figure over its budget is a miss)."""
    shown = f"{value:{fmt}} {unit}".strip()
    if budget is None:
        print(f"  {name:<58} {shown:>12}   {'':<14} —", flush=True)
        return
    ok = value <= budget
    if not ok:
        MISSED.append(name)
    limit = f"≤ {budget:g} {unit}".strip()
    print(f"  {name:<58} {shown:>12}   {limit:<14} {'pass' if ok else 'FAIL'}", flush=True)


def note(text: str) -> None:
    """A line without a figure (what was measured where, a step left out)."""
    print(f"  {text}", flush=True)


def section(title: str) -> None:
    """A part's heading, with the machine's load and the minutes the run has taken so far."""
    one, five, _ = os.getloadavg()
    spent = (time.monotonic() - STARTED) / 60
    print(f"{title} (load {one:.2f} / {five:.2f}, at {spent:.1f} min):", flush=True)


def server_time_rows(found: list[Figures]) -> None:
    """The budgets at the smallest log, then growth at the larger ones."""
    small = found[0]
    note(f"bare Flask endpoint: {small.bare_ms:.3f} ms CPU; medians of {small.samples}+ samples")
    for figures in found:
        n, (low, high) = figures.entries, figures.log_range
        note(f"at {n} entries (measured between {low} and {high}):")
        r = figures.ratios
        row(f"unchanged poll / bare, {n} entries", r["unchanged"], 1.3, "×")
        row(f"changed poll, first phone / bare, {n} entries", r["changed_first"], 4.0, "×")
        row(f"changed poll, each other phone / bare, {n} entries", r["changed_other"], 2.0, "×")
        row(f"sheet rendered for a new version / bare, {n} entries", r["sheet"], 4.0, "×")
        row(f"round submission / bare, {n} entries", r["round"], 5.0, "×")
        row(f"one tap's answer, {n} entries", figures.tap_kb, 1.5, "KB")
    for figures in found[1:]:
        n = figures.entries
        for kind, label in (("sheet", "sheet"), ("round", "round")):
            growth = figures.ratios[kind] / small.ratios[kind]
            row(f"{label} at {n} / at {small.entries} entries", growth, GROWTH, "×")


def history_rows() -> None:
    """The history pages at 10 / 1,000 / 5,000 finished matches (:mod:`.history`)."""
    name = f"{__package__}.history"
    try:
        figures = dict(importlib.import_module(name).history_figures())
    except ModuleNotFoundError as missing:
        if missing.name != name:
            return failed(missing)
        note("history at 10 / 1,000 / 5,000 matches: not measured (no tests/bench/history.py)")
        return
    except Exception as failure:  # noqa: BLE001 - a broken part is reported, the rest still runs
        return failed(failure)
    for page in ("history", "player"):
        sizes = sorted(int(k.rsplit("_", 1)[1]) for k in figures if k.startswith(f"{page}_x_"))
        if not sizes:
            continue
        smallest = figures[f"{page}_x_{sizes[0]}"]
        for size in sizes:
            row(f"{page} page at {size:,} matches / bare", figures[f"{page}_x_{size}"], None, "×")
        for size in sizes[1:]:
            growth = figures[f"{page}_x_{size}"] / smallest
            row(f"{page} page at {size:,} / at {sizes[0]:,} matches", growth, GROWTH, "×")


def failed(failure: BaseException) -> None:
    """The history module is there but could not measure: a miss, and the run goes on."""
    note(f"history: FAILED to measure ({type(failure).__name__}: {failure})")
    MISSED.append("history (could not be measured)")


def weight_rows(tmp: Path) -> None:
    """First and return visit of every game."""
    for weight in weights(tmp):
        row(f"first visit, {weight.game}", weight.first_kb, 22.0, "KB")
        row(f"first visit, {weight.game}, requests", float(weight.first_requests), 4, "", ".0f")
        parts = " + ".join(f"{name} {kb:.2f}" for name, kb in weight.parts.items())
        note(f"  (first visit: {parts} KB)")
        others = weight.first_kb - weight.parts.get("scripts", 0.0)
        row(f"first visit, {weight.game}, without the page's scripts", others, None, "KB")
        row(f"return visit, {weight.game}", weight.return_kb, 6.0, "KB")
        note(f"  (return visit: {weight.return_requests} request(s))")


def step_rows(step: curve.Step) -> None:
    """One step of the capacity curve, with the machine's load before and after it."""
    budget = step.phones <= BUDGET_PHONES
    name = f"{step.phones} phones, {step.mode}, {step.setting}"
    streams = (
        f", {step.streams} streams ({step.refused} refused)" if step.mode == "doorbell" else ""
    )
    note(
        f"{name}: {step.requests} requests, {step.rounds} rounds{streams} "
        f"(load {step.load_before:.2f} before, {step.load_after:.2f} after)"
    )
    row(f"{name}: errors", float(len(step.errors)), 0 if budget else None, "", ".0f")
    for error in sorted(set(step.errors))[:3]:
        note(f"    {error}")
    p50, p99 = (percentile(step.latencies, share) * 1000 for share in (0.5, 0.99))
    if not step.latencies:
        p50 = p99 = float("inf")
    row(f"{name}: p50", p50, None, "ms", ".1f")
    row(f"{name}: p99", p99, P99_BUDGET_MS if budget else None, "ms", ".1f")
    if step.settled:  # the same step once its phones' arrival is over: no budget of its own
        settled = percentile(step.settled, 0.99) * 1000
        row(f"{name}: p99 from {curve.ARRIVAL_SECONDS:g} s in", settled, None, "ms", ".1f")
    if step.rings:
        row(f"{name}: ring p99", percentile(step.rings, 0.99), None, "s", ".2f")
    if step.late:  # the generator shares the cores: its own lateness is in every latency
        late = percentile(step.late, 0.99) * 1000
        row(f"{name}: load generator late, p99", late, None, "ms", ".1f")


def capacity(database: str, mode: str) -> None:
    """The curve on one database; the steps left out after a saturated one are named."""
    measured = curve.capacity(database, STEPS, SECONDS, mode, report=lambda _line: None)
    for step in measured:
        step_rows(step)
    for phones in STEPS[len(measured) :]:
        note(f"{phones} phones, {mode}, {database}: not run (the step before was saturated)")
        if phones <= BUDGET_PHONES:
            MISSED.append(f"{phones} phones, {mode}, {database}")


async def change_rows(base: str) -> None:
    """How soon another phone shows a change: by polling, and by the doorbell stream."""
    delays = await change_by_polling(base, 3 if QUICK else 6)
    row("change seen by another phone, polling (max)", max(delays), POLL + 0.1, "s")
    try:
        rung = await change_by_doorbell(base, 3 if QUICK else 6)
    except (httpx.HTTPError, TimeoutError) as failure:
        rung = None
        note(f"doorbell stream failed: {type(failure).__name__} {failure}")
    if rung is None:
        row("change seen by another phone, doorbell: no stream", 1.0, 0, "", ".0f")
    else:
        row("change seen by another phone, doorbell (max)", max(rung), 0.3, "s")


def pg_url() -> str | None:
    """The bench's own PostgreSQL database (created when missing), or None when unreachable."""
    import psycopg

    if not PG_SERVER:
        return None
    try:
        with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True, connect_timeout=3) as conn:
            found = conn.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", (PG_DATABASE,)
            ).fetchone()
            if found is None:
                conn.execute(f'CREATE DATABASE "{PG_DATABASE}"')
    except psycopg.OperationalError as failure:
        note(f"PostgreSQL skipped: {PG_SERVER} is unreachable ({str(failure).strip()[:80]})")
        return None
    return f"{PG_SERVER}/{PG_DATABASE}"


def main() -> int:
    """Measure everything, print every figure beside its budget; 1 when one is missed."""
    one, five, fifteen = os.getloadavg()
    print(f"Companion bench: {os.cpu_count()} CPUs, load {one:.2f} {five:.2f} {fifteen:.2f}")
    if QUICK:
        print("QUICK mode: fewer samples, shorter loads, no history or PostgreSQL", flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
        base = Path(tmp)
        section("Server time in one process (CPU time, a new version for every sample)")
        tables = {10: 3, 200: 2} if QUICK else {10: 6, 50: 6, 200: 4}
        server_time_rows(server_times(base / "times", tables, 1 if QUICK else 2))
        floor, size = template_ratio(base / "template")
        row("sheet's template alone, shared parts kept (a floor) / bare", floor, None, "×")
        note(f"  (the page: {size:,} characters, 10 entries)")
        section("History pages")
        if QUICK:
            note("history: not measured in quick mode")
        else:
            history_rows()
        section("Weight, compressed as sent (Accept-Encoding: br, gzip)")
        weight_rows(base / "weight")
        section("A change on another phone, served by gunicorn (SQLite, 1 worker)")
        sqlite = f"sqlite:///{base / 'served.sqlite'}"
        fresh_schema(sqlite)
        with Gunicorn(sqlite, workers=1) as server:
            asyncio.run(change_rows(server.base))
        section(f"Capacity, {SECONDS:g} s per step")
        reachable = not QUICK and pg_url() is not None
        for mode in MODES:
            capacity("sqlite", mode)
            if reachable:
                capacity("postgresql", mode)
    one, five, fifteen = os.getloadavg()
    spent = (time.monotonic() - STARTED) / 60
    print(f"load at the end: {one:.2f} {five:.2f} {fifteen:.2f}, after {spent:.1f} min")
    if MISSED:
        print(f"FAILED ({len(MISSED)}): " + "; ".join(MISSED))
        return 1
    print("Every budget holds.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
