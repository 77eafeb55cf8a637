"""Budgets from DESIGN.md, measured in-process (run with `make bench`, never by `make test`).

- An unchanged poll costs at most 2× a bare Flask endpoint in the same process; a full sheet 6×.
- A cold sheet load is at most 25 KB compressed in at most 4 requests; one tap's answer ≤ 2 KB.
The numbers are printed next to their budgets; a missed budget fails.
"""

from __future__ import annotations

import gzip
import re
import time
from collections.abc import Callable
from pathlib import Path

from flask import Flask

from ..conftest import Phone, make_app

ROUNDS = 8


def best_of(fn: Callable[[], object], runs: int = 7, loops: int = 40) -> float:
    """The fastest mean time of ``loops`` calls, over ``runs`` runs (noise only adds time)."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(loops):
            fn()
        best = min(best, (time.perf_counter() - start) / loops)
    return best


def playing_match(app: Flask) -> tuple[Phone, int]:
    """A 5-player match with a few rounds entered, as at the middle of an evening."""
    phone = Phone(app)
    match_id = phone.new_match(["Ann", "Bob", "Cy", "Dee", "Eve"])
    phone.claim(match_id, 0)
    for n in range(ROUNDS):
        phone.enter_heads(match_id, [n % 5, 1, 2, 3, 0])
    return phone, match_id


def report(name: str, value: float, budget: float, unit: str) -> bool:
    """Print one line of the table; True when within budget."""
    ok = value <= budget
    print(f"{name:<38} {value:>9.2f} {unit:<4} budget {budget:>6.2f} {'ok' if ok else 'MISSED'}")
    return ok


def test_server_time_budgets(tmp_path: Path) -> None:
    app = make_app(tmp_path)

    @app.get("/bench/bare")
    def bare() -> str:
        return "ok"

    phone, match_id = playing_match(app)
    version = int(
        re.search(
            r'data-version="(\d+)"', phone.get(f"/m/{match_id}").get_data(as_text=True)
        ).group(1)
    )
    bare_t = best_of(lambda: phone.get("/bench/bare"))
    poll_t = best_of(lambda: phone.get(f"/m/{match_id}/live?v={version}", hx=True))
    sheet_t = best_of(lambda: phone.get(f"/m/{match_id}"), loops=10)
    print()
    results = [
        report("bare endpoint (ms)", bare_t * 1000, float("inf"), "ms"),
        report("unchanged poll / bare", poll_t / bare_t, 2.0, "x"),
        report("full sheet / bare", sheet_t / bare_t, 6.0, "x"),
    ]
    assert all(results)


def test_page_weight_budgets(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    phone, match_id = playing_match(app)
    page = phone.get(f"/m/{match_id}").get_data()
    assets = re.findall(rb'(?:src|href)="(/static/[^"]+\.(?:js|css))"', page)
    sizes = [len(gzip.compress(page))]
    for url in assets:
        with phone.get(url.decode()) as asset:
            sizes.append(len(gzip.compress(asset.get_data())))
    form = phone.entry_form(match_id)
    tap = phone.enter_heads(match_id, [1, 1, 1, 1, 1], hx=True, form=form).get_data()
    print()
    results = [
        report("cold sheet load (KB gzip)", sum(sizes) / 1024, 25.0, "KB"),
        report("cold sheet requests", float(len(sizes)), 4.0, ""),
        report("one tap answer (KB gzip)", len(gzip.compress(tap)) / 1024, 2.0, "KB"),
    ]
    assert all(results)
