"""Budgets from DESIGN.md, measured in-process (run by ``make bench``, never by ``make test``).

``python -m tests.bench.run`` prints these next to the served figures; this file lets pytest
check the in-process half alone (``pytest tests/bench``).
"""

from __future__ import annotations

from pathlib import Path

from .inprocess import page_weight, server_times


def test_server_time_budgets(tmp_path: Path) -> None:
    times = server_times(tmp_path)
    print(times)
    assert times["poll_x"] <= 1.3
    assert times["render_x"] <= 4.0


def test_page_weight_budgets(tmp_path: Path) -> None:
    weight = page_weight(tmp_path)
    print(weight)
    assert weight["cold_kb"] <= 22.0
    assert weight["cold_requests"] <= 4
    assert weight["tap_kb"] <= 1.5
