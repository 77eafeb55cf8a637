"""What a poll or a doorbell stream needs to know of the asking phone, in one plain query.

An unchanged poll, every 2 s per phone, costs this query and nothing else; a changed one whose
answer another phone of the table already rendered (:mod:`companion.views.shared_poll`) costs
this query and a copy; a doorbell stream opens after it. Each needs only the match's version,
whether the phone is a member of the (not deleted) match, and its seat and host rights: not the
match, its seats and players as objects.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import bindparam, select, update

from .extensions import db
from .models import Match, Membership, utcnow
from .plain_query import PlainQuery
from .seats import needs_seen
from .security import device_id


@dataclass(frozen=True)
class MemberState:
    """What the poll needs to know of the asking phone before it reads anything else."""

    version: int
    device: str
    seat: int | None
    host: bool

    @property
    def writer(self) -> bool:
        """Whether the phone may enter moves (as :func:`companion.writes.can_write`)."""
        return self.seat is not None or self.host


MEMBER_STATE = PlainQuery(
    select(Match.version, Match.host_device_id, Membership.last_seen, Membership.seat)
    .join(Membership, Membership.match_id == Match.id)
    .filter(
        Match.id == bindparam("match_id", type_=Match.id.type),
        Match.deleted_at.is_(None),
        Membership.device_id == bindparam("device", type_=Membership.device_id.type),
    )
)
"""Built once: the statement of every poll (only its two values change), run by the driver on
a pooled connection of its own (:mod:`companion.plain_query`)."""
MARK_SEEN = (
    update(Membership)
    .where(Membership.match_id == bindparam("mid"))
    .where(Membership.device_id == bindparam("dev"))
    .values(last_seen=bindparam("now"))
)


def member_state(match_id: int) -> MemberState | None:
    """The match's version and this phone's seat and host rights, if it is a member: the whole
    cost of an unchanged poll, and the key of a shared answer.

    Run by the driver, outside the request's session: a few values need no ORM bookkeeping,
    and an unchanged poll then opens no session at all. The phone's ``last_seen`` comes with
    it and is written again (through the session) once a minute at most, so a seat's holder
    counts as present while it polls (a phone that listens to the doorbell instead is noted by
    its worker, :mod:`companion.live.presence`).
    """
    device = device_id()
    row = MEMBER_STATE.one_or_none(db.engine, {"match_id": match_id, "device": device})
    if row is None:
        return None
    version, host_device, last_seen, seat = row
    if needs_seen(last_seen):
        seen = {"mid": match_id, "dev": device, "now": utcnow()}
        db.session.connection().execute(MARK_SEEN, seen)
        db.session.commit()
    return MemberState(int(version), device, seat, host_device == device)
