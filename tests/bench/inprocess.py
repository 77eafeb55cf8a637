"""The budgets defined "in the same process": server time as ratios to a bare Flask endpoint, and
the page weight of a cold sheet load and of one tap, measured with Flask's test client."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask

from companion.fragments import fragments
from companion.snapshot import snapshots

from ..conftest import Phone, make_app

ROUNDS = 8


def fastest(calls: dict[str, tuple[Callable[[], object], int]], runs: int = 15) -> dict[str, float]:
    """The smallest mean CPU time per call of each ``name: (call, loops)``, over ``runs`` rounds.

    The calls take turns within each round, so a burst of load elsewhere on the machine hits them
    alike; CPU time of this process (not wall time) leaves out the time other processes had the
    CPU, and the minimum leaves out the rest of the noise, which only ever adds time.
    """
    best = dict.fromkeys(calls, float("inf"))
    for _ in range(runs):
        for name, (call, loops) in calls.items():
            start = time.process_time()
            for _ in range(loops):
                call()
            best[name] = min(best[name], (time.process_time() - start) / loops)
    return best


def playing_match(app: Flask) -> tuple[Phone, int]:
    """A 5-player match with a few rounds entered, as at the middle of an evening."""
    phone = Phone(app)
    match_id = phone.new_match(["Ann", "Bob", "Cy", "Dee", "Eve"])
    phone.claim(match_id, 0)
    for n in range(ROUNDS):
        phone.enter_heads(match_id, [n % 5, 1, 2, 3, 0])
    return phone, match_id


def add_bare(app: Flask) -> None:
    """The yardstick: a view that does nothing (only in the bench's app)."""

    @app.get("/bench/bare")
    def bare() -> str:
        return "ok"


def server_times(tmp_path: Path) -> dict[str, float]:
    """Bare endpoint (ms); unchanged poll, the sheet rendered for a new version, and the sheet
    again at a version the table has seen (replayed state and shared fragments kept), as
    multiples of it."""
    app = make_app(tmp_path)
    add_bare(app)
    phone, match_id = playing_match(app)
    page = phone.get(f"/m/{match_id}").get_data(as_text=True)
    found = re.search(r'data-version="(\d+)"', page)
    assert found
    version = int(found.group(1))
    best = fastest(
        {
            "bare": (lambda: phone.get("/bench/bare"), 60),
            "poll": (lambda: phone.get(f"/m/{match_id}/live?v={version}", hx=True), 60),
            "sheet": (lambda: phone.get(f"/m/{match_id}"), 10),
            "render": (lambda: rendered_sheet(app, phone, match_id), 10),
        }
    )
    bare_t = best["bare"]
    return {
        "bare_ms": bare_t * 1000,
        "poll_x": best["poll"] / bare_t,
        "sheet_x": best["sheet"] / bare_t,
        "render_x": best["render"] / bare_t,
    }


def rendered_sheet(app: Flask, phone: Phone, match_id: int) -> object:
    """The sheet as the first phone gets it at a new version: nothing kept for it (no replayed
    state, no shared fragment), which is what emptying the caches leaves."""
    with app.app_context():
        snapshots(app).clear()
        fragments(app).clear()
    return phone.get(f"/m/{match_id}")


ACCEPT = {"Accept-Encoding": "br, gzip"}
"""What every current phone browser sends."""


def page_weight(tmp_path: Path) -> dict[str, Any]:
    """A cold sheet load (page and every script and style it names) and one tap's answer, in
    bytes as the server sends them to a browser that accepts brotli and gzip."""
    app = make_app(tmp_path)
    phone, match_id = playing_match(app)
    html = phone.get(f"/m/{match_id}").get_data(as_text=True)
    assets = re.findall(r'(?:src|href)="(/static/[^"]+\.(?:js|css)[^"]*)"', html)
    sizes = [len(phone.get(f"/m/{match_id}", headers=ACCEPT).get_data())]
    for url in assets:
        with phone.get(url.replace("&amp;", "&"), headers=ACCEPT) as asset:
            sizes.append(len(asset.get_data()))
    fields = phone.entry_form(match_id)
    fields.update({f"heads-seat{i}": "1" for i in range(5)})
    tap = phone.post(f"/m/{match_id}/entry/heads", fields, hx=True, headers=ACCEPT)
    assert tap.status_code == 200, tap.status_code
    return {
        "cold_kb": sum(sizes) / 1024,
        "cold_requests": len(sizes),
        "tap_kb": len(tap.get_data()) / 1024,
    }
