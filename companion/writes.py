"""Submitting a form for a phone: what becomes of it, decided in one place below the views.

A phone sends an entry, a row choice or an undo (:mod:`companion.undos`). The answer is one of
four: the move is stored (or was already, from the same one-time key), it is held until another
phone chooses or adds its part, it is refused with a reason (the form comes back as typed), or
the sheet changed meanwhile and the phone should look again. :class:`Submitted` says which;
the views only turn it into a page or a fragment. Every write itself goes through
:func:`companion.sheet.append`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wtforms.validators import ValidationError

from .extensions import db
from .games import EntryKind, Seam, seam_for
from .i18n import gettext as _
from .models import Entry, Match, Membership
from .pending import hold, pending_for
from .rules import IllegalMove
from .seats import acting_for
from .security import is_host
from .sheet import (
    ATTEMPTS,
    MATCH_COLUMNS,
    Sheet,
    Written,
    append,
    bounded_version,
    by_key,
    entries_since,
    replay,
)
from .translate import reason


@dataclass(frozen=True)
class Submitted:
    """What became of a submitted form.

    ``written`` is the log's answer (stored, a duplicate tap, stale, or refused by the rules);
    ``held`` means the move waits for another phone, or that the move held was taken back
    (``notice`` then says so); ``notice`` alone that the sheet changed under the form;
    otherwise the form is refused as typed, with ``error`` or with its own field errors.
    ``confirm_undo`` is the entry an undo was refused for until this phone confirms it (another
    phone at the table made it, or the match is over): the answer asks for that confirmation
    in place. ``confirm_held`` says the same of taking back the move held for a choice.
    """

    written: Written | None = None
    held: bool = False
    error: str | None = None
    notice: str | None = None
    confirm_undo: int | None = None
    confirm_held: bool = False


def can_write(match: Match, member: Membership) -> bool:
    """Seated players and the host enter moves; other members only watch."""
    return member.seat is not None or is_host(match)


def for_other(match: Match, member: Membership, seat: int | None, confirmed: bool) -> str | None:
    """Why this phone may not make a move of ``seat`` without saying so: that seat's own phone
    is at the table. None when the move may go ahead."""
    name = acting_for(match, member, seat)
    if name is None or confirmed:
        return None
    return _(
        "This is %(name)s's move, and %(name)s's phone is at the table. Make it there, or "
        "confirm that you make it for %(name)s.",
        name=name,
    )


def submit_entry(
    match: Match,
    member: Membership,
    current: Sheet[Any],
    kind: EntryKind,
    form: Any,
    confirmed: bool = False,
) -> Submitted:
    """Check a filled entry form and store its move, hold it, or say why not.

    A move that is another seated player's own (its turn) needs ``confirmed`` while that
    player's phone is at the table."""
    if (again := already_stored(match, form.idem.data)) is not None:
        return again
    if not can_write(match, member):
        return Submitted(error=_("Claim your seat first: only players make entries."))
    if not match.is_open:
        return Submitted(error=_("The match is over: no more entries."))
    if not form.validate():
        return refused_as_typed(match, form)
    try:
        move = kind.to_move(current, form)
    except ValidationError:
        return refused_as_typed(match, form)
    seam = seam_for(match.game)
    refused = for_other(match, member, seam.owner(current, move), confirmed)
    if refused is not None:
        return Submitted(error=refused)
    if seam.gathers_parts:
        return gather_part(match, member, seam, form, move)
    seat = seam.chooser(current, move)
    if seat is not None:
        return hold_for_choice(match, member, current, form, move, seat)
    return Submitted(written=append_from(match, member, move, form.version.data, form.idem.data))


def refused_as_typed(match: Match, form: Any) -> Submitted:
    """A form whose boxes are refused: when someone entered something since it was rendered,
    that is the news (the phone sees the sheet moved, with what it typed and its marks kept);
    otherwise the boxes' own messages."""
    latest = entered_since(match, form)
    return Submitted(written=Written(stale_after=latest)) if latest else Submitted()


def entered_since(match: Match, form: Any) -> Entry | None:
    """The newest entry stored after ``form`` was rendered, if any: after the entry it saw
    when it knows one (its parts are gathered from several phones), else after its version."""
    seen = form.seen_entry()
    if seen is not None:
        later = Entry.match_id == match.id, Entry.seq > seen
        newest = db.select(Entry).filter(*later).order_by(Entry.seq.desc()).limit(1)
        return db.session.execute(newest).scalar()
    version = bounded_version(form.version.data)
    since = entries_since(match, version) if version != match.version else []
    return since[-1] if since else None


def submit_to_a_kind_gone(match: Match, version: int | None, idem: str | None) -> Submitted | None:
    """A form of an entry kind the sheet no longer offers, because the table went on since it
    was drawn (The Game's result alone, once another phone tracks a card): the news of what
    came first, as for any form overtaken, or the write itself if it was stored (its own
    retry). None for a form of no such moment (the kind is unknown: the caller answers 404)."""
    if (again := already_stored(match, idem)) is not None:
        return again
    if version is None or bounded_version(version) == match.version:
        return None
    since = entries_since(match, bounded_version(version))
    return Submitted(written=Written(stale_after=since[-1])) if since else None


def already_stored(match: Match, idem_key: str | None) -> Submitted | None:
    """The answer to a write the log already holds under this one-time key: the same tap sent
    again, because its answer never reached the phone (the outbox retries it).

    It is looked up before anything else is checked: the write itself may have changed what
    a check would find now (it ended the match, it took the held turn that a row choice was
    for), and a phone told that its stored entry was refused would type it a second time."""
    earlier = by_key(match, idem_key)
    return Submitted(written=Written(entry=earlier, duplicate=True)) if earlier else None


def append_from(
    match: Match,
    member: Membership,
    move: dict[str, Any],
    version: object,
    idem_key: str | None,
    undoes: int | None = None,
) -> Written:
    """Append for this phone: its seat and device go into the log line."""
    return append(
        match,
        move,
        version=bounded_version(version),
        idem_key=idem_key,
        seat=member.seat,
        device=member.device_id,
        undoes=undoes,
    )


def hold_for_choice(
    match: Match,
    member: Membership,
    current: Sheet[Any],
    form: Any,
    move: dict[str, Any],
    seat: int,
) -> Submitted:
    """Check a turn that needs a player's row choice, then hold it for that player's phone."""
    if (latest := entered_since(match, form)) is not None:
        return Submitted(written=Written(stale_after=latest))
    trial = dict(move, row_choice=[0 if i == seat else None for i in range(len(current.players))])
    try:
        current.rules.apply(current.state, trial)
    except IllegalMove as refused:
        return Submitted(error=reason(refused))
    if not hold(match, move, seat, match.version, member.device_id):
        return Submitted(
            notice=_(
                "The sheet changed while you entered this. Check it and "
                "enter again if it is still needed."
            )
        )
    return Submitted(held=True)


def gather_part(
    match: Match, member: Membership, seam: Seam[Any], form: Any, move: dict[str, Any]
) -> Submitted:
    """A move that several phones complete together, each its own part (Nuota's hands).

    The seam merges this phone's part with the parts held so far (or raises IllegalMove). A
    complete move is stored; an incomplete one is held (:mod:`companion.pending`) for the other
    phones, retried if another part arrived at the same moment. A part typed before someone
    else's entry is stale: by the last log entry the form was rendered after, when the form
    knows it (holds and seat claims move the version without making a part stale), else by
    the version.
    """
    version = known = bounded_version(form.version.data)
    seen = form.seen_entry()
    for _attempt in range(ATTEMPTS):
        db.session.refresh(match, MATCH_COLUMNS)
        current = replay(match)
        latest = current.entries[-1] if current.entries else None
        if seen is not None:
            if latest is not None and latest.seq > seen:
                return Submitted(written=Written(stale_after=latest))
            version = match.version
        elif version != match.version and entries_since(match, version):
            return Submitted(written=Written(stale_after=latest))
        try:
            whole, complete = seam.gather(current, move, member.seat, is_host(match), known)
        except IllegalMove as refused:
            return Submitted(error=reason(refused))
        if complete:
            return Submitted(written=append_from(match, member, whole, version, form.idem.data))
        part = member.seat if member.seat is not None else -1
        if hold(match, whole, part, match.version, member.device_id):
            return Submitted(held=True)
    return Submitted(error=_("Nothing was saved. Try again."))


def submit_choice(
    match: Match,
    member: Membership,
    row: int,
    version: object,
    idem_key: str | None,
    confirmed: bool = False,
) -> Submitted:
    """The player with the too-low card picks the row to take; the held turn is then placed.
    Another phone picks for them only after confirming, while their phone is at the table."""
    if (again := already_stored(match, idem_key)) is not None:
        return again
    if not can_write(match, member):
        return Submitted(error=_("Claim your seat first: only players make entries."))
    held = pending_for(match)
    # A choice is for the hold its buttons were drawn at: one kept offline may reach the same
    # turn held again since (a seat claimed drops a hold), which it was not made for.
    moot = held is None or bounded_version(version) != held.version
    if moot or not isinstance(held.move.get("row_choice"), list):
        return Submitted(notice=_("That choice is no longer needed: the sheet changed."))
    refused = for_other(match, member, held.seat, confirmed)
    if refused is not None:
        return Submitted(error=refused)
    move = held.move
    move["row_choice"][held.seat] = row
    return Submitted(written=append_from(match, member, move, version, idem_key))
