"""The new-match form's one-time key: "Start the sheet" tapped twice, or a POST the browser
sends again on a slow network, starts one match, and every copy of the form lands on it.

The key is stored on the match it started (``Match.start_key``, unique across all matches: the
keys are 128 random bits, so two phones never draw the same one). A form whose key is already
stored is answered with that match; two copies that race both miss the lookup, the unique index
lets one insert through, and the other is answered with the winner (:func:`winner_of`).

A rematch needs no key of its own: the finished match names the one that followed it
(``next_match_id``), so a second tap lands there. Two phones tapping it at once both read no
rematch yet; :func:`claim_rematch` links the new match only where none was linked meanwhile,
and the phone that comes second is sent to the first one's rematch instead.
"""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy import bindparam, select, update
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..models import Match
from ..sheet import IDEM_KEY

STARTED_WITH = select(Match.id).where(Match.start_key == bindparam("key"))


def fresh_key() -> str:
    """A new one-time key for a rendered new-match form."""
    return secrets.token_urlsafe(16)


def sent_key(form: Any) -> str | None:
    """The key the form came with, or None for a form without one (a page from before keys)
    or with anything that does not look like one."""
    key = form.idem.data
    return key if isinstance(key, str) and IDEM_KEY.fullmatch(key) else None


def started_with(key: str | None) -> int | None:
    """The id of the match this key started, if one did."""
    if key is None:
        return None
    found: int | None = db.session.execute(STARTED_WITH, {"key": key}).scalar_one_or_none()
    return found


def winner_of(key: str | None, error: IntegrityError) -> int:
    """After an insert the database refused: the match a racing copy of the same form stored
    first. Any other refusal (no match holds the key) is raised again."""
    db.session.rollback()
    found = started_with(key)
    if found is None:
        raise error
    return found


def rematch_of(match: Match) -> Match | None:
    """The match started as the rematch of ``match`` (deleted or not), if one was."""
    return db.session.get(Match, match.next_match_id) if match.next_match_id else None


def claim_rematch(match: Match, following: Match | None, new: Match) -> bool:
    """Link ``new`` as the rematch of ``match``, if the link is still what this request read
    (``following``: none, or a rematch deleted since); False when another phone's rematch
    was linked meanwhile. On PostgreSQL the row's lock makes a racing claim wait and then
    find the link taken; SQLite lets one writer at a time through."""
    linked = Match.next_match_id
    seen = linked.is_(None) if following is None else linked == following.id
    claimed = db.session.execute(
        update(Match)
        .where(Match.id == match.id, seen)
        .values(next_match_id=new.id)
        .returning(Match.id)
        .execution_options(synchronize_session=False)
    )
    return claimed.scalar_one_or_none() is not None
