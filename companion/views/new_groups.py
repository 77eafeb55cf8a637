"""The groups a phone plays in, as the new-match form offers them.

A group is a table of friends and its history. The form offers the groups of the matches this
phone joined, the newest first chosen, so that a table playing on keeps one history; a new
group gets a name of its own even when the day's default is taken.
"""

from __future__ import annotations

from ..extensions import db
from ..models import Group, Match, Membership
from ..security import device_id


def device_groups() -> list[Group]:
    """Groups of the matches this device joined."""
    return list(
        db.session.execute(
            db.select(Group)
            .join(Match, Match.group_id == Group.id)
            .join(Membership, Membership.match_id == Match.id)
            .filter(Membership.device_id == device_id(), Match.deleted_at.is_(None))
            .distinct()
            .order_by(Group.name)
        ).scalars()
    )


def latest_group(groups: list[Group]) -> str:
    """The group of this device's newest match, which the form offers first: the same table
    playing on is the usual case, and a new group each time would split its history ("new"
    when the device has none)."""
    if not groups:
        return "new"
    newest = db.session.execute(
        db.select(Match.group_id)
        .join(Membership, Membership.match_id == Match.id)
        .filter(Membership.device_id == device_id(), Match.deleted_at.is_(None))
        .order_by(Match.created_at.desc(), Match.id.desc())
        .limit(1)
    ).scalar_one_or_none()
    return str(newest) if newest is not None else "new"


def known_players(group_value: str | None, groups: list[Group]) -> list[str]:
    """Names the chosen group (or every group of this device) already knows."""
    chosen = [g for g in groups if str(g.id) == group_value] or groups
    return sorted({p.name for g in chosen for p in g.players}, key=str.casefold)


def unused_name(label: str, groups: list[Group]) -> str:
    """``label``, or "label (2)", "(3)"... when this device's groups already have it: two new
    groups of one day must not read the same on the home page."""
    taken = {g.name.casefold() for g in groups}
    number, name = 1, label
    while name.casefold() in taken:
        number += 1
        name = f"{label} ({number})"
    return name
