"""What the sheet's template alone costs, as a multiple of the bare endpoint: a floor.

The budget for a sheet rendered for a new version counts the whole request: reading the match,
folding its state, building the context, rendering and compressing. This module times one of
these alone: the page's template rendered again and again from the context a real request
built. Every render after the first finds what that first one built and kept (the log's
lines, the scoreboard and the fresh entry form shared per version), so the figure is less than
what rendering costs a request for a new version: what no request for the page can go below
while the page is this template. It has no budget of its own; it says how much of the sheet's
budget the template leaves for the rest of the request.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import render_template

from companion.views import play

from .browser import ACCEPT
from .inprocess import add_bare, fastest
from .table import Tables


def template_ratio(tmp: Path, entries: int = 10) -> tuple[float, int]:
    """The sheet template's CPU time as a multiple of the bare endpoint's, and the page's size
    in characters, on a 5-player 6 nimmt! table with ``entries`` rounds."""
    tmp.mkdir(parents=True, exist_ok=True)
    bench = Tables(tmp, add_bare)
    try:
        bench.build(1, entries)
        match_id, guest = bench.matches[0], bench.guests[1]
        seen: dict[str, Any] = {}
        real = play.render

        def spy(page: str, fragment: str | None = None, /, **context: Any) -> Any:
            seen.update(page=page, context=context)
            return real(page, fragment, **context)

        path = f"/m/{match_id}"
        play.render = spy
        try:
            assert guest.phone.get(path, headers=ACCEPT).status_code == 200
        finally:
            play.render = real
        page, context = seen["page"], seen["context"]
        cookie = guest.phone.client.get_cookie("session")
        headers = {**ACCEPT, "Cookie": f"session={cookie.value}"} if cookie else ACCEPT
        with bench.app.test_request_context(path, headers=headers):  # the phone's own request
            bench.app.preprocess_request()
            size = len(render_template(page, **context))
            best = fastest(
                {
                    "bare": (lambda: guest.phone.get("/bench/bare", headers=ACCEPT), 20),
                    "template": (lambda: render_template(page, **context), 20),
                },
                runs=9,
            )
        return best["template"] / best["bare"], size
    finally:
        bench.close()
