"""Importing a file again adds nothing: matches already here (by their uid) are skipped, and the
new ones go into the group that already holds the file's matches or has its name.

:func:`companion.archive.importer.import_group` makes a new group of the whole file (backups
restore through it); :func:`import_matches` is what a person's upload and ``flask import-group``
use. Nothing is committed here: the caller commits, or rolls back on ImportRefused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..extensions import db
from ..models import Group, Match, Membership
from .export import FORMAT, VERSION
from .importer import add_match, add_players, checked_matches, ensure_device_row, new_group
from .schema import check_top


@dataclass(frozen=True)
class Imported:
    """What an import did: the group the new matches went to (or that already holds them),
    how many matches it added, how many of the file's were already here, and whether it
    added to a group that existed before."""

    group: Group | None
    added: int
    present: int
    merged: bool


def folded(name: str) -> str:
    """A group name compared the way people read it: spaces squeezed, case ignored."""
    return " ".join(name.split()).casefold()


def present_matches(uids: list[str]) -> dict[str, Match]:
    """The matches here that carry one of ``uids``, deleted ones included (a deleted match
    is restored from its group, not imported twice)."""
    found: dict[str, Match] = {}
    for start in range(0, len(uids), 500):
        part = uids[start : start + 500]
        for match in db.session.execute(db.select(Match).filter(Match.uid.in_(part))).scalars():
            found[match.uid] = match
    return found


def member_groups(device_id: str | None) -> list[Group]:
    """The groups this device may see (it joined one of their matches), oldest first."""
    if device_id is None:
        return []
    joined = (
        db.select(Match.group_id)
        .join(Membership, Membership.match_id == Match.id)
        .filter(Membership.device_id == device_id, Match.deleted_at.is_(None))
    )
    return list(
        db.session.execute(
            db.select(Group).filter(Group.id.in_(joined)).order_by(Group.id)
        ).scalars()
    )


def merge_target(name: str, present: dict[str, Match], device_id: str | None) -> Group | None:
    """Where new matches go when merging: the device's group that already holds some of the
    file's matches, else its group of the same name, else None (a new group)."""
    groups = member_groups(device_id)
    holding = {match.group_id for match in present.values()}
    for group in groups:
        if group.id in holding:
            return group
    wanted = folded(name)
    return next((group for group in groups if folded(group.name) == wanted), None)


def import_matches(data: dict[str, Any], device_id: str | None, merge: bool = True) -> Imported:
    """Add the file's matches that are not here yet; with ``merge``, into the group that holds
    the others or has the file's name. A file with nothing new adds nothing."""
    top = check_top(data, FORMAT, VERSION)
    matches = checked_matches(top["matches"])
    present = present_matches([m["uid"] for m in matches if m.get("uid")])
    fresh = [m for m in matches if m.get("uid") not in present]
    visible = merge_target(top["group"]["name"], present, device_id) if present else None
    if not fresh:
        return Imported(visible, 0, len(matches), False)
    group = merge_target(top["group"]["name"], present, device_id) if merge else None
    merged = group is not None
    if group is None:
        group = new_group(top["group"])
    players = add_players(group, top["players"], fresh)
    ensure_device_row(device_id)
    created: dict[int, Match] = {}
    new_ids = {m["id"] for m in fresh}
    for number, data_match in enumerate(matches, start=1):
        if data_match["id"] in new_ids:
            created[data_match["id"]] = add_match(group, number, data_match, players, device_id)
    link(matches, created, present, group)
    db.session.flush()
    return Imported(group, len(fresh), len(matches) - len(fresh), merged)


def link(
    matches: list[dict[str, Any]],
    created: dict[int, Match],
    present: dict[str, Match],
    group: Group,
) -> None:
    """Rematch links of the new matches, to a new match or to one already in the group."""
    by_id = {m["id"]: m for m in matches}
    for data_match in matches:
        target = data_match.get("next_match")
        if data_match["id"] not in created or target is None:
            continue
        if target in created:
            created[data_match["id"]].next_match_id = created[target].id
            continue
        earlier = present.get(by_id[target].get("uid") or "")
        if earlier is not None and earlier.group_id == group.id:
            created[data_match["id"]].next_match_id = earlier.id
