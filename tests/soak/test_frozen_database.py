"""PostgreSQL frozen for 15 s, then 35 s, under a served app with phones polling and entering:
every answer within 5 s (503 "try again" while frozen), and the app recovers by itself.

The freeze is a proxy of the test's own (tests/web/freezer.py) between the app and the shared
server, which is never touched.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import requests

from ..conftest import TEST_DATABASE_URL, own_limits
from ..server_process import HttpPhone, Server, prepare_database
from ..web.freezer import Freezer

LIMIT = 5.0
"""Every request is answered within this many seconds, frozen database or not."""

pytestmark = pytest.mark.skipif(
    not (TEST_DATABASE_URL and TEST_DATABASE_URL.startswith("postgres")),
    reason="needs TEST_DATABASE_URL=postgresql://…",
)


def freezes() -> list[float]:
    import os

    return [float(s) for s in os.environ.get("SOAK_FREEZES", "15,35").split(",")]


class Poller:
    """A phone that polls its sheet and enters rounds; records each answer and its time."""

    def __init__(self, phone: HttpPhone, match_id: int) -> None:
        self.phone, self.match_id = phone, match_id
        self.answers: list[tuple[int, float]] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def timed(self, call: object) -> None:
        start = time.monotonic()
        try:
            status = call().status_code  # type: ignore[operator]
        except requests.RequestException:
            status = 0
        self.answers.append((status, time.monotonic() - start))

    def run(self) -> None:
        while not self.stop.is_set():
            self.timed(lambda: self.phone.get(f"/m/{self.match_id}/live?v=1"))
            try:
                form = self.phone.heads_form(self.match_id)
            except (requests.RequestException, AssertionError):
                time.sleep(0.2)
                continue
            self.timed(lambda form=form: self.phone.enter_heads(self.match_id, form, [1, 0]))
            time.sleep(0.2)


@pytest.mark.parametrize("seconds", freezes())
def test_a_frozen_database_answers_within_5_seconds_and_recovers(
    tmp_path: Path, seconds: float
) -> None:
    assert TEST_DATABASE_URL
    parts = urlsplit(TEST_DATABASE_URL)
    freezer = Freezer((parts.hostname or "127.0.0.1", parts.port or 5432))
    app, _url = prepare_database(tmp_path)
    limits = own_limits()  # a 503 within seconds, not the patient limits of the other tests
    server = Server(freezer.url_for(TEST_DATABASE_URL), log=tmp_path / "gunicorn.log", **limits)
    server.start()
    pollers = []
    try:
        for _ in range(3):
            phone = HttpPhone(server.url)
            match_id = phone.new_match(["Ann", "Bob"])
            phone.claim(match_id, 0)
            pollers.append(Poller(phone, match_id))
        for poller in pollers:
            poller.thread.start()
        time.sleep(1)
        freezer.freeze()
        time.sleep(seconds)
        freezer.thaw()
        recovered = time.monotonic() + 30
        while time.monotonic() < recovered:
            if all(p.answers and p.answers[-1][0] in (200, 204, 303) for p in pollers):
                break
            time.sleep(0.2)
    finally:
        for poller in pollers:
            poller.stop.set()
            poller.thread.join(timeout=30)
        server.stop()
        freezer.close()
    answers = [a for p in pollers for a in p.answers]
    slowest = max(took for _status, took in answers)
    statuses = {status for status, _took in answers}
    print(f"frozen {seconds:.0f} s: {len(answers)} answers, slowest {slowest:.2f} s, {statuses}")
    assert slowest < LIMIT, f"an answer took {slowest:.1f} s"
    assert 503 in statuses and 500 not in statuses and 0 not in statuses, statuses
    assert all(p.answers[-1][0] in (200, 204, 303) for p in pollers), "recovered by itself"
    assert "Exception on " not in server.errors()
