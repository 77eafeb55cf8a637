"""A bare HTTP/1.1 keep-alive connection for the 500 polling phones.

A full HTTP client costs the load generator more CPU per request than the unchanged poll costs
the server, and both share this machine's two cores; this one writes the request line and reads
status, headers and body, nothing else. A keep-alive connection that the server has closed is
opened again and the request sent once more, as browsers do for idempotent requests.
"""

from __future__ import annotations

import asyncio
import time


class RawConnection:
    """One phone's connection: its cookie and the headers of the page's htmx on every GET."""

    def __init__(self, host: str, port: int, cookie: str) -> None:
        self.host = host
        self.port = port
        self.head = (
            f"Host: {host}:{port}\r\nCookie: {cookie}\r\nHX-Request: true\r\nX-Own-Keys: 1\r\n"
        )
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def get(self, path: str) -> tuple[int, bytes]:
        """GET ``path``: (status, body); one retry on a connection the server closed."""
        for attempt in range(2):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            try:
                return await self.exchange(path)
            except (ConnectionError, asyncio.IncompleteReadError, ValueError):
                await self.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    async def exchange(self, path: str) -> tuple[int, bytes]:
        """Send one request and read one whole response."""
        assert self.reader is not None and self.writer is not None
        self.writer.write(f"GET {path} HTTP/1.1\r\n{self.head}\r\n".encode())
        await self.writer.drain()
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionResetError("closed by the server")
        status = int(status_line.split()[1])
        length = 0
        closing = False
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
            elif name.lower() == "connection" and "close" in value.lower():
                closing = True
        body = await self.reader.readexactly(length) if length else b""
        if closing:
            await self.close()
        return status, body

    async def close(self) -> None:
        """Close the connection (it opens again on the next request)."""
        if self.writer is not None:
            self.writer.close()
            try:
                await self.writer.wait_closed()
            except ConnectionError:
                pass
        self.reader = self.writer = None


class RawStream:
    """A doorbell stream on a bare connection: the status, then each version as it is rung.

    The body comes chunked; only its events' ``event:`` and ``data:`` lines matter, so the chunk
    sizes are read past rather than decoded. A ``beat`` (the stream saying it is alive, and
    within how many seconds it speaks again) is kept in :attr:`beat` and :attr:`heard`."""

    def __init__(self, host: str, port: int, cookie: str, path: str) -> None:
        self.host = host
        self.port = port
        self.request = (
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nCookie: {cookie}\r\n"
            "Accept: text/event-stream\r\n\r\n"
        ).encode()
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.beat = 0.0
        """Seconds within which the stream promised to speak again (0 until it said)."""
        self.heard = 0.0
        """When (``time.monotonic``) the stream last said anything."""

    def heard_lately(self) -> bool:
        """Whether the stream kept its promise: heard within two beats, as the page asks."""
        return self.beat > 0 and time.monotonic() - self.heard < 2 * self.beat

    async def open(self) -> int:
        """Send the request; the status (200: a stream, 204: over the cap, poll instead)."""
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        self.writer.write(self.request)
        await self.writer.drain()
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionResetError("closed by the server")
        while (await self.reader.readline()) not in (b"\r\n", b""):
            pass
        return int(status_line.split()[1])

    async def next_version(self) -> int | None:
        """The next version rung; None when the server ended the stream."""
        assert self.reader is not None
        name = b""
        while True:
            line = await self.reader.readline()
            if not line:
                return None
            if line.startswith(b"event:"):
                name = line[6:].strip()
            elif line.startswith(b"data:"):
                self.heard = time.monotonic()
                if name == b"version":
                    return int(line[5:])
                if name == b"beat":
                    self.beat = float(line[5:])

    async def close(self) -> None:
        """Hang up, as a page that closes does."""
        if self.writer is not None:
            self.writer.close()
            try:
                await self.writer.wait_closed()
            except ConnectionError:
                pass
        self.reader = self.writer = None
