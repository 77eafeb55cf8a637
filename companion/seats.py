"""Seats with consent: who holds a seat, who asked for one, and who may act for whom.

A phone that was seen at the table in the last few minutes (``SEAT_HELD_SECONDS``) keeps its
seat until it consents: another phone only *asks*, the holder's phone is told and lets the seat
go or keeps it; the host may hand the seat over after a confirmation. A seat whose phone has
gone quiet, or that no phone holds, is free to take with one tap (pass-and-play: a seat with no
phone is open to every seated phone). Tapping your own seat never leaves it; leaving is its own
action.

The same idea guards moves: a move that belongs to another seated player (their row choice,
their turn, an undo of their entry) is made by their phone, or by another one only when it says
so (``for_other``). None of this commits: the caller bumps the version and commits.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from flask import current_app
from sqlalchemy import bindparam, event
from sqlalchemy.orm import Session

from .extensions import db
from .models import Match, Membership, utcnow

SEEN_EVERY = timedelta(seconds=60)
"""How stale ``last_seen`` may grow before a poll writes it again (once a minute, not per poll)."""


def aware(moment: datetime) -> datetime:
    """An aware UTC datetime (SQLite gives naive ones back)."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def held_for() -> timedelta:
    """How long after its last request a phone still counts as at the table."""
    return timedelta(seconds=current_app.config["SEAT_HELD_SECONDS"])


def present(member: Membership | None) -> bool:
    """Whether this member's phone was seen recently enough to be asked before losing its seat."""
    if member is None or member.last_seen is None:
        return False
    return utcnow() - aware(member.last_seen) < held_for()


def needs_seen(last_seen: datetime | None) -> bool:
    """Whether a request from this phone should write a new ``last_seen``."""
    return last_seen is None or utcnow() - aware(last_seen) >= SEEN_EVERY


def mark_seen(member: Membership) -> None:
    """Note that this phone is at the table (at most once a minute; the caller commits)."""
    if needs_seen(member.last_seen):
        member.last_seen = utcnow()


MEMBERS = db.select(Membership).filter(Membership.match_id == bindparam("match_id"))
"""Built once: every phone of one match (only the id changes)."""
MEMO = "companion.members"
"""Where a session keeps the members it read, by match id, until its next write."""


def members(match: Match) -> list[Membership]:
    """Every phone that joined ``match``.

    A sheet asks for them several times (this phone's membership, the seats, the requests, the
    undo confirmations): they are read once and kept in the session until it writes or its
    transaction ends (a move's own commit keeps them, :func:`members_kept`). Kept rows are the
    session's own objects, so a change made to one in between is seen; while a membership is
    being added or deleted the database is asked again.
    """
    session = db.session()
    settled = not session.new and not session.deleted
    memo = session.info.get(MEMO) if settled else None
    if memo is not None and match.id in memo:
        return list(memo[match.id])
    rows = list(session.execute(MEMBERS, {"match_id": match.id}).scalars())
    if settled:
        session.info.setdefault(MEMO, {})[match.id] = rows
    return list(rows)


@contextmanager
def members_kept() -> Iterator[None]:
    """Keep the members read so far through a commit that changes none of them (a move's, whose
    answer names the phones that made the lines): without it the commit forgets them and the
    answer reads them again. Nothing is kept when a membership is among the changes."""
    session = db.session()
    memo = session.info.get(MEMO)
    pending = (*session.new, *session.dirty, *session.deleted)
    untouched = not any(isinstance(change, Membership) for change in pending)
    yield
    if memo is not None and untouched:
        session.info[MEMO] = memo


def forget_members(session: Session, *_args: object) -> None:
    """Drop the kept members: after a write or at the end of a transaction they may be stale."""
    session.info.pop(MEMO, None)


event.listen(Session, "after_flush", forget_members)
event.listen(Session, "after_transaction_end", forget_members)


def holder(match: Match, position: int) -> Membership | None:
    """The phone holding seat ``position``, if any."""
    return next((m for m in members(match) if m.seat == position), None)


@dataclass(frozen=True)
class Claim:
    """What became of "I am …": ``taken``, ``asked`` (the holder must consent), ``already``, or
    ``lost``: the seat was free when this phone saw it and another phone took it first."""

    outcome: str


def claim(
    match: Match,
    member: Membership,
    position: int,
    *,
    as_host: bool = False,
    saw_free: bool = False,
) -> Claim:
    """Take seat ``position`` if it is free or its phone went quiet; otherwise ask its phone.

    ``as_host`` is the host's confirmed reassignment: the seat changes hands without asking.
    ``saw_free``: the tap was on a seat shown free (or its phone away). Finding it held now means
    two phones tapped the same name at once and the other won: a lost race, said as such, not a
    request this phone never chose to make (it may still ask, knowing the seat is taken).
    """
    member.turned_down_seat = None
    if member.seat == position:
        member.asks_seat = None
        return Claim("already")
    current = holder(match, position)
    if current is not None and present(current) and not as_host:
        if saw_free:
            return Claim("lost")
        member.asks_seat = position
        return Claim("asked")
    if current is not None:
        current.seat = None
    db.session.flush()
    member.seat = position
    member.asks_seat = None
    return Claim("taken")


def answer(match: Match, member: Membership, asker_device: str, give: bool, host: bool) -> bool:
    """The holder (or the host) lets the asked seat go to the asking phone, or keeps it.

    False when there is nothing to answer (the request was withdrawn or already answered) or
    this phone may not answer it.
    """
    asker = next((m for m in members(match) if m.device_id == asker_device), None)
    if asker is None or asker.asks_seat is None:
        return False
    current = holder(match, asker.asks_seat)
    if not host and (current is None or current.device_id != member.device_id):
        return False
    if give:
        if current is not None:
            current.seat = None
        db.session.flush()
        asker.seat = asker.asks_seat
    asker.turned_down_seat = None if give else asker.asks_seat
    asker.asks_seat = None
    return True


def leave(member: Membership) -> None:
    """This phone gives up its seat (a confirmed action of its own)."""
    member.seat = None
    member.asks_seat = None
    member.turned_down_seat = None


def requests_for(match: Match, member: Membership | None, host: bool) -> list[dict[str, object]]:
    """The seat requests this phone should answer: those for its seat, and every one for a host.

    Each names the asking phone (by its own seat when it has one), the seat asked for and
    whether the phone holding that seat is still at the table (the host answers for it). A
    request from a phone that has left the table is not shown: nobody is there to be answered
    (it shows again if that phone comes back with the request still standing).
    """
    if member is None:
        return []
    everyone = members(match)
    names = {seat.position: seat.player.name for seat in match.seats}
    out = []
    for asker in everyone:
        if asker.asks_seat is None or asker.device_id == member.device_id or not present(asker):
            continue
        mine = member.seat == asker.asks_seat
        if not (mine or host) or asker.asks_seat not in names:
            continue
        out.append(
            {
                "device": asker.device_id,
                "seat": names[asker.asks_seat],
                "asker": names.get(asker.seat) if asker.seat is not None else None,
                "mine": mine,
                "holder": holder_state(match, asker.asks_seat),
            }
        )
    return out


def holder_state(match: Match, position: int) -> str:
    """Where the phone holding seat ``position`` is: ``here`` (at the table), ``away`` or
    ``none`` (no phone holds it any more)."""
    current = holder(match, position)
    if current is None:
        return "none"
    return "here" if present(current) else "away"


def acting_for(match: Match, member: Membership, seat: int | None) -> str | None:
    """The name of the player whose own phone should make a move of ``seat``, when that is
    another phone at the table; None when this phone may make it without asking."""
    if seat is None or seat == member.seat:
        return None
    current = holder(match, seat)
    if current is None or current.device_id == member.device_id or not present(current):
        return None
    return next((s.player.name for s in match.seats if s.position == seat), None)


def others_at_table(match: Match, member: Membership) -> dict[str, str]:
    """Seated phones other than this one that were seen recently, by device id, each with the
    name of its seat: an undo of one of their entries asks this phone to confirm first."""
    names = {seat.position: seat.player.name for seat in match.seats}
    return {
        m.device_id: names[m.seat]
        for m in members(match)
        if m.seat in names and m.device_id != member.device_id and present(m)
    }
