"""What a phone's browser does with an answer, as far as the bench needs it.

The server-time budgets count every request a phone makes on the way a real phone takes it, so
the bench has to ask the way ``static/app.js`` does: a poll says which entry panel the phone
shows while it is untouched (``entry=<kind>``), and after a poll brings a new scoreboard, a
pristine entry form whose version is still older asks for a fresh entry panel
(``X-Follow-Sheet: 1``), and a "waiting" panel of another version asks for its own refresh.
Answers come compressed (every current phone sends ``Accept-Encoding: br, gzip``); they are
decoded here before the page is read. A form from an answer the table shares has an empty
one-time key, which the page's script fills when the form is first sent (:func:`own_keys`).
"""

from __future__ import annotations

import gzip
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import brotli

from ..conftest import Phone
from ..web.helpers import Node, parse
from .served import own_keys

ACCEPT = {"Accept-Encoding": "br, gzip"}
"""What every current phone browser sends."""

KB = 1000
"""Bytes in a KB, as DESIGN.md counts them: its "htmx alone is 15.3 KB" is htmx's 15,259 bytes
under brotli."""


TOKEN = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


class TokenPhone(Phone):
    """A phone on an app with CSRF protection on, as the real app runs: the forms it reads carry
    their tokens (and every answer renders and checks them); a post sent without one, such as
    a seat claimed while tables are set up, carries the session's token in ``X-CSRFToken``."""

    token: str | None = None

    def post(
        self, url: str, data: dict[str, Any] | None = None, hx: bool = False, **kwargs: Any
    ) -> Any:
        """POST with this session's token."""
        if self.token is None:
            found = TOKEN.search(self.get("/new/sixnimmt").get_data(as_text=True))
            assert found, "no CSRF token on the new-match page: is CSRF protection on?"
            self.token = found.group(1)
        headers = {"X-CSRFToken": self.token, **kwargs.pop("headers", {})}
        return super().post(url, data, hx, headers=headers, **kwargs)


def body_of(response: Any) -> bytes:
    """The bytes the server sent (compressed when it compressed them)."""
    return bytes(response.get_data())


def text_of(response: Any) -> str:
    """The answer as text, decoded from brotli or gzip when it came that way."""
    raw = body_of(response)
    encoding = response.headers.get("Content-Encoding", "")
    if encoding == "br":
        raw = brotli.decompress(raw)
    elif encoding == "gzip":
        raw = gzip.decompress(raw)
    return raw.decode()


@dataclass
class Screen:
    """What one phone shows: the scoreboard's version and the entry panel."""

    version: int = 0
    entry: Node | None = None

    def show(self, html: str) -> None:
        """Take in a page or fragment (its scoreboard and entry panel replace the shown ones)."""
        tree = parse(html)
        board = tree.find(id="scoreboard")
        if board is not None and board.attrs.get("data-version", "").isdigit():
            self.version = int(board.attrs["data-version"])
        entry = tree.find(id="entry")
        if entry is not None:
            self.entry = entry

    def poll_query(self) -> str:
        """What app.js adds to a poll: ``&entry=<kind>`` while the entry panel is a pristine form
        or a "waiting" notice, so that a new version brings the panel along."""
        if self.entry is None:
            return ""
        panel = self.entry.find(data_entry_waiting=True) or self.entry.find("form", data_entry=True)
        if panel is None or "data-refresh" not in panel.attrs:
            return ""
        kind = parse_qs(urlsplit(unescape(panel.attrs["data-refresh"])).query).get("entry", [""])
        return "&" + urlencode({"entry": kind[0]})

    def follow_ups(self) -> list[tuple[str, dict[str, str]]]:
        """The requests app.js sends after a new scoreboard was swapped in (its afterSwap rule):
        the waiting panel's refresh when its version differs, else the pristine form's refresh
        when the form's version is older than the scoreboard's."""
        if self.entry is None:
            return []
        waiting = self.entry.find(data_entry_waiting=True)
        if waiting is not None:
            if waiting.attrs.get("data-version") != str(self.version):
                return [(unescape(waiting.attrs["data-refresh"]), {})]
            return []
        form = self.entry.find("form", data_entry=True)
        if form is None or "data-refresh" not in form.attrs:
            return []
        stamp = next(
            (i for i in form.find_all("input") if i.attrs.get("name", "").endswith("version")),
            None,
        )
        if stamp is not None and stamp.attrs.get("value") != str(self.version):
            return [(unescape(form.attrs["data-refresh"]), {"X-Follow-Sheet": "1"})]
        return []

    def hidden(self, prefix: str) -> dict[str, str]:
        """The hidden fields (version, one-time key, token) of the entry form ``prefix``."""
        assert self.entry is not None, "no entry panel on this phone"
        fields = {}
        for node in self.entry.find_all("input"):
            name = node.attrs.get("name", "")
            if name.startswith(f"{prefix}-") and node.attrs.get("type") == "hidden":
                fields[name] = node.attrs.get("value", "")
        assert f"{prefix}-version" in fields, f"no {prefix} form in the entry panel"
        return own_keys(fields)


def unescape(url: str) -> str:
    """An attribute's URL as the browser requests it (the parser already decoded entities)."""
    return url.replace("&amp;", "&")
