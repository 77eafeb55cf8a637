"""A simulated phone's evening at the table, for the capacity curve (:mod:`.capacity`).

A phone polls every 2 s, or listens to the doorbell as the page does (a stream; a fetch at once
when a newer version is rung, and no timed poll while the stream keeps beating; a phone refused
a stream, or whose stream once fell silent for two beats, polls every 2 s); one phone per table
enters a round every 20-40 s. It arrives when its step
says, keeps its own beat from then on, and plays until the curve cancels it. Every request
counts in the :class:`Step` it was sent in.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .load import percentile
from .rawhttp import RawStream
from .served import HttpPhone

POLL_SECONDS = 2.0
ARRIVAL_SECONDS = 10.0
"""A step's new phones arrive (open their stream, fetch what they missed) over its first 10 s:
1,000 phones at 100 a second, far more at once than tables sit down at an evening."""
HOPELESS_P99_S = 2.0
"""A step this slow (or with more than 1 % of errors) ends the curve: the server is saturated
and a bigger step would only measure the overload."""


@dataclass
class Step:
    """What one step of the curve measured."""

    phones: int
    mode: str
    setting: str
    requests: int = 0
    rounds: int = 0
    errors: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    settled: list[float] = field(default_factory=list)
    """The latencies of requests sent from :data:`ARRIVAL_SECONDS` into the step on, when every
    phone of the step has opened its stream and caught up (shown beside the whole step's)."""
    started: float = field(default_factory=time.monotonic)
    rings: list[float] = field(default_factory=list)
    late: list[float] = field(default_factory=list)
    """How late the load generator's own loop woke (:meth:`Curve.watch`): its share of every
    latency, since it runs on the same cores as the server."""
    streams: int = 0
    refused: int = 0
    load_before: float = 0.0
    load_after: float = 0.0

    def took(self, start: float) -> None:
        """One request, sent at ``start`` (``perf_counter``), answered now."""
        now = time.perf_counter()
        self.latencies.append(now - start)
        if time.monotonic() - (now - start) - self.started >= ARRIVAL_SECONDS:
            self.settled.append(now - start)

    def hopeless(self) -> bool:
        """Whether the server was so far over budget that a bigger step says nothing new."""
        slow = percentile(self.latencies, 0.99) > HOPELESS_P99_S if self.latencies else True
        return slow or len(self.errors) > 0.01 * max(1, self.requests)

    def line(self) -> str:
        """One printed line of the curve."""
        p50 = percentile(self.latencies, 0.5) * 1000
        p99 = percentile(self.latencies, 0.99) * 1000
        settled = percentile(self.settled, 0.99) * 1000
        rung = f", ring p99 {percentile(self.rings, 0.99) * 1000:.0f} ms" if self.rings else ""
        late = percentile(self.late, 0.99) * 1000 if self.late else float("nan")
        streams = (
            f", {self.streams} streams ({self.refused} refused)" if self.mode == "doorbell" else ""
        )
        return (
            f"{self.phones:>5} phones {self.mode:<8} {self.setting}: {len(self.errors)} errors, "
            f"p50 {p50:.1f} ms, p99 {p99:.1f} ms ({settled:.1f} ms once arrived) over "
            f"{self.requests} requests "
            f"({self.rounds} rounds){streams}{rung}; generator late p99 {late:.1f} ms; "
            f"load {self.load_before:.2f} -> {self.load_after:.2f}"
        )


class Phone:
    """A seated phone: its cookie for bare connections, the version it has seen."""

    def __init__(self, seated: HttpPhone) -> None:
        self.seated = seated
        self.raw = seated.raw()
        self.turn = asyncio.Lock()
        """A ring and a poll may fall together; they take turns on the connection."""

    async def fetch(self, step: Step) -> None:
        """The live fragment, as a poll or a ring asks for it."""
        async with self.turn:
            start = time.perf_counter()
            # as app.js asks while the entry form is untouched: the panel comes along
            path = f"/m/{self.seated.match_id}/live?v={self.seated.version}&entry="
            status, body = await self.raw.get(path)
            step.took(start)
        step.requests += 1
        if status == 200:
            self.seated.seen(body.decode())
        elif status != 204:
            step.errors.append(f"poll {status}")

    async def write(self, step: Step, written: dict[int, float]) -> None:
        """One round entered from the form on screen (the last poll or answer brought it; fetched
        first only when the phone has none at its version); the moment of the tap is kept in
        ``written`` for the other phones' ring delay."""
        form = self.seated.shown_form()
        if form is None:
            form = await self.seated.heads_form()
            step.requests += 1
        start = written[self.seated.match_id] = time.perf_counter()
        answer = await self.seated.enter_round(form, [random.randint(0, 5) for _ in range(5)])
        step.took(start)
        step.requests += 1
        step.rounds += 1
        if answer.status_code != 200 or 'id="entry"' not in answer.text:
            step.errors.append(f"write {answer.status_code}")

    def stream(self) -> RawStream:
        url = self.seated.client.base_url
        cookie = "; ".join(f"{k}={v}" for k, v in self.seated.client.cookies.items())
        path = f"/m/{self.seated.match_id}/events"
        return RawStream(str(url.host), int(url.port or 80), cookie, path)


async def guarded(step: Step, action: Callable[[], object]) -> None:
    """Run one request; a transport failure is an error of the step, not of the bench."""
    try:
        await action()  # type: ignore[misc]
    except (OSError, asyncio.IncompleteReadError, ValueError) as failure:
        step.errors.append(f"{type(failure).__name__}: {str(failure)[:60]}")
    except Exception as failure:  # noqa: BLE001 - httpx errors and the like count as errors
        step.errors.append(f"{type(failure).__name__}: {str(failure)[:60]}")


class Curve:
    """The step being measured now: every request counts in the step it was sent in, and a
    phone's loop runs across steps until the curve cancels it at the end."""

    def __init__(self, mode: str, setting: str) -> None:
        self.step = Step(0, mode, setting)

    async def watch(self, every: float = 0.05) -> None:
        """Record how late the generator's loop wakes from a short sleep (until cancelled)."""
        while True:
            start = time.perf_counter()
            await asyncio.sleep(every)
            self.step.late.append(max(0.0, time.perf_counter() - start - every))


async def play(
    phone: Phone, writer: bool, curve: Curve, arrival: float, written: dict[int, float]
) -> None:
    """One phone from its arrival until the curve cancels it: polling, or listening (its timed
    poll skipped while the stream is heard, as ``static/js/doorbell.js`` does)."""
    await asyncio.sleep(arrival)
    bell: RawStream | None = None
    rung: asyncio.Task[None] | None = None
    try:
        if curve.step.mode == "doorbell":
            bell = await opened(phone, curve.step)
        rung = asyncio.create_task(listen(phone, bell, curve, written)) if bell else None
        every = POLL_SECONDS
        fell = False
        next_write = time.monotonic() + random.uniform(5, 25) if writer else float("inf")
        next_poll = time.monotonic() + random.uniform(0, every)
        while True:
            now = time.monotonic()
            if now >= next_write:
                step = curve.step
                await guarded(step, lambda: phone.write(step, written))  # noqa: B023
                next_write = time.monotonic() + random.uniform(20, 40)
            if now >= next_poll:
                fell = fell or (bell is not None and bell.heard > 0 and not bell.heard_lately())
                if bell is None or fell or not bell.heard_lately():
                    step = curve.step
                    await guarded(step, lambda: phone.fetch(step))  # noqa: B023
                next_poll = keep_phase(next_poll, every, time.monotonic())
            await asyncio.sleep(max(0.0, min(next_poll, next_write) - time.monotonic()))
    finally:
        if rung is not None:
            rung.cancel()
        if bell is not None:
            await bell.close()


def keep_phase(due: float, every: float, now: float) -> float:
    """The next poll after ``due`` that is still ahead of ``now``, on the phone's own beat.

    A page's timer keeps its phase; a phone that reset its beat to the moment it woke would,
    after a pause of the load generator (seating a step's tables, its garbage collector), poll
    in step with every other phone that woke with it, and the curve would measure that herd
    instead of the server."""
    missed = max(0, int((now - due) // every))
    return due + every * (missed + 1)


async def opened(phone: Phone, step: Step) -> RawStream | None:
    """The phone's doorbell stream, or None when refused (the phone then polls)."""
    bell = phone.stream()
    try:
        if await bell.open() == 200:
            step.streams += 1
            return bell
        step.refused += 1
        await bell.close()
    except OSError as failure:
        step.errors.append(f"stream {type(failure).__name__}")
    return None


async def listen(phone: Phone, bell: RawStream, curve: Curve, written: dict[int, float]) -> None:
    """Fetch at once when the stream rings a newer version. The ring's delay is recorded from
    the second event on: the first names the version the stream opened at, which may be a
    round entered before this phone arrived (a catch-up, not a ring)."""
    opening = True
    while True:
        try:
            version = await bell.next_version()
        except (OSError, asyncio.IncompleteReadError, ValueError):
            version = None
        if version is None:
            return
        if version > phone.seated.version:
            step = curve.step
            when = written.get(phone.seated.match_id)
            if when is not None and not opening:
                step.rings.append(time.perf_counter() - when)
            await guarded(step, lambda: phone.fetch(step))  # noqa: B023
        opening = False
