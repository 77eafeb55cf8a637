"""``make bench``: every budget of DESIGN.md measured in one run, printed next to its budget.

In-process (Flask's test client): the server-time ratios and the page weights. Served (gunicorn
on loopback): the same requests over HTTP, 500 phones polling on SQLite (one worker, as
``make run``) and on PostgreSQL (four workers), and how long a change takes to reach another
phone. Exits 1 when a budget is missed. ``BENCH_SECONDS`` sets the length of each load (40 s),
``BENCH_PHONES`` the number of phones (500), ``BENCH_PG`` the PostgreSQL server URL.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx

from .inprocess import page_weight, server_times
from .load import Load, change_by_doorbell, change_by_polling, percentile, phones_load
from .served import Gunicorn, HttpPhone, fresh_schema

PG_SERVER = os.environ.get("BENCH_PG", "postgresql://postgres@127.0.0.1:5432")
PG_DATABASE = "bench"
SECONDS = float(os.environ.get("BENCH_SECONDS", "40"))
PHONES = int(os.environ.get("BENCH_PHONES", "500"))
POLL = 2.0
ROWS: list[tuple[str, str, float | None, str]] = []
"""(name, shown value, budget or None, shown budget) in the order they were measured."""
MISSED: list[str] = []


def row(name: str, value: float, budget: float | None, unit: str, fmt: str = ".2f") -> None:
    """Record one line of the table; a value over its budget is a miss."""
    shown = f"{value:{fmt}} {unit}".strip()
    limit = "—" if budget is None else f"≤ {budget:g} {unit}".strip()
    if budget is not None and not value <= budget:
        MISSED.append(name)
        limit += "  MISSED"
    ROWS.append((name, shown, budget, limit))
    print(f"  {name:<52} {shown:>14}   {limit}", flush=True)


def note(text: str) -> None:
    """A line of the table without a figure (a skipped part, the setting of a load)."""
    ROWS.append((text, "", None, ""))
    print(f"  {text}", flush=True)


async def median_ms(call: Callable[[], Awaitable[Any]], times: int) -> float:
    """The median wall time of ``times`` calls, in ms (one connection, one request at a time)."""
    spent = []
    for _ in range(times):
        start = time.perf_counter()
        await call()
        spent.append(time.perf_counter() - start)
    return statistics.median(spent) * 1000


async def served_requests(base: str) -> None:
    """The four requests of the server-time budget, over HTTP, one at a time."""
    phone = HttpPhone(base)
    await phone.host()
    for n in range(8):
        await phone.enter_round(await phone.heads_form(), [n % 5, 1, 2, 3, 0])
    sheet = f"/m/{phone.match_id}"
    bare = await median_ms(lambda: phone.client.get("/bench/bare"), 300)
    poll = await median_ms(phone.poll, 300)
    page = await median_ms(lambda: phone.client.get(sheet), 60)
    forms = [await phone.heads_form() for _ in range(1)]
    spent = []
    for _ in range(20):
        form = forms.pop() if forms else await phone.heads_form()
        start = time.perf_counter()
        answer = await phone.enter_round(form, [1, 0, 2, 0, 1])
        spent.append(time.perf_counter() - start)
        assert answer.status_code == 200, answer.status_code
    await phone.close()
    row("served: bare Flask endpoint", bare, None, "ms")
    row("served: unchanged poll", poll, None, "ms")
    row("served: full sheet page", page, None, "ms")
    row("served: round submission (one tap)", statistics.median(spent) * 1000, None, "ms")


def report_load(label: str, load: Load) -> None:
    """Errors and latency of a load run."""
    latencies = load.all()
    note(f"{label}: {len(latencies)} requests ({len(load.writes)} rounds entered)")
    row(f"{label}: errors", float(len(load.errors)), 0, "", ".0f")
    for error in sorted(set(load.errors))[:5]:
        note(f"    {error}")
    row(f"{label}: p50 latency", percentile(latencies, 0.5) * 1000, None, "ms")
    row(f"{label}: p99 latency", percentile(latencies, 0.99) * 1000, 100, "ms")


async def served_run(label: str, url: str, workers: int, changes: bool) -> None:
    """Start gunicorn on a fresh database and measure everything served."""
    fresh_schema(url)
    with Gunicorn(url, workers=workers) as server:
        if changes:
            await served_requests(server.base)
        load = await phones_load(server.base, PHONES, SECONDS)
        report_load(f"{PHONES} phones, {label}, {server.describe()}", load)
        if changes:
            delays = await change_by_polling(server.base, 6)
            row("change seen by another phone, polling (max)", max(delays), POLL + 0.1, "s")
            try:
                rung = await change_by_doorbell(server.base, 6)
            except (httpx.HTTPError, TimeoutError) as failure:
                rung = None
                note(f"doorbell stream failed: {type(failure).__name__} {failure}")
            if rung is None:
                note("change seen by another phone, SSE: no /m/<id>/events stream; polling only")
            else:
                row("change seen by another phone, SSE (max)", max(rung), POLL + 0.1, "s")
        logged = [line for line in server.errors().splitlines() if "Traceback" in line]
        if logged:
            row(f"{label}: server tracebacks logged", float(len(logged)), 0, "", ".0f")


def pg_url() -> str | None:
    """The bench's own PostgreSQL database (created when missing), or None when unreachable."""
    import psycopg

    try:
        with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True, connect_timeout=3) as conn:
            found = conn.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", (PG_DATABASE,)
            ).fetchone()
            if found is None:
                conn.execute(f'CREATE DATABASE "{PG_DATABASE}"')
            version = conn.execute("SHOW server_version").fetchone()
    except psycopg.OperationalError as failure:
        note(f"PostgreSQL skipped: {PG_SERVER} is unreachable ({str(failure).strip()[:80]})")
        return None
    note(f"PostgreSQL {version[0] if version else '?'} at {PG_SERVER}/{PG_DATABASE}")
    return f"{PG_SERVER}/{PG_DATABASE}"


def main() -> int:
    print(f"Companion bench: {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}", flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
        base = Path(tmp)
        (base / "a").mkdir()
        (base / "b").mkdir()
        print("In the same process (CPU time, fastest of 15 interleaved runs):", flush=True)
        times = server_times(base / "a")
        row("bare Flask endpoint", times["bare_ms"], None, "ms", ".3f")
        row("unchanged poll / bare endpoint", times["poll_x"], 1.3, "×")
        row("sheet rendered for a new version / bare endpoint", times["render_x"], 4.0, "×")
        row("sheet again at a seen version / bare endpoint", times["sheet_x"], None, "×")
        weight = page_weight(base / "b")
        row("cold sheet load, compressed", weight["cold_kb"], 22.0, "KB")
        row("cold sheet load, requests", float(weight["cold_requests"]), 4, "", ".0f")
        row("one tap's answer, compressed", weight["tap_kb"], 1.5, "KB")
        print("Served by gunicorn on 127.0.0.1:", flush=True)
        sqlite = f"sqlite:///{base / 'bench.sqlite'}"
        asyncio.run(served_run("SQLite", sqlite, 1, changes=True))
        url = pg_url()
        if url is not None:
            asyncio.run(served_run("PostgreSQL", url, 4, changes=False))
    print(f"load at the end: {os.getloadavg()[0]:.2f}")
    if MISSED:
        print("MISSED: " + "; ".join(MISSED))
        return 1
    print("Every budget holds.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
