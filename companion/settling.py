"""A match's status kept in step with its log: finished when the rules say it ended, playing
again when an undo reopens it, and the :data:`settled` signal for whoever keeps numbers of
finished matches, sent in the transaction of the write.
"""

from __future__ import annotations

from typing import Any

from blinker import Namespace

from .models import Match, utcnow
from .rules import Outcome

settled = Namespace().signal("match-settled")
"""Sent in the transaction of a write that finishes, reopens or re-decides a match, so that
:mod:`companion.results` stores the seats' numbers in the same commit (a signal: the seams that
say what those numbers are build on this module)."""


def settle_status(match: Match, outcome: Outcome | None, state: Any) -> None:
    """Finish or reopen the match to agree with the new state of its log; tell whoever keeps
    numbers of finished matches (:data:`settled`) in the same transaction."""
    from .security import new_code

    was_finished = match.status == "finished"
    if outcome is not None and match.status == "playing":
        match.status = "finished"
        match.winners = list(outcome.winners)
        match.finished_at = utcnow()
    elif (
        outcome is not None
        and match.status == "finished"
        and outcome.winners != tuple(match.winners or ())
    ):
        match.winners = list(outcome.winners)
    elif outcome is None and match.status == "finished":
        match.status = "playing"
        match.winners = None
        match.finished_at = None
        match.code = new_code()
    if was_finished or match.status == "finished":
        settled.send(match, state=state)
