"""Under gevent, a request holds its worker while PostgreSQL answers quickly, and lets the
worker's other requests run while a slow answer comes, or once it has held the worker for long;
the request's deadline still holds.

Each case runs tests/web/gevent_waits.py in its own process, since gevent must patch the
standard library before the app is imported. Another greenlet counts its turns meanwhile.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ..conftest import TEST_DATABASE_URL

pytestmark = pytest.mark.skipif(
    not (TEST_DATABASE_URL and TEST_DATABASE_URL.startswith("postgres")),
    reason="needs TEST_DATABASE_URL=postgresql://…",
)
ROOT = Path(__file__).resolve().parents[2]
DEADLINE = 1.5
"""gevent_waits.py's request deadline."""


def waits_with(brief: float, hold: float = 5.0) -> dict[str, Any]:
    """What gevent_waits.py saw with ``DB_BRIEF_WAIT_SECONDS = brief`` and
    ``DB_HOLD_SECONDS = hold``."""
    assert TEST_DATABASE_URL
    script = ["-m", "tests.web.gevent_waits", TEST_DATABASE_URL, str(brief), str(hold)]
    done = subprocess.run(
        [sys.executable, *script],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def test_an_answer_within_the_brief_wait_keeps_the_worker() -> None:
    held = waits_with(brief=5.0)
    assert held["quick"] == held["slow"] == held["steady"] == 0, held


def test_a_request_that_held_the_worker_for_the_hold_lets_the_others_run() -> None:
    found = waits_with(brief=5.0, hold=0.05)  # ten waits of 20 ms outlast a hold of 50 ms
    assert found["steady"] > 0, found


def test_without_the_brief_wait_others_run_during_every_query() -> None:
    """The measure above can see the difference: psycopg's own wait under gevent."""
    cooperative = waits_with(brief=0.0)
    assert cooperative["quick"] >= 20, cooperative


def test_a_slow_answer_lets_the_others_run_and_the_deadline_still_holds() -> None:
    found = waits_with(brief=0.002)
    assert found["slow"] > 0, found
    assert found["raised"] == "DeadlinePassed", found
    assert found["after"] < DEADLINE + 3, found
