"""Tables of phones playing in one process, each request's CPU time taken on its own.

Two apps share one SQLite file, as two workers of ``make run`` would: the measured app, which
the four measured phones of every table talk to, and a writer app where the host sits (seat 0)
and enters the rounds that make the new versions. The measured app therefore never saw a new
version before the request that is timed: nothing is cached for it that a real first phone
would not find (the writer's worker may keep what it likes). One cycle, per table:

1. the host enters a round (a new version); the first phone polls and makes the follow-up
   requests app.js makes (the changed poll, first phone), then the three other phones do the
   same (the changed poll, each other phone); one of them polls again (the unchanged poll);
2. the first phone enters a round (the submission, answer included; its bytes are one tap);
3. the host enters another round; the second phone loads the whole sheet (a page rendered for
   a new version).

Between these steps the phones that did not make a version poll for it, untimed, as the
doorbell makes every phone of a table do: each cycle starts with all four showing the same
version, so the "other phones" of a version ask for what its first phone asked for.

A cycle adds three entries to the log, so a table built to ``entries - 3 * cycles / 2`` entries
is measured around ``entries`` (the range is reported).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Flask

from companion import create_app
from companion.extensions import db
from companion.games.base import one_time_key
from companion.models import Entry, Match

from ..conftest import Phone, make_app, shut_down
from .browser import ACCEPT, Screen, TokenPhone, body_of, text_of

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
HEADS = [[n % 5, 1, 2, 3, 0] for n in range(5)]
"""A few heads per round: 200 rounds stay far under the limit of 1,000 that ends the match."""
SHARED_CONFIG = (
    "TESTING", "SECRET_KEY", "SQLALCHEMY_DATABASE_URI", "WTF_CSRF_ENABLED", "RATELIMIT_ENABLED",
    "PUBLIC_URL",
)  # fmt: skip


@dataclass
class Samples:
    """CPU seconds per request kind, the bytes of each tap, and the log lengths measured at."""

    cpu: dict[str, list[float]] = field(default_factory=dict)
    tap_bytes: list[int] = field(default_factory=list)
    entries: list[int] = field(default_factory=list)

    def add(self, kind: str, seconds: float) -> None:
        """One more sample of ``kind``."""
        self.cpu.setdefault(kind, []).append(seconds)


def timed(call: Callable[[], Any]) -> tuple[float, Any]:
    """CPU seconds of this process spent on ``call`` (other processes' load does not count)."""
    start = time.process_time()
    result = call()
    return time.process_time() - start, result


class Host:
    """The host's phone on the writer app: starts matches and enters rounds.

    Its rounds are never timed, so they go the cheapest way a browser without JavaScript
    would send them (a plain form post answered with a redirect), with the version it last
    saw and a fresh one-time key, as a freshly rendered form carries them.
    """

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.phone = Phone(app)
        self.versions: dict[int, int] = {}
        self.rounds: dict[int, int] = {}

    def start(self, limit: int = 1000) -> int:
        """A 5-player 6 nimmt! match that ends only at ``limit`` heads; seat 0 taken."""
        data: dict[str, Any] = {"end": "limit", "limit": str(limit)}
        match_id = self.phone.new_match(NAMES, **data)
        self.phone.claim(match_id, 0)
        self.rounds[match_id] = 0
        self.refresh(match_id)
        return match_id

    def enter(self, match_id: int) -> None:
        """One round, which must be stored: every round of the host is a new version."""
        heads = HEADS[self.rounds[match_id] % len(HEADS)]
        fields = {f"heads-seat{i}": str(h) for i, h in enumerate(heads)}
        fields.update({"heads-version": str(self.versions[match_id]), "heads-idem": one_time_key()})
        answer = self.phone.post(f"/m/{match_id}/entry/heads", fields)
        assert answer.status_code == 303, "the host's round was refused"
        before = self.versions[match_id]
        self.refresh(match_id)
        assert self.versions[match_id] > before, "the host's round made no new version"
        self.rounds[match_id] += 1

    def refresh(self, match_id: int) -> None:
        """The match's version now (another phone may have written since)."""
        with self.app.app_context():
            match = db.session.get(Match, match_id)
            assert match is not None
            self.versions[match_id] = int(match.version)


class Guest:
    """A measured phone: its client on the measured app and what its screen shows per match."""

    def __init__(self, app: Flask) -> None:
        self.phone = TokenPhone(app)
        self.screens: dict[int, Screen] = {}

    def sit(self, match_id: int, seat: int) -> None:
        """Join by code, take ``seat`` and open the sheet (not timed)."""
        self.phone.join(match_id)
        self.phone.claim(match_id, seat)
        self.screens[match_id] = Screen()
        self.screens[match_id].show(text_of(self.phone.get(f"/m/{match_id}", headers=ACCEPT)))

    def poll(self, match_id: int) -> tuple[float, int]:
        """The poll and every follow-up it causes: CPU seconds, and the poll's status."""
        screen = self.screens[match_id]
        url = f"/m/{match_id}/live?v={screen.version}{screen.poll_query()}"
        spent, answer = timed(lambda: self.phone.get(url, hx=True, headers=ACCEPT))
        if answer.status_code != 200:
            return spent, int(answer.status_code)
        screen.show(text_of(answer))
        for follow, headers in screen.follow_ups():
            sent = {**ACCEPT, **headers}
            more, extra = timed(lambda: self.phone.get(follow, hx=True, headers=sent))  # noqa: B023
            assert extra.status_code == 200, (follow, extra.status_code)
            screen.show(text_of(extra))
            spent += more
        return spent, 200

    def enter(self, match_id: int) -> tuple[float, int]:
        """One round from the entry form on screen: CPU seconds and the answer's bytes."""
        screen = self.screens[match_id]
        fields = screen.hidden("heads")
        assert "heads-csrf_token" in fields, "the measured form carries no CSRF token"
        fields.update({f"heads-seat{i}": str(h) for i, h in enumerate(HEADS[screen.version % 5])})
        url = f"/m/{match_id}/entry/heads"
        spent, answer = timed(lambda: self.phone.post(url, fields, hx=True, headers=ACCEPT))
        before = screen.version
        screen.show(text_of(answer))
        assert answer.status_code == 200 and screen.version > before, "the round was not stored"
        return spent, len(body_of(answer))

    def load_sheet(self, match_id: int) -> float:
        """The whole page, as a phone opening the sheet."""
        spent, answer = timed(lambda: self.phone.get(f"/m/{match_id}", headers=ACCEPT))
        assert answer.status_code == 200, answer.status_code
        self.screens[match_id].show(text_of(answer))
        return spent


class Tables:
    """The measured app, the writer app on the same database, the host and four guests."""

    def __init__(self, tmp: Path, bare: Callable[[Flask], None]) -> None:
        url = f"sqlite:///{tmp / 'tables.sqlite'}"
        self.app = make_app(tmp, SQLALCHEMY_DATABASE_URI=url, WTF_CSRF_ENABLED=True)
        bare(self.app)
        self.writer = create_app(
            {**{key: self.app.config[key] for key in SHARED_CONFIG}, "WTF_CSRF_ENABLED": False}
        )  # the same database and secret, its own caches: another worker; its host is not timed
        self.host = Host(self.writer)
        self.guests = [Guest(self.app) for _ in range(4)]
        self.matches: list[int] = []

    def build(self, count: int, entries: int) -> None:
        """``count`` tables whose logs hold ``entries`` rounds, every guest seated."""
        for _ in range(count):
            match_id = self.host.start()
            for _ in range(entries):
                self.host.enter(match_id)
            for seat, guest in enumerate(self.guests, start=1):
                guest.sit(match_id, seat)
            self.catch_up(match_id, self.guests)
            self.matches.append(match_id)

    def catch_up(self, match_id: int, guests: list[Guest]) -> None:
        """Each of ``guests`` polls for the match's newest version (not timed)."""
        for guest in guests:
            _, status = guest.poll(match_id)
            assert status in (200, 204), f"a catching-up poll answered {status}"

    def log_length(self, match_id: int) -> int:
        """Entries in the match's log now (the growth figures say where they were measured)."""
        with self.writer.app_context():
            return int(db.session.query(Entry).filter_by(match_id=match_id).count())

    def bare(self) -> float:
        """One request to the bare endpoint."""
        spent, answer = timed(lambda: self.guests[0].phone.get("/bench/bare", headers=ACCEPT))
        assert answer.status_code == 200
        return spent

    def cycle(self, match_id: int, samples: Samples, bares: int = 10) -> None:
        """One cycle of the table (module docstring), every request timed apart."""
        first, *others = self.guests
        samples.entries.append(self.log_length(match_id))
        self.host.enter(match_id)
        spent, status = first.poll(match_id)
        assert status == 200, f"the first phone's poll after a new version answered {status}"
        samples.add("changed_first", spent)
        for guest in others:
            spent, status = guest.poll(match_id)
            assert status == 200, f"another phone's poll after a new version answered {status}"
            samples.add("changed_other", spent)
        for _ in range(bares):
            spent, status = others[-1].poll(match_id)
            assert status == 204, f"an unchanged poll answered {status}"
            samples.add("unchanged", spent)
            samples.add("bare", self.bare())
        spent, size = first.enter(match_id)
        samples.add("round", spent)
        samples.tap_bytes.append(size)
        self.catch_up(match_id, others)
        self.host.refresh(match_id)
        self.host.enter(match_id)
        samples.add("sheet", others[0].load_sheet(match_id))
        self.catch_up(match_id, [first, *others[1:]])
        samples.entries.append(self.log_length(match_id))

    def close(self) -> None:
        """End both apps' streams and connections."""
        for app in (self.app, self.writer):
            shut_down(app)


def measure(
    tmp: Path, entries: int, tables: int, cycles: int, bare: Callable[[Flask], None]
) -> Samples:
    """Build ``tables`` tables around ``entries`` entries and run ``cycles`` cycles on each."""
    bench = Tables(tmp, bare)
    samples = Samples()
    try:
        bench.build(tables, max(1, entries - (3 * cycles) // 2))
        for _ in range(cycles):
            for match_id in bench.matches:
                bench.cycle(match_id, samples)
    finally:
        bench.close()
    return samples
