"""The doorbell tests' table: two phones at one match, each listening to its event stream,
with the poll slowed down so a change seen within seconds came through the stream (or, in the
beating table, polling every second while the stream beats every few)."""

from __future__ import annotations

from collections.abc import Callable

from .conftest import LiveServer
from .helpers import WAIT, Phone, expect
from .offline_helpers import table as seated

SLOW_POLL = 600
BEAT = 3
"""Seconds between a quiet stream's beats in the tests of a beating stream (a page polls every
second there): a page takes its stream for silent only after two beats, so a beat a few seconds
late on a busy machine does not let a poll through."""


def listening(*phones: Phone) -> None:
    """Wait until each page's doorbell stream is open: the server holds a stream before it
    sends the first byte, so an open stream is one the next change rings."""
    for phone in phones:
        expect(phone.page.locator("#connection")).to_have_attribute(
            "data-stream", "open", timeout=WAIT
        )


def table(phones: Callable[..., Phone], server: LiveServer) -> tuple[Phone, Phone, int]:
    """A and B at one match, each in their seat, both sheets listening to the doorbell."""
    server.app.config["POLL_SECONDS"] = SLOW_POLL
    a, b, match_id = seated(phones)
    a.reload()
    listening(a, b)
    return a, b, match_id


def polls(phone: Phone) -> list[str]:
    """The scoreboard refreshes this phone asked for."""
    return [r for r in phone.requests if "/live" in r]


def beats(phone: Phone) -> int:
    """How many beats this page's stream has sent it."""
    return int(phone.page.evaluate("window.companionDoorbell.beats()"))


def beating_table(phones: Callable[..., Phone], server: LiveServer) -> tuple[Phone, Phone, int]:
    """A and B at one match; B's page polls every second and hears its stream beat."""
    server.app.config["SSE_KEEPALIVE_SECONDS"] = BEAT
    a, b, match_id = table(phones, server)
    server.app.config["POLL_SECONDS"] = 1
    b.reload()  # its scoreboard now asks for a poll every second
    listening(b)
    b.page.wait_for_function("() => window.companionDoorbell.heardLately()", timeout=WAIT)
    return a, b, match_id
