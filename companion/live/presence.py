"""A phone that listens to its match's doorbell is at the table: its worker says so.

A seat's holder counts as present for ``SEAT_HELD_SECONDS`` after its phone was last seen
(:mod:`companion.seats`), and a poll notes it (once a minute, :mod:`companion.member_state`).
A page that keeps hearing its stream makes no timed poll (``static/js/doorbell.js``), and a
stream lasts up to five minutes: without this, a phone that sits at the table listening would
count as away after three, and another phone could take its seat without asking. So the
worker's watcher notes every listening phone once a minute, in one statement for all of them,
rather than each stream (or each page) writing on its own.
"""

from __future__ import annotations

import logging
import time

from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from ..db_deadline import within
from ..member_state import MARK_SEEN
from ..models import utcnow
from ..seats import SEEN_EVERY
from .doorbell import Broker

log = logging.getLogger(__name__)
DEADLINE_SECONDS = 4.0
"""How long the one statement may wait for the database (a missed minute is made up the next)."""


class Presence:
    """When this worker last noted its listening phones, and the noting itself."""

    def __init__(self, every: float = SEEN_EVERY.total_seconds()) -> None:
        self.every = every
        self.noted = time.monotonic()

    def note(self, broker: Broker, engine: Engine) -> int:
        """Note every phone that listens now, when a minute has passed since the last time;
        the number of phones noted (0 when it was not yet time, or nobody listens)."""
        now = time.monotonic()
        if now - self.noted < self.every:
            return 0
        self.noted = now
        listening = broker.members()
        if not listening:
            return 0
        stamp = utcnow()
        rows = [{"mid": match_id, "dev": device, "now": stamp} for match_id, device in listening]
        try:
            with within(DEADLINE_SECONDS), engine.begin() as connection:
                connection.execute(MARK_SEEN, rows)
        except SQLAlchemyError as error:
            log.warning("could not note the listening phones as present (%s)", error)
            return 0
        return len(rows)
