"""Undoing an entry for a phone: what must be confirmed first, then the undo through
:mod:`companion.writes` like any other write.

An undo is a new entry that takes an earlier one back; nothing is deleted. Two undos are asked
about before they are stored: one of an entry another phone at the table made (undo it there,
or confirm), and one in a match that is over, which can reopen it and take its result out of
the history. Either is refused with the question, and the answer offers the confirmation in
place (:attr:`companion.writes.Submitted.confirm_undo`). A move held for a choice, which is no
entry, is asked about in the same way when another phone at the table entered it
(:attr:`~companion.writes.Submitted.confirm_held`).
"""

from __future__ import annotations

from sqlalchemy.orm import aliased

from .extensions import db
from .games import seam_for
from .i18n import gettext as _
from .models import NO_RESULT, Entry, Match, Membership
from .pending import pending_for, release
from .seats import others_at_table
from .sheet import bounded_version
from .writes import Submitted, already_stored, append_from, can_write

ENDED = ("finished", NO_RESULT)
"""The statuses of a match that is over and can still change (an abandoned one cannot)."""


def submit_undo(
    match: Match,
    member: Membership,
    seq: int,
    version: object,
    idem_key: str | None,
    confirmed: bool = False,
    after_end: bool = False,
) -> Submitted:
    """Undo entry ``seq`` by logging an undo; nothing is deleted. Another seated player's
    entry, while their phone is at the table, is undone only once that is ``confirmed``; any
    entry of a match that is over only once the phone confirmed it knows (``after_end``: a
    button drawn while the match was open never says so, even for another phone's entry)."""
    if (again := already_stored(match, idem_key)) is not None:
        return again
    if not can_write(match, member):
        return Submitted(error=_("Claim your seat first: only players can undo."))
    asked = questions(match, member, seq, confirmed, after_end)
    if asked:
        return Submitted(error=" ".join(asked), confirm_undo=seq)
    return Submitted(written=append_from(match, member, {}, version, idem_key, undoes=seq))


def questions(
    match: Match, member: Membership, seq: int, for_other: bool, after_end: bool
) -> list[str]:
    """What this phone is still asked before entry ``seq`` is undone (each question not yet
    confirmed): nothing for an entry the log refuses to undo anyway (none such, an undo itself,
    one already undone), which it then says."""
    if for_other and after_end:
        return []
    undo = aliased(Entry)
    undone = db.select(undo.seq).filter(undo.match_id == match.id, undo.undoes == seq).exists()
    found = db.session.execute(
        db.select(Entry.device_id, Entry.undoes, undone.label("undone")).filter_by(
            match_id=match.id, seq=seq
        )
    ).one_or_none()
    if found is None or found.undoes is not None or found.undone:
        return []
    asked = []
    if match.status in ENDED and not after_end:
        asked.append(
            _(
                "The match is over. Undoing this entry can reopen it, and its result then "
                "leaves the history until it ends again."
            )
        )
    name = None if for_other else others_at_table(match, member).get(found.device_id or "")
    if name is not None:
        asked.append(
            _(
                "%(name)s's phone made that entry and is at the table. Undo it there, or "
                "confirm that you undo it.",
                name=name,
            )
        )
    return asked


def submit_undo_held(
    match: Match, member: Membership, version: object, confirmed: bool = False
) -> Submitted:
    """Take back the move held for a player's choice, and nothing else: it never entered the
    log, so undoing the newest entry would take the entry before it as well (6 nimmt!'s
    starting rows, under a first turn waiting for a row). Only where the game allows it, and,
    as for an entry, only once ``confirmed`` when another phone at the table entered it."""
    if not can_write(match, member):
        return Submitted(error=_("Claim your seat first: only players can undo."))
    held = pending_for(match)
    seen = bounded_version(version)
    allowed = seam_for(match.game).takes_back_held
    if held is None or not allowed or held.version != seen:
        return Submitted(notice=_("That turn is no longer waiting: the sheet changed."))
    question = None if confirmed else held_question(match, member, held.device_id)
    if question is not None:
        return Submitted(error=question, confirm_held=True)
    if not release(match, seen):
        return Submitted(notice=_("That turn is no longer waiting: the sheet changed."))
    return Submitted(
        held=True, notice=_("The waiting turn is undone: none of its cards were placed.")
    )


def held_question(match: Match, member: Membership, device: str | None) -> str | None:
    """What this phone is asked before it takes back a held move that ``device`` entered: that
    phone is at the table and its player may be about to act on the move. None for this
    phone's own held move, or one whose phone has gone."""
    name = others_at_table(match, member).get(device or "")
    if name is None:
        return None
    return _(
        "%(name)s's phone entered that turn and is at the table. Undo it there, or "
        "confirm that you undo it.",
        name=name,
    )
