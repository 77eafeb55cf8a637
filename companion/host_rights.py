"""Host rights: handed over by the host, or taken over once the host's phone has left the table.

Without a way to take them over, a host's phone that left without handing over would leave the
match with no host for good: nobody could end, abandon or delete it, lock joining, give a new
code or a new TV link, or answer the seat requests. So when the host's phone is away (not seen
for ``SEAT_HELD_SECONDS``, as a seat's holder: a page left open keeps it present through its
polls or its doorbell stream, so a phone that only dims for a minute keeps its rights), any
seated phone at the table may take the rights with one tap. It is never done silently: every
other phone of the match is told who the host is now, and the old host's phone is told, when it
comes back, that its rights were taken while it was away. A phone handed the rights is told too.

``Membership.host_news`` carries what a phone is told, until it says it has read it: one of
:data:`NEWS`. None of this commits: the caller bumps the version and commits.
"""

from __future__ import annotations

from sqlalchemy import update

from .extensions import db
from .models import Match, Membership
from .seats import members, present

HANDED = "handed"
"""This phone was handed the host rights by the host."""
LOST = "lost"
"""Another phone took over the host rights while this phone, the host's, was away."""
TAKEN = "taken"
"""Another phone of the table took over the host rights from a host's phone that had left."""
NEWS = (HANDED, LOST, TAKEN)


def host_member(match: Match) -> Membership | None:
    """The membership of the host's phone, if the host joined this match (it always does)."""
    return next((m for m in members(match) if m.device_id == match.host_device_id), None)


def host_away(match: Match) -> bool:
    """Whether the host's phone has left the table (not seen for a while), so that another
    phone may take the host rights over."""
    return not present(host_member(match))


def may_take_over(match: Match, member: Membership | None) -> bool:
    """Whether ``member``'s phone may take the host rights: the match is still being played (an
    ended one needs no one to end it, and its host alone may delete or restore it), the phone
    holds a seat (it plays at this table), it is not the host already, and the host's phone has
    left."""
    return (
        match.is_open
        and member is not None
        and member.seat is not None
        and member.device_id != match.host_device_id
        and host_away(match)
    )


def hand_over(match: Match, target: Membership) -> None:
    """The host gives its rights to ``target``'s phone, which is told so (its host controls
    appear at the end of its page, where nobody would notice them otherwise). What the giving
    phone was told of its own rights is over: it is the host no more."""
    giver = host_member(match)
    if giver is not None:
        giver.host_news = None
    match.host_device_id = target.device_id
    target.host_news = HANDED


def take_over(match: Match, member: Membership) -> bool:
    """``member``'s phone takes the rights of a host who left: the old host's phone is told
    when it comes back, every other phone of the match at once. False when another phone took
    them a moment before (both saw the host away): nothing is changed, and the caller rolls back.
    """
    old = match.host_device_id
    taken = db.session.execute(
        update(Match)
        .where(Match.id == match.id, Match.host_device_id == old)
        .values(host_device_id=member.device_id)
        .execution_options(synchronize_session=False)
    )
    if taken.rowcount != 1:
        return False
    match.host_device_id = member.device_id
    for other in members(match):
        if other.device_id != member.device_id:
            other.host_news = LOST if other.device_id == old else TAKEN
    member.host_news = None
    return True
