"""Waiting for a write's own answer: the board moving past the version a phone showed before the
tap is not enough, since that version may be older than the server's (another phone's seat claim
still on its way to this one) and that change can reach the board before this write's answer."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .helpers import Phone

BOARD_VERSION = re.compile(r'<section id="scoreboard"[^>]*?\bdata-version="(\d+)"')
"""The version of the scoreboard a write's answer brings (out of band, play/_written.html)."""
SHOWN = """(version) => {
    const board = document.getElementById("scoreboard");
    return !!board && Number(board.dataset.version) >= version
        && !document.querySelector("#entry form.htmx-request");
}"""
"""The board is at the answer's version or later, and no entry form is still on its way."""


def answered(phone: Phone, tap: Callable[[], None]) -> None:
    """Do ``tap`` (it sends the entry form) and return once the server has answered that write
    and the page shows the answer: its board's version, or a later one."""
    page = phone.page
    with page.expect_response(
        lambda r: r.request.method == "POST" and "/entry/" in r.url
    ) as answer_info:
        tap()
    answer = answer_info.value
    assert answer.ok, f"{phone.name}: {answer.status} for {answer.request.method} {answer.url}"
    found = BOARD_VERSION.search(answer.text())
    assert found, f"{phone.name}: the answer to {answer.url} brings no scoreboard"
    page.wait_for_function(SHOWN, arg=int(found.group(1)))
