"""A group as a spreadsheet: one row per player per match, places shared on ties.

The places are the group page's (winners first, then each game's own order), so the file and the
page never disagree; a team game puts everyone first and counts no one as a winner.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from ..extensions import db
from ..models import Group, Match
from ..rules import get as rules_for
from ..stats.places import places, seam_of
from ..stats.replays import Finished, final_states, load
from .export import stamp

COLUMNS = ("date", "game", "match_id", "status", "player", "seat", "result", "place", "won")
FORMULA_STARTS = ("=", "+", "-", "@")
"""A text cell starting with one of these is a formula to a spreadsheet program."""


def cell(value: object) -> object:
    """``value`` safe for a spreadsheet: text that would run as a formula is quoted."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def match_rows(match: Finished, status: str, state: Any) -> list[list[object]]:
    """The rows of one match: result from the replayed log, place and whether the seat won."""
    team = seam_of(match.game).cooperative
    standings = rules_for(match.game).standings(state) if state is not None else None
    ranks = places(match, state) if status == "finished" and state is not None else None
    date = stamp(match.finished_at or match.created_at)
    return [
        [
            date,
            match.game,
            match.id,
            status,
            cell(seat.name),
            seat.position + 1,
            standings[seat.position] if standings is not None else "",
            (1 if team else ranks[seat.position][0]) if ranks is not None else "",
            "yes" if seat.position in match.winners and not team else "no",
        ]
        for seat in match.seats
    ]


def export_csv(group: Group) -> str:
    """The CSV text for ``group`` (deleted matches left out), oldest match first.

    Uses the statistics' bulk loaders: a few queries for the whole group, and no historic state
    pushed into the live tables' snapshot cache.
    """
    query = (
        db.select(Match)
        .filter(Match.group_id == group.id, Match.deleted_at.is_(None))
        .order_by(Match.created_at, Match.id)
    )
    matches = load(query)
    statuses = dict(db.session.execute(query.with_only_columns(Match.id, Match.status)).all())
    states = final_states(matches)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for match in matches:
        writer.writerows(match_rows(match, statuses[match.id], states.get(match.id)))
    return out.getvalue()
