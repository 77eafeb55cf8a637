"""How long a join code admits new phones: until the table has been quiet for a while.

A photo of the QR code shared in a group chat should not let anyone in next month. A code
therefore stops admitting phones once nothing has happened at the table for
``JOIN_CODE_TTL_HOURS`` (an entry, a held choice, a seat claimed, a host action, a phone
joining all count; reading and polling do not), and for good when the match ends (the match
keeps its last code, which admits nobody: views/joining.py tells an old link apart). The
host's "new code" is a host action, so the new code starts with a fresh clock. Phones that
already joined keep their way in: membership, not the code, opens the sheet.

The clock is ``Match.active_at``, set in the same statement that bumps the version
(sheet.py, pending.py) so keeping it costs no extra query.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from flask import current_app

from .models import Match, utcnow


def ttl() -> timedelta | None:
    """The idle time after which a code expires; None when the setting is 0 (never)."""
    hours = float(current_app.config.get("JOIN_CODE_TTL_HOURS") or 0)
    return timedelta(hours=hours) if hours > 0 else None


def last_active(match: Match) -> datetime:
    """When something last happened at the table (a match older than the column: its start)."""
    value = match.active_at or match.created_at
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def expired(match: Match, now: datetime | None = None) -> bool:
    """Whether the match's code has gone unused too long to admit a new phone."""
    limit = ttl()
    return limit is not None and (now or utcnow()) - last_active(match) > limit


def mark_active(match: Match) -> None:
    """Count a phone joining as activity (the caller commits)."""
    match.active_at = utcnow()
