"""A request's wait for PostgreSQL: first briefly in the kernel, then cooperatively.

Under gevent, psycopg waits for each answer with gevent's ``poll``, which hands the worker to
every other request that is ready to run. A query to a database on the same machine comes back
in a fraction of a millisecond, but the request that asked it gets the worker back only when
the others have each run to their own next wait: a render is several milliseconds of Python.
A poll's answer makes about five round trips, so under load it waited for others five times,
and took twice what it took alone (measured in ``make bench``'s capacity curve on PostgreSQL:
12 ms of a 20 ms fetch was spent waiting, for five round trips of about 0.13 ms each).

So a request first waits for its answer with the operating system's own ``poll``, holding the
worker, for at most ``DB_BRIEF_WAIT_SECONDS`` (2 ms); only an answer slower than that (a big
query, a lock, a server under load) gives the worker to the others while it comes. The held
worker sleeps in ``poll`` and uses no CPU; holding it only means that a short request finishes
first, instead of every request of a burst finishing late. A request that has had the worker
for ``DB_HOLD_SECONDS`` (10 ms) since it last let the others run waits cooperatively, so that a
long one (a new match makes forty queries) does not keep a ring's fetches waiting behind it.
A lock held by another request of the same worker costs at most the brief wait, after which
that request can run on.

psycopg offers either a blocking or a cooperative wait, not one and then the other, so this
drives its generator the way its own ``wait_poll`` does, with two pollers.
"""

from __future__ import annotations

import select
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from psycopg import errors as pg_errors
from psycopg.waiting import READY_NONE, READY_R, READY_W, WAIT_R, WAIT_RW, WAIT_W

MASKS = {
    WAIT_R: select.POLLIN,
    WAIT_W: select.POLLOUT,
    WAIT_RW: select.POLLIN | select.POLLOUT,
}
WAIT_TIMEOUT = getattr(pg_errors, "_WaitTimeout", pg_errors.OperationalError)


@dataclass
class Hold:
    """How one request shares its worker while it waits for PostgreSQL: it holds the worker
    for at most ``brief`` seconds per wait, and only while it has had the worker for less
    than ``limit`` seconds since it last let the others run (``since``)."""

    brief: float
    limit: float
    since: float = field(default_factory=time.monotonic)

    def brief_until(self) -> float:
        """Until when the next wait may hold the worker (in the past: not at all)."""
        now = time.monotonic()
        return min(now + self.brief, self.since + self.limit)


def kernel_poll() -> Callable[[], Any] | None:
    """The operating system's ``poll`` when gevent has replaced it (else None: psycopg's own
    wait already blocks, and nothing else runs in the meantime)."""
    try:
        from gevent import monkey
    except ImportError:
        return None
    if not monkey.is_module_patched("select"):
        return None
    found: Callable[[], Any] = monkey.get_original("select", "poll")
    return found


KERNEL_POLL = kernel_poll()


def ready_of(events: list[tuple[int, int]]) -> int:
    """psycopg's ``Ready`` for what ``poll`` returned (READY_NONE for nothing)."""
    if not events:
        return READY_NONE
    event = events[0][1]
    ready = (READY_R if event & select.POLLIN else 0) | (READY_W if event & select.POLLOUT else 0)
    if not ready and event & (select.POLLERR | select.POLLHUP | select.POLLNVAL):
        ready = READY_R  # let libpq read the broken socket and say what happened
    return ready


def wait_holding(gen: Any, fileno: int, interval: float, timeout: float, hold: Hold) -> Any:
    """Drive psycopg's generator ``gen`` to its result, as psycopg's ``wait_poll`` does: with
    the kernel's poll while ``hold`` allows, then with gevent's (waking every ``interval``);
    raises psycopg's wait timeout after ``timeout`` seconds."""
    assert KERNEL_POLL is not None
    brief_until, deadline = hold.brief_until(), time.monotonic() + timeout
    try:
        state = next(gen)
        while True:
            now = time.monotonic()
            if now >= deadline:
                raise WAIT_TIMEOUT("wait timeout expired")
            brief = now < brief_until
            poller = KERNEL_POLL() if brief else select.poll()
            poller.register(fileno, MASKS[state])
            until = min(brief_until if brief else now + interval, deadline)
            state = gen.send(ready_of(poller.poll(max(int((until - now) * 1000), 0) or 1)))
            if not brief:
                hold.since = time.monotonic()  # the others have had their turn
    except StopIteration as done:
        return done.value
