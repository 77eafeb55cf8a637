"""What a round submission costs, answer included, at a short and a long log: CPU time as a
multiple of a bare endpoint, the statements it sends to the database and the bytes of its answer.

A phone enters a round from the form of the answer to its previous round, as at the table; the
log is filled straight through :func:`companion.sheet.append` first, so that a long log is
quick to build. Run alone with ``python -m tests.bench.write_path``.
"""

from __future__ import annotations

import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from flask import Flask
from sqlalchemy import event

from companion.extensions import db
from companion.models import Match
from companion.sheet import append

from ..conftest import Phone, make_app
from .browser import ACCEPT, KB
from .inprocess import add_bare

SIZES = (10, 200)
PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def long_match(app: Flask, entries: int, phone: Phone | None = None) -> tuple[Phone, int]:
    """A 5-player 6 nimmt! match (limit 1000, so it never ends) with ``entries`` rounds logged."""
    phone = phone or Phone(app)
    match_id = phone.new_match(PLAYERS, end="limit", limit="1000")
    phone.claim(match_id, 0)
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        for n in range(entries):
            heads = [1 if seat == n % 5 else 0 for seat in range(5)]
            move = {"type": "round", "heads": heads}
            written = append(match, move, version=match.version, idem_key=None, seat=0, device=None)
            assert written.ok, written.error
    return phone, match_id


class Round:
    """One phone entering round after round, each from the form its last answer brought."""

    def __init__(self, phone: Phone, match_id: int) -> None:
        self.phone = phone
        self.match_id = match_id
        self.fields = phone.entry_form(match_id)
        self.last: Any = None

    def __call__(self, headers: dict[str, str] | None = None) -> Any:
        """Submit one round; the next one takes the version and key the answer carries."""
        fields = dict(self.fields)
        fields.update({f"heads-seat{i}": "0" for i in range(5)})
        fields["heads-seat1"] = "1"
        answer = self.phone.post(
            f"/m/{self.match_id}/entry/heads", fields, hx=True, headers=headers or {}
        )
        assert answer.status_code == 200, answer.status_code
        html = answer.get_data(as_text=True) if not headers else None
        if html is not None:
            for name in ("version", "idem"):
                found = re.search(rf'name="heads-{name}"[^>]*value="([^"]*)"', html) or re.search(
                    rf'value="([^"]*)"[^>]*name="heads-{name}"', html
                )
                assert found, f"no heads-{name} in the answer"
                self.fields[f"heads-{name}"] = found.group(1)
        else:
            self.fields = self.phone.entry_form(self.match_id)
        self.last = answer
        return answer


def statements(app: Flask, call: Any) -> int:
    """How many SQL statements ``call`` sends."""
    sent = []
    with app.app_context():
        engine = db.engine

    def count(*_args: Any) -> None:
        sent.append(1)

    event.listen(engine, "before_cursor_execute", count)
    try:
        call()
    finally:
        event.remove(engine, "before_cursor_execute", count)
    return len(sent)


def measure(tmp_path: Path, entries: int, runs: int = 7, loops: int = 8) -> dict[str, float]:
    """A round at ``entries`` log entries: ms, multiple of bare, statements, answer KB.

    Each timed call enters a round at another of ``loops`` matches, so the log grows by only
    ``runs`` entries over the measurement and each phone's form is as fresh as at the table."""
    app = make_app(tmp_path)
    add_bare(app)
    phone = Phone(app)
    tables = [Round(phone, long_match(app, entries, phone)[1]) for _ in range(loops)]
    tables[0]()  # the first answer of the worker renders templates for the first time
    best_bare = best_round = float("inf")
    for _ in range(runs):
        start = time.process_time()
        for _ in range(loops * 4):
            phone.get("/bench/bare")
        best_bare = min(best_bare, (time.process_time() - start) / (loops * 4))
        start = time.process_time()
        for submit in tables:
            submit()
        best_round = min(best_round, (time.process_time() - start) / loops)
    queries = statements(app, tables[1])
    weight = len(tables[2](ACCEPT).get_data()) / KB
    return {
        "entries": entries,
        "bare_ms": best_bare * 1000,
        "round_ms": best_round * 1000,
        "round_x": best_round / best_bare,
        "statements": queries,
        "tap_kb": weight,
    }


def main() -> None:
    """Print the figures at each log length."""
    for entries in SIZES:
        with tempfile.TemporaryDirectory() as tmp:
            figures = measure(Path(tmp), entries)
        print(" ".join(f"{k}={v:.2f}" if isinstance(v, float) else f"{k}={v}"
                       for k, v in figures.items()))  # fmt: skip
        sys.stdout.flush()


if __name__ == "__main__":
    main()
