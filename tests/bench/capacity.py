"""The capacity curve: 500, 1,000, 2,000 and 3,000 simulated phones against the app served as
``make run`` serves it (SQLite) and as the Procfile serves it (PostgreSQL).

Tables of five, each phone playing as :mod:`.evening` has it: polling every 2 s, or listening
to the doorbell as the page does (a stream; a poll every 6 s as the safety net and one at once
when a newer version is rung; a phone refused a stream polls every 2 s). One phone per table
enters a round every 20-40 s.
Phones stay at their tables from one step to the next, as at a real evening: each step seats
only the phones it adds, which arrive (open their stream, fetch what they missed) spread over
the step's first :data:`ARRIVAL_SECONDS`, while the phones already there carry on. Each step
prints its errors, p50/p99 of every request and the machine's load (``os.getloadavg()``),
since the generator shares the cores; the p99 is also given from the arrival's end on.
Until 26 November 2026 every step opened all its phones' streams again within two seconds, a
burst of every phone at once that no evening makes and that most of a step's p99 came from.
``stream_memory`` measures what one open stream costs a worker.

Run alone: ``python -m tests.bench.capacity [sqlite|postgresql] [poll|doorbell]``.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Sequence

import httpx

from .evening import ARRIVAL_SECONDS, Curve, Phone, Step, play
from .load import seat_tables
from .rawhttp import RawStream
from .served import Gunicorn, fresh_schema, make_run_setting, procfile_setting

__all__ = ["ARRIVAL_SECONDS", "Step", "capacity", "curve_on", "stream_memory"]

STEPS = (500, 1000, 2000, 3000)
PG_SERVER = os.environ.get("BENCH_PG", "postgresql://postgres@127.0.0.1:5432")
PG_DATABASE = "bench_capacity"
"""A database of its own: the other served runs of the bench empty theirs."""


async def curve_on(
    base: str,
    setting: str,
    steps: Sequence[int],
    seconds: float,
    mode: str,
    report: Callable[[str], None],
) -> list[Step]:
    """Seat phones step by step on one server, each step's new phones arriving while the
    earlier ones play on, and measure each step for ``seconds``."""
    tables: list[list[Phone]] = []
    playing: list[asyncio.Task[None]] = []
    curve = Curve(mode, setting)
    written: dict[int, float] = {}
    measured = []
    watching = asyncio.create_task(curve.watch())
    for phones in steps:
        missing = max(0, phones // 5 - len(tables))
        step = Step(phones, mode, setting, load_before=os.getloadavg()[0])
        try:
            seated = await seat_tables(base, missing * 5)
        except (AssertionError, OSError, TimeoutError, httpx.HTTPError) as failure:
            # The server could not even seat the step's new tables (a refusal, or no answer in
            # the client's time: httpx's own timeouts are no TimeoutError): a miss, and the end.
            step.errors.append(f"seating failed: {type(failure).__name__}: {str(failure)[:80]}")
            step.load_after = os.getloadavg()[0]
            measured.append(step)
            report(step.line())
            break
        arriving = [[Phone(p) for p in table] for table in seated]
        tables.extend(arriving)
        gc.collect()
        gc.freeze()  # the phones' clients, kept for the whole curve: no pause walks them again
        step.streams, step.refused = curve.step.streams, curve.step.refused
        step.started = time.monotonic()
        curve.step = step
        playing.extend(
            asyncio.create_task(play(p, i == 0, curve, random.uniform(0, ARRIVAL_SECONDS), written))
            for table in arriving
            for i, p in enumerate(table)
        )
        await asyncio.sleep(seconds)
        step.load_after = os.getloadavg()[0]
        measured.append(step)
        report(step.line())
        for error in sorted(set(step.errors))[:3]:
            report(f"      {error}")
        if step.hopeless():
            break
        curve.step = Step(0, mode, setting, streams=step.streams, refused=step.refused)
    for task in (watching, *playing):
        task.cancel()
    await asyncio.gather(watching, *playing, return_exceptions=True)
    for table in tables:
        for phone in table:
            # A phone cancelled in the middle of closing its connection left that close's
            # waiter cancelled: closing again may only raise what is already over.
            with contextlib.suppress(asyncio.CancelledError, ConnectionError):
                await phone.raw.close()
            await phone.seated.close()
    return measured


def capacity(
    database: str = "sqlite",
    steps: Sequence[int] = STEPS,
    seconds: float = 30.0,
    mode: str = "doorbell",
    report: Callable[[str], None] = print,
) -> list[Step]:
    """The curve on ``database`` ("sqlite": a fresh file, served as ``make run`` does;
    "postgresql": the bench database at ``BENCH_PG``, served as the Procfile does)."""
    workers, connections = make_run_setting() if database == "sqlite" else procfile_setting()
    with tempfile.TemporaryDirectory(prefix="capacity-") as tmp:
        url = f"sqlite:///{tmp}/capacity.sqlite" if database == "sqlite" else pg_database()
        fresh_schema(url)
        with Gunicorn(url, workers=workers, connections=connections) as server:
            setting = f"{database} {server.describe()} x{connections}"
            return asyncio.run(curve_on(server.base, setting, steps, seconds, mode, report))


def pg_database() -> str:
    """The curve's PostgreSQL database, created when missing."""
    import psycopg

    with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True, connect_timeout=5) as conn:
        found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (PG_DATABASE,))
        if found.fetchone() is None:
            conn.execute(f'CREATE DATABASE "{PG_DATABASE}"')
    return f"{PG_SERVER}/{PG_DATABASE}"


async def open_streams(base: str, count: int) -> list[RawStream]:
    """``count`` streams of one phone's match, each past its first version."""
    (table,) = await seat_tables(base, 5)
    phone = Phone(table[0])
    streams = []
    for _ in range(count):
        bell = phone.stream()
        assert await bell.open() == 200, "a stream was refused"
        assert await bell.next_version() is not None
        streams.append(bell)
    for seated in table:
        await seated.close()
    return streams


def stream_memory(streams: int = 500) -> float:
    """KB of one worker's resident memory per open stream (RSS with ``streams`` open, less
    RSS with 20 open), on SQLite in one gevent worker."""

    async def measure(server: Gunicorn) -> float:
        warm = await open_streams(server.base, 20)
        await asyncio.sleep(1)
        before = server.rss_kb()
        more = await open_streams(server.base, streams)
        await asyncio.sleep(1)
        after = server.rss_kb()
        for bell in warm + more:
            await bell.close()
        return (after - before) / streams

    with tempfile.TemporaryDirectory(prefix="capacity-") as tmp:
        url = f"sqlite:///{tmp}/memory.sqlite"
        fresh_schema(url)
        with Gunicorn(url, workers=1, connections=streams + 600) as server:
            return asyncio.run(measure(server))


if __name__ == "__main__":
    kind = sys.argv[1] if len(sys.argv) > 1 else "sqlite"
    how = sys.argv[2] if len(sys.argv) > 2 else "doorbell"
    chosen = tuple(int(n) for n in os.environ.get("BENCH_STEPS", "").split(",") if n) or STEPS
    print(f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}", flush=True)
    if kind == "memory":
        print(f"one open stream: {stream_memory():.1f} KB of the worker's memory", flush=True)
    else:
        report = lambda text: print(text, flush=True)  # noqa: E731
        capacity(kind, chosen, float(os.environ.get("BENCH_SECONDS", "30")), how, report)
