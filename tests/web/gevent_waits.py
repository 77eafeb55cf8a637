"""A request's waits for PostgreSQL in a gevent worker, seen from another greenlet.

Run as ``python -m tests.web.gevent_waits <database url> <brief wait> <hold>`` (seconds) by
test_db_wait.py: gevent must patch the standard library before the app is imported, which a
test process that has imported it already cannot do. Prints one JSON object: how often another
greenlet ran during 20 quick queries, during a 0.2 s one and during ten of 0.02 s, and what a
query that outlives the request's deadline raised, and after how long.
"""

from gevent import monkey

monkey.patch_all()

import json  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from typing import Any  # noqa: E402

import gevent  # noqa: E402
from sqlalchemy import text  # noqa: E402

from companion import create_app  # noqa: E402
from companion.extensions import db  # noqa: E402

DEADLINE = 1.5


class Ticker:
    """Another request of the same worker: counts each time it gets to run."""

    def __init__(self) -> None:
        self.ticks = 0
        self.greenlet = gevent.spawn(self.run)
        gevent.sleep(0)

    def run(self) -> None:
        while True:
            self.ticks += 1
            gevent.sleep(0)

    def during(self, sql: str, times: int = 1) -> int:
        """Ticks while this greenlet runs ``sql`` ``times`` times."""
        before = self.ticks
        for _ in range(times):
            db.session.execute(text(sql))
        return self.ticks - before


def past_deadline() -> dict[str, Any]:
    """What a query longer than the deadline raises, and when."""
    start = time.monotonic()
    try:
        db.session.execute(text("SELECT pg_sleep(5)"))
        raised = None
    except Exception as error:  # noqa: BLE001 - reported to the test, which judges it
        raised = type(getattr(error, "orig", error)).__name__
    return {"raised": raised, "after": time.monotonic() - start}


def main(url: str, brief: float, hold: float) -> dict[str, Any]:
    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": url,
            "SECRET_KEY": "gevent-waits",
            "TESTING": True,
            "DB_DEADLINE_SECONDS": DEADLINE,
            "DB_BRIEF_WAIT_SECONDS": brief,
            "DB_HOLD_SECONDS": hold,
        }
    )
    with app.test_request_context("/"):
        app.preprocess_request()  # the request's deadline, as for a real request
        db.session.execute(text("SELECT 1"))  # the connection is opened outside the counts
        ticker = Ticker()
        found: dict[str, Any] = {"quick": ticker.during("SELECT 1", 20)}
        found["slow"] = ticker.during("SELECT pg_sleep(0.2)")
        found["steady"] = ticker.during("SELECT pg_sleep(0.02)", 10)
        found.update(past_deadline())
        db.session.remove()
        db.engine.dispose()
    return found


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], float(sys.argv[2]), float(sys.argv[3]))))
