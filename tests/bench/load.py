"""500 simulated phones against the served app: tables of five, each phone polling every 2 s,
one phone per table entering a round now and then; and the time a change takes to reach
another phone (polling, and the doorbell stream when the app has one)."""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field

import httpx

from .served import HttpPhone

POLL_SECONDS = 2.0
TABLE = 5


@dataclass
class Load:
    """What the phones saw: latencies in seconds, and every failure."""

    polls: list[float] = field(default_factory=list)
    writes: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def all(self) -> list[float]:
        return self.polls + self.writes


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def seat_tables(base: str, phones: int) -> list[list[HttpPhone]]:
    """Tables of five phones: a host that starts the match, four that join by code."""
    tables = []
    gate = asyncio.Semaphore(20)

    async def one_table() -> list[HttpPhone]:
        """A table; seated again from the start (twice at most) when the busy server answered
        503 "try again" to one of its steps."""
        async with gate:
            for attempt in range(3):
                host = HttpPhone(base)
                guests = [HttpPhone(base) for _ in range(TABLE - 1)]
                try:
                    code = await host.host()
                    for guest in guests:
                        await guest.join(code, host.match_id)
                    return [host, *guests]
                except (AssertionError, httpx.HTTPError):
                    await asyncio.gather(*(phone.close() for phone in (host, *guests)))
                    if attempt == 2:
                        raise
                    await asyncio.sleep(1)
            raise AssertionError("unreachable")

    tables = await asyncio.gather(*(one_table() for _ in range(phones // TABLE)))
    return list(tables)


async def run_phone(phone: HttpPhone, writer: bool, until: float, load: Load) -> None:
    """Poll every 2 s from a random start; a writer also enters a round every 20-40 s."""
    raw = phone.raw()
    await asyncio.sleep(random.uniform(0, POLL_SECONDS))
    next_write = time.monotonic() + random.uniform(5, 25)
    while time.monotonic() < until:
        tick = time.monotonic()
        try:
            if writer and tick >= next_write:
                form = await phone.heads_form()
                start = time.perf_counter()
                answer = await phone.enter_round(form, [random.randint(0, 5) for _ in range(5)])
                load.writes.append(time.perf_counter() - start)
                if answer.status_code != 200 or 'id="entry"' not in answer.text:
                    load.errors.append(f"write {answer.status_code}")
                next_write = time.monotonic() + random.uniform(20, 40)
            start = time.perf_counter()
            status, body = await raw.get(f"/m/{phone.match_id}/live?v={phone.version}")
            load.polls.append(time.perf_counter() - start)
            if status == 200:
                phone.seen(body.decode())
            elif status != 204:
                load.errors.append(f"poll {status}")
        except (httpx.HTTPError, OSError, asyncio.IncompleteReadError) as failure:
            load.errors.append(f"{type(failure).__name__}: {failure}")
        await asyncio.sleep(max(0.0, POLL_SECONDS - (time.monotonic() - tick)))
    await raw.close()


async def phones_load(base: str, phones: int, seconds: float) -> Load:
    """Seat the phones, then let them play for ``seconds``."""
    tables = await seat_tables(base, phones)
    load = Load()
    until = time.monotonic() + seconds
    try:
        await asyncio.gather(
            *(
                run_phone(phone, index == 0, until, load)
                for table in tables
                for index, phone in enumerate(table)
            )
        )
    finally:
        await asyncio.gather(*(phone.close() for table in tables for phone in table))
    return load


async def change_by_polling(base: str, samples: int) -> list[float]:
    """From the tap that sends a round on one phone to the answer of another phone's poll that
    shows it; the other phone polls every 2 s on its own clock, as htmx does."""
    host = HttpPhone(base)
    code = await host.host()
    other = HttpPhone(base)
    await other.join(code, host.match_id)
    seen_at: dict[int, float] = {}

    async def keep_polling() -> None:
        while True:
            tick = time.monotonic()
            await other.poll()
            seen_at.setdefault(other.version, time.perf_counter())
            await asyncio.sleep(max(0.0, POLL_SECONDS - (time.monotonic() - tick)))

    poller = asyncio.create_task(keep_polling())
    delays = []
    try:
        for _ in range(samples):
            form = await host.heads_form()
            await asyncio.sleep(random.uniform(0, POLL_SECONDS))
            wrote_at = time.perf_counter()
            written = await host.enter_round(form, [1, 0, 0, 0, 0])
            assert written.status_code == 200
            while host.version not in seen_at:
                await asyncio.sleep(0.01)
            delays.append(seen_at[host.version] - wrote_at)
    finally:
        poller.cancel()
        await host.close()
        await other.close()
    return delays


async def change_by_doorbell(base: str, samples: int) -> list[float] | None:
    """From the tap that sends a round to the ``event: version`` line on another phone's
    stream; None when the app has no doorbell stream."""
    host = HttpPhone(base)
    code = await host.host()
    other = HttpPhone(base)
    await other.join(code, host.match_id)
    delays: list[float] = []
    try:
        url = f"/m/{host.match_id}/events"
        async with other.client.stream("GET", url, timeout=30) as stream:
            if stream.status_code != 200:
                return None
            lines = stream.aiter_lines()
            for _ in range(samples):
                form = await host.heads_form()
                wrote_at = time.perf_counter()
                written = await host.enter_round(form, [1, 0, 0, 0, 0])
                assert written.status_code == 200
                name = ""
                while True:  # a beat's data is seconds, not a version: only versions count
                    line = await asyncio.wait_for(anext(lines), timeout=10)
                    if line.startswith("event:"):
                        name = line[6:].strip()
                    elif name == "version" and line.startswith("data:"):
                        if int(line[5:].strip()) >= host.version:
                            break
                delays.append(time.perf_counter() - wrote_at)
    finally:
        await host.close()
        await other.close()
    return delays
