"""Deleted matches: hidden at once, restorable for 30 days, then removed for good."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, update

from ..extensions import db
from ..models import Entry, Group, Match, Membership, Pending, Seat, utcnow

KEEP = timedelta(days=30)


def aware(value: datetime) -> datetime:
    """A stored timestamp with its zone (SQLite hands back naive UTC values)."""
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def recently_deleted(group: Group) -> list[Match]:
    """The group's matches deleted within the last 30 days, newest deletion first."""
    return list(
        db.session.execute(
            db.select(Match)
            .filter(Match.group_id == group.id, Match.deleted_at.is_not(None))
            .filter(Match.deleted_at > utcnow() - KEEP)
            .order_by(Match.deleted_at.desc(), Match.id.desc())
        ).scalars()
    )


def restorable_until(match: Match) -> datetime | None:
    """When a deleted match will be removed for good."""
    return aware(match.deleted_at) + KEEP if match.deleted_at else None


def purge_deleted(now: datetime | None = None) -> int:
    """Remove matches deleted more than 30 days before ``now``, with everything that hangs on
    them; returns how many. Runs in one transaction and commits."""
    cutoff = (now or utcnow()) - KEEP
    doomed = list(
        db.session.execute(
            db.select(Match.id).filter(Match.deleted_at.is_not(None), Match.deleted_at < cutoff)
        ).scalars()
    )
    if not doomed:
        return 0
    for table in (Entry, Seat, Membership, Pending):
        db.session.execute(delete(table).where(table.match_id.in_(doomed)))
    db.session.execute(
        update(Match).where(Match.next_match_id.in_(doomed)).values(next_match_id=None)
    )
    db.session.execute(delete(Match).where(Match.id.in_(doomed)))
    db.session.commit()
    db.session.expunge_all()
    return len(doomed)
