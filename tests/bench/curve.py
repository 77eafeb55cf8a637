"""The capacity curve: more and more phones against the served app, each step on a fresh
database, until the budget's 2,000 phones (and a step past it) or until the server is so far
over its budget that a bigger step would only measure the overload.

The phones themselves are :func:`.load.phones_load`; :func:`capacity_step` is the one place that
calls it, so a richer load (doorbell streams, other games) only has to be plugged in there.
"""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Callable
from dataclasses import dataclass

from .load import Load, percentile, phones_load
from .served import Gunicorn, fresh_schema

BUDGET_PHONES = 2000
"""DESIGN.md: 2,000 phones, 0 errors, p99 <= 50 ms; steps beyond it are shown without a budget."""
P99_BUDGET_MS = 50.0
HOPELESS_P99_MS = 2000.0
"""A step this slow (or with more than 1 % of errors) ends the curve: the server is saturated."""


@dataclass
class Step:
    """One step of the curve, with the machine's load around it."""

    phones: int
    requests: int
    rounds: int
    errors: list[str]
    p50_ms: float
    p99_ms: float
    load_before: float
    load_after: float

    def hopeless(self) -> bool:
        """Whether the server was so far over budget that a bigger step says nothing new."""
        return self.p99_ms > HOPELESS_P99_MS or len(self.errors) > 0.01 * max(1, self.requests)


async def capacity_step(base: str, phones: int, seconds: float) -> Load:
    """The phones of one step: tables of five polling every 2 s, a round every 20-40 s."""
    return await phones_load(base, phones, seconds)


def run_step(url: str, workers: int, phones: int, seconds: float) -> Step:
    """Start gunicorn on a fresh database and let ``phones`` phones play for ``seconds``."""
    fresh_schema(url)
    before = os.getloadavg()[0]
    with Gunicorn(url, workers=workers) as server:
        try:
            load = asyncio.run(capacity_step(server.base, phones, seconds))
        except (AssertionError, OSError, TimeoutError) as failure:
            return stopped(phones, failure, before)
    latencies = load.all()
    return Step(
        phones=phones,
        requests=len(latencies),
        rounds=len(load.writes),
        errors=load.errors,
        p50_ms=percentile(latencies, 0.5) * 1000,
        p99_ms=percentile(latencies, 0.99) * 1000,
        load_before=before,
        load_after=os.getloadavg()[0],
    )


def stopped(phones: int, failure: BaseException, before: float) -> Step:
    """A step whose phones could not go on (an answer without the form a phone needs, a
    refused connection): a miss with every figure unknown, which ends the curve."""
    text = str(failure)
    title = re.search(r"<title>(.*?)</title>", text, re.S)
    said = title.group(1) if title else text
    error = f"the load stopped: {type(failure).__name__}: {' '.join(said.split())[:120]}"
    inf = float("inf")
    return Step(phones, 0, 0, [error], inf, inf, before, os.getloadavg()[0])


def curve(
    url: str, workers: int, steps: list[int], seconds: float, report: Callable[[Step], None]
) -> list[int]:
    """Run the steps in order, reporting each; returns the steps left out after a hopeless one."""
    for index, phones in enumerate(steps):
        step = run_step(url, workers, phones, seconds)
        report(step)
        if step.hopeless():
            return steps[index + 1 :]
    return []
