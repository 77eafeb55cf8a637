"""Phones over real HTTP and a doorbell listener, for the tests that run an actual server."""

from __future__ import annotations

import queue
import re
import threading

import httpx

from ..conftest import hidden_fields

WAIT = 10.0
"""Longest wait for an expected event: generous, as the machine may be busy."""


class HttpPhone:
    """One phone (its own cookie jar) talking to a running server."""

    def __init__(self, base_url: str, cookies: httpx.Cookies | None = None) -> None:
        self.base_url = base_url
        self.client = httpx.Client(base_url=base_url, timeout=WAIT, cookies=cookies)

    def close(self) -> None:
        """Close the phone's connections."""
        self.client.close()

    def reconnect(self) -> None:
        """Drop the open connection; the next request opens a new one (same cookies)."""
        cookies = self.client.cookies
        self.client.close()
        self.client = httpx.Client(base_url=self.base_url, timeout=WAIT, cookies=cookies)

    def new_match(self, names: list[str]) -> int:
        """Start a 6 nimmt! match with these players; returns its id."""
        data = {f"p{i}": name for i, name in enumerate(names)}
        data.update(variant="base", end="gt66", group="new")
        response = self.client.post("/new/sixnimmt", data=data)
        assert response.status_code == 303, response.text
        return int(response.headers["Location"].rstrip("/").split("/")[-1])

    def join(self, code: str) -> None:
        """Join by typing the match's code."""
        response = self.client.post("/j", data={"code": code})
        assert response.status_code == 303, response.text

    def claim(self, match_id: int, seat: int) -> None:
        """Take a seat."""
        assert self.client.post(f"/m/{match_id}/seat", data={"seat": str(seat)}).status_code == 303

    def enter_heads(self, match_id: int, heads: list[int]) -> httpx.Response:
        """Enter a round by heads with a freshly rendered form."""
        page = self.client.get(f"/m/{match_id}?entry=heads")
        assert page.status_code == 200, page.text
        fields = hidden_fields(page.text, "heads")
        fields.update({f"heads-seat{i}": str(h) for i, h in enumerate(heads)})
        return self.client.post(f"/m/{match_id}/entry/heads", data=fields)

    def version(self, match_id: int) -> int:
        """The version the sheet page shows."""
        page = self.client.get(f"/m/{match_id}")
        found = re.search(r'id="scoreboard"[^>]*?data-version="(\d+)"', page.text, re.S)
        assert found, "no scoreboard version on the page"
        return int(found.group(1))

    def totals(self, match_id: int) -> list[str]:
        """The totals row of the live fragment, as the poll brings it."""
        response = self.client.get(f"/m/{match_id}/live", headers={"HX-Request": "true"})
        assert response.status_code == 200
        row = re.search(r'<tr class="totals"[^>]*>(.*?)</tr>', response.text, re.S)
        assert row, "no totals row"
        return re.sub(r"<[^>]+>", " ", row.group(1)).split()


class Doorbell:
    """Listen to an event stream in a thread; events arrive in a queue as (event, data)."""

    def __init__(self, client: httpx.Client, url: str) -> None:
        self.client = client
        self.url = url
        self.events: queue.Queue[tuple[str, str]] = queue.Queue()
        self.status: queue.Queue[int] = queue.Queue()
        self.client_port: queue.Queue[int] = queue.Queue()
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        why = "the reader stopped"
        try:
            with self.client.stream("GET", self.url, timeout=httpx.Timeout(WAIT)) as response:
                self.status.put(response.status_code)
                why = f"the server ended it (status {response.status_code})"
                address = response.extensions["network_stream"].get_extra_info("client_addr")
                self.client_port.put(int(address[1]))
                name, data = "message", ""
                for line in response.iter_lines():
                    if self.stopped.is_set():
                        return
                    if line.startswith("event:"):
                        name = line[6:].strip()
                    elif line.startswith("data:"):
                        data = line[5:].strip()
                    elif line.startswith(":"):
                        self.events.put(("comment", line[1:].strip()))
                    elif line == "" and data:
                        self.events.put((name, data))
                        name, data = "message", ""
        except httpx.HTTPError as failure:
            why = f"{type(failure).__name__}: {failure}"
        finally:
            self.events.put(("closed", why))  # said with the reason, for a failing test

    def first_status(self) -> int:
        """The stream's HTTP status."""
        return self.status.get(timeout=WAIT)

    def next_version(self, timeout: float = WAIT) -> int:
        """The next ``version`` event's number (comments skipped); fails after ``timeout``."""
        while True:
            name, data = self.events.get(timeout=timeout)
            assert name != "closed", f"the stream ended: {data}"
            if name == "version":
                return int(data)

    def version_at_least(self, wanted: int, timeout: float = WAIT) -> int:
        """Wait for a ``version`` event of at least ``wanted``."""
        while True:
            got = self.next_version(timeout)
            if got >= wanted:
                return got

    def close(self) -> None:
        """Stop reading (the thread ends at the next line, at the latest a keep-alive)."""
        self.stopped.set()


def drain(bell: Doorbell) -> list[tuple[str, str]]:
    """Every event received so far."""
    found: list[tuple[str, str]] = []
    while True:
        try:
            found.append(bell.events.get_nowait())
        except queue.Empty:
            return found
