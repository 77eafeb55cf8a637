"""A group as plain JSON data: every match with its seats, options and entry log.

Only what the rules need to replay a match goes out, plus timestamps; devices, codes and host
rights stay on this installation. Deleted matches are left out of a person's export; a backup
keeps those still within their 30 days of undo, with their ``deleted_at``, so that a restore
loses nothing a host could still have brought back.

Call these inside :func:`companion.archive.consistent.one_snapshot`, so that every query sees
the same instant.
"""

from __future__ import annotations

import json
from collections import defaultdict
from datetime import UTC, datetime
from typing import Any

from ..extensions import db
from ..models import Entry, Group, Match, Player, Seat, utcnow

FORMAT = "companion-group"
VERSION = 1


def stamp(value: datetime | None) -> str | None:
    """A timestamp as ISO 8601 in UTC (SQLite hands back naive values, which are UTC)."""
    if value is None:
        return None
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC).isoformat()


def live_matches(group: Group, deleted: bool = False) -> list[Match]:
    """The group's matches, oldest first: those not deleted, or (``deleted``) all of them."""
    query = db.select(Match).filter(Match.group_id == group.id)
    if not deleted:
        query = query.filter(Match.deleted_at.is_(None))
    return list(db.session.execute(query.order_by(Match.created_at, Match.id)).scalars())


def seats_by_match(group: Group) -> dict[int, list[dict[str, Any]]]:
    """Every seat of the group's matches with its player's name, in one query."""
    rows = db.session.execute(
        db.select(Seat.match_id, Seat.position, Player.name)
        .join(Player, Player.id == Seat.player_id)
        .join(Match, Match.id == Seat.match_id)
        .filter(Match.group_id == group.id)
        .order_by(Seat.match_id, Seat.position)
    )
    seats: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for match_id, position, name in rows:
        seats[match_id].append({"position": position, "player": name})
    return seats


def entries_by_match(group: Group) -> dict[int, list[dict[str, Any]]]:
    """Every entry of the group's matches in log order, in one query."""
    rows = db.session.execute(
        db.select(Entry)
        .join(Match, Match.id == Entry.match_id)
        .filter(Match.group_id == group.id)
        .order_by(Entry.match_id, Entry.seq)
    ).scalars()
    entries: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for entry in rows:
        entries[entry.match_id].append(
            {
                "seq": entry.seq,
                "move": json.loads(entry.move_json),
                "undoes": entry.undoes,
                "seat": entry.seat,
                "created_at": stamp(entry.created_at),
            }
        )
    return entries


def export_group(group: Group, *, deleted: bool = False) -> dict[str, Any]:
    """The group as the documented JSON object (docs/export-format.md); ``deleted`` keeps the
    deleted matches too, each with its ``deleted_at`` (backups)."""
    matches = live_matches(group, deleted)
    exported = {m.id for m in matches}
    seats = seats_by_match(group)
    entries = entries_by_match(group)
    used = {seat["player"] for m in matches for seat in seats[m.id]}
    names = sorted({p.name for p in group.players} | used, key=str.casefold)
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": stamp(utcnow()),
        "group": {"name": group.name, "created_at": stamp(group.created_at)},
        "players": names,
        "matches": [
            {
                "id": m.id,
                "uid": m.uid,
                "game": m.game,
                "options": m.options or {},
                "seed": m.seed,
                "status": m.status,
                "created_at": stamp(m.created_at),
                "finished_at": stamp(m.finished_at),
                "winners": m.winners,
                "next_match": m.next_match_id if m.next_match_id in exported else None,
                "seats": seats[m.id],
                "entries": entries[m.id],
                **({"deleted_at": stamp(m.deleted_at)} if m.deleted_at else {}),
            }
            for m in matches
        ],
    }
