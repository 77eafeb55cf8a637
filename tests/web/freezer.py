"""A TCP proxy between the app and PostgreSQL that can freeze or cut the line.

A frozen database server (a stuck process, a dead network path) still has its kernel
acknowledge what is sent to it, and answers nothing. :meth:`Freezer.freeze` does just that: the
proxy stops reading from either side, so what the app sends waits in socket buffers, and is
delivered when :meth:`Freezer.thaw` lets it through (like SIGCONT). :meth:`Freezer.cut` drops
every connection (a restarted server). The shared server itself is never touched.
"""

from __future__ import annotations

import socket
import threading
from contextlib import suppress
from urllib.parse import urlsplit, urlunsplit

CHUNK = 65536


class Freezer:
    """A loopback proxy to ``upstream`` (host, port); point the app at :meth:`url_for`."""

    def __init__(self, upstream: tuple[str, int]) -> None:
        self.upstream = upstream
        self.flowing = threading.Event()
        self.flowing.set()
        self.closed = threading.Event()
        self.lock = threading.Lock()
        self.sockets: list[socket.socket] = []
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self.accept, daemon=True).start()

    def url_for(self, database_url: str) -> str:
        """``database_url`` with its host and port replaced by the proxy's."""
        parts = urlsplit(database_url)
        auth = parts.netloc.rpartition("@")[0]
        netloc = f"{auth}@127.0.0.1:{self.port}" if auth else f"127.0.0.1:{self.port}"
        return urlunsplit(parts._replace(netloc=netloc))

    def accept(self) -> None:
        while not self.closed.is_set():
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            try:
                server = socket.create_connection(self.upstream, timeout=5)
                server.settimeout(None)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.sockets += [client, server]
            for source, target in ((client, server), (server, client)):
                threading.Thread(target=self.pump, args=(source, target), daemon=True).start()

    def pump(self, source: socket.socket, target: socket.socket) -> None:
        """Copy one direction while flowing; while frozen, read nothing."""
        try:
            while True:
                self.flowing.wait()
                data = source.recv(CHUNK)
                if not data:
                    break
                self.flowing.wait()
                target.sendall(data)
        except OSError:
            pass
        finally:
            with suppress(OSError):
                target.shutdown(socket.SHUT_WR)

    def freeze(self) -> None:
        """Stop forwarding in both directions; connections stay open and silent."""
        self.flowing.clear()

    def thaw(self) -> None:
        """Forward again, including whatever waited meanwhile."""
        self.flowing.set()

    def cut(self) -> None:
        """Drop every open connection (new ones are still accepted)."""
        with self.lock:
            doomed, self.sockets = self.sockets, []
        for sock in doomed:
            with suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()

    def close(self) -> None:
        self.closed.set()
        self.thaw()
        self.listener.close()
        self.cut()
