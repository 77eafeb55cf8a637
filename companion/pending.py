"""Moves that wait for one player's choice before they can enter the log.

6 nimmt! table mode: when the lowest revealed card is lower than every row, its player picks the
row to take, on their own phone. Until then the turn is held here, visible to every phone, and
nothing is placed.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import update

from .extensions import db
from .live.doorbell import ring_later
from .match_rows import MatchRow, PendingRow
from .models import Match, Pending, utcnow

NOTHING_HELD = "companion.nothing_held"
"""Where a request notes the version it just made by storing an entry: nothing is held there."""


def nothing_held(match_id: int, version: int) -> None:
    """Note that this request made ``version`` of the match by storing an entry, so no move is
    held at it (a held move is current only at the version its hold made)."""
    db.session().info[NOTHING_HELD] = (match_id, version)


def pending_for(match: Match | MatchRow) -> Pending | PendingRow | None:
    """The held move of ``match``, if it is still current (no change since it was held); a
    match read as plain rows brought it along, and the answer to a stored entry knows."""
    if isinstance(match, MatchRow):
        return match.pending
    if db.session().info.get(NOTHING_HELD) == (match.id, match.version):
        return None
    held = db.session.get(Pending, match.id)
    if held is None or held.version != match.version:
        return None
    return held


def moved_on(match: Match, version: int) -> bool:
    """Move the match on from ``version`` to the next (every phone then fetches the sheet), in
    the open transaction; False, rolled back, when the match changed since ``version``."""
    bumped = db.session.execute(
        update(Match)
        .where(Match.id == match.id, Match.version == version)
        .values(version=Match.version + 1, active_at=utcnow())
    )
    if bumped.rowcount != 1:
        db.session.rollback()
        return False
    return True


def hold(match: Match, move: dict[str, Any], seat: int, version: int, device: str | None) -> bool:
    """Hold ``move`` until ``seat`` chooses; False when the match changed since ``version``."""
    if not moved_on(match, version):
        return False
    held = db.session.get(Pending, match.id)
    if held is None:
        held = Pending(match_id=match.id)
        db.session.add(held)
    held.move_json = json.dumps(move, separators=(",", ":"))
    held.seat = seat
    held.version = version + 1
    held.device_id = device
    ring_later(db.session, match.id, version + 1)
    db.session.commit()
    db.session.refresh(match)
    return True


def release(match: Match, version: int) -> bool:
    """Drop the move held at ``version`` (taken back before anyone chose), bumping the version
    as a hold does so that every phone sees it go; False when the match changed since."""
    if not moved_on(match, version):
        return False
    held = db.session.get(Pending, match.id)
    if held is not None:
        db.session.delete(held)
    ring_later(db.session, match.id, version + 1)
    db.session.commit()
    db.session.refresh(match)
    return True
