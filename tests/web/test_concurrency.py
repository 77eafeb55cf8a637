"""Ten phones entering rounds into one match at the same moment, on a real server.

6 nimmt! lets any seated phone enter a whole round (heads for every seat), so ten phones write
to the same log at once: each form carries the version it was rendered at and a one-time key.
Whatever the interleaving, every entry the server accepted is stored exactly once (retries and
simultaneous double taps included), everything else was refused as stale with a clear notice,
versions only go up, nothing answers 5xx, and the sheet is the replay of what was accepted.
Runs on SQLite, or on PostgreSQL when TEST_DATABASE_URL points there.
"""

from __future__ import annotations

import re
import threading
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import requests
from flask import Flask

from companion.extensions import db
from companion.models import Entry, Match
from companion.sheet import replay

from ..conftest import code_of
from ..server_process import HttpPhone, Server, prepare_database

PHONES = 10
ENTRIES = 10
"""Entries per phone here; tests/bench/test_concurrency_full.py fires the full fifty."""
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo"]
STALE = re.compile(
    r"entered (something|round (\d+)) a moment ago, so (yours|your round \2) was not saved"
)


@dataclass
class Tally:
    """What the phones saw: per one-time key, the heads sent and every answer to it."""

    heads: dict[str, list[int]] = field(default_factory=dict)
    answers: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    unclear: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, key: str, heads: list[int], response: requests.Response) -> None:
        with self.lock:
            self.heads[key] = heads
            self.answers[key].append(response.status_code)
            if response.status_code == 200 and not STALE.search(response.text):
                self.unclear.append(response.text[:2000])

    def accepted(self) -> set[str]:
        return {key for key, codes in self.answers.items() if 303 in codes}


def play(
    phone: HttpPhone, seat: int, match_id: int, tally: Tally, start: threading.Barrier, rounds: int
) -> None:
    """One phone: ``rounds`` rounds, each from a fresh form; some re-sent, some double-tapped."""
    start.wait()
    for n in range(rounds):
        form = phone.heads_form(match_id)
        heads = [0] * PHONES
        heads[seat] = 1 + n % 3
        key = form["heads-idem"]
        if n % 7 == 3:
            with ThreadPoolExecutor(2) as both:
                taps = list(both.map(phone.enter_heads, [match_id] * 2, [form] * 2, [heads] * 2))
            for response in taps:
                tally.record(key, heads, response)
            continue
        tally.record(key, heads, phone.enter_heads(match_id, form, heads))
        if n % 5 == 0:
            tally.record(key, heads, phone.enter_heads(match_id, form, heads))


def seated_table(app: Flask, server: Server) -> tuple[int, list[HttpPhone]]:
    """A 10-player match (heads limit 1000: it never ends here), every phone joined and seated."""
    host = HttpPhone(server.url)
    match_id = host.new_match(NAMES, end="limit", limit="1000")
    phones = [host] + [HttpPhone(server.url) for _ in range(PHONES - 1)]
    for phone in phones[1:]:
        phone.join(code_of(app, match_id))
    for seat, phone in enumerate(phones):
        phone.claim(match_id, seat)
    return match_id, phones


def test_ten_phones_entering_at_once(tmp_path: Path) -> None:
    race(tmp_path, ENTRIES)


def race(tmp_path: Path, rounds: int) -> None:
    """Ten seated phones, ``rounds`` entries each, all at once; then check every promise."""
    app, url = prepare_database(tmp_path)
    server = Server(url, log=tmp_path / "gunicorn.log").start()
    try:
        match_id, phones = seated_table(app, server)
        tally = Tally()
        start = threading.Barrier(PHONES)
        with ThreadPoolExecutor(PHONES) as pool:
            runs = [
                pool.submit(play, phone, seat, match_id, tally, start, rounds)
                for seat, phone in enumerate(phones)
            ]
            for run in runs:
                run.result()
    finally:
        server.stop()
    assert "Traceback" not in server.errors(), server.errors()
    statuses = {code for codes in tally.answers.values() for code in codes}
    assert statuses <= {200, 303}, f"unexpected answers: {statuses}"
    assert not tally.unclear, "a refusal without the stale notice:\n" + tally.unclear[0]
    accepted = tally.accepted()
    for key, codes in tally.answers.items():
        if key in accepted:
            assert set(codes) == {303}, f"a re-sent accepted form was not recognised: {codes}"
    assert len(tally.heads) == PHONES * rounds, "accepted + refused as stale = every form"
    assert len(accepted) >= PHONES, "the table made progress"
    check_log(app, match_id, accepted, tally)


def check_log(app: Flask, match_id: int, accepted: set[str], tally: Tally) -> None:
    """Stored once each, nothing else stored, versions rising, the sheet = replay of the log."""
    with app.app_context():
        query = db.select(Entry).filter_by(match_id=match_id).order_by(Entry.seq)
        rows = list(db.session.scalars(query))
        keys = [row.idem_key for row in rows]
        assert len(keys) == len(set(keys)), "an entry was stored twice"
        assert set(keys) == accepted, "stored entries = accepted forms"
        assert [row.seq for row in rows] == list(range(1, len(rows) + 1))
        versions = [row.version for row in rows]
        assert all(a < b for a, b in zip(versions, versions[1:], strict=False)), versions
        match = db.session.get(Match, match_id)
        assert match is not None and match.version >= versions[-1]
        expected = [sum(tally.heads[key][seat] for key in accepted) for seat in range(PHONES)]
        sheet = replay(match)
        assert [sum(row) for row in zip(*[e.move["heads"] for e in rows], strict=True)] == expected
        assert sheet.standings == expected
        db.session.remove()
        db.engine.dispose()
