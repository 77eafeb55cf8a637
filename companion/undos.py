"""Undoing an entry for a phone: what must be confirmed first, then the undo through
:mod:`companion.writes` like any other write.

An undo is a new entry that takes an earlier one back; nothing is deleted. An undo of an entry
another phone at the table made is asked about before it is stored (undo it there, or confirm):
it is refused with the question, and the answer offers the confirmation in place
(:attr:`companion.writes.Submitted.confirm_undo`).
"""

from __future__ import annotations

from .extensions import db
from .i18n import gettext as _
from .models import Entry, Match, Membership
from .seats import others_at_table
from .writes import Submitted, already_stored, append_from, can_write


def submit_undo(
    match: Match,
    member: Membership,
    seq: int,
    version: object,
    idem_key: str | None,
    confirmed: bool = False,
) -> Submitted:
    """Undo entry ``seq`` by logging an undo; nothing is deleted. Another seated player's
    entry, while their phone is at the table, is undone only after confirming."""
    if (again := already_stored(match, idem_key)) is not None:
        return again
    if not can_write(match, member):
        return Submitted(error=_("Claim your seat first: only players can undo."))
    author = db.session.execute(
        db.select(Entry.device_id).filter_by(match_id=match.id, seq=seq)
    ).scalar_one_or_none()
    name = others_at_table(match, member).get(author or "")
    if name is not None and not confirmed:
        return Submitted(
            error=_(
                "%(name)s's phone made that entry and is at the table. Undo it there, or "
                "confirm that you undo it.",
                name=name,
            ),
            confirm_undo=seq,
        )
    return Submitted(written=append_from(match, member, {}, version, idem_key, undoes=seq))
