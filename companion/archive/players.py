"""Tidying a group's player names: rename one, or merge two names that are the same person."""

from __future__ import annotations

from sqlalchemy import func, update
from sqlalchemy.orm import aliased

from ..extensions import db
from ..i18n import gettext as _
from ..live.doorbell import ring_later
from ..models import Match, Player, Seat
from .schema import MAX_NAME


class PlayerRefused(ValueError):
    """A rename or merge that would break the history; ``reason`` says why, translated."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


def refresh_open_matches(*players: Player) -> None:
    """Bump the version of the open matches these players sit in, so the sheets show the change,
    and ring their doorbells once the change is committed."""
    seated = db.select(Seat.match_id).filter(Seat.player_id.in_([p.id for p in players]))
    bumped = db.session.execute(
        update(Match)
        .where(Match.id.in_(seated), Match.status == "playing")
        .values(version=Match.version + 1)
        .returning(Match.id, Match.version)
    ).all()
    for match_id, version in bumped:
        ring_later(db.session(), match_id, version)


def rename_player(player: Player, raw: str) -> str:
    """Give ``player`` a new name (spaces tidied); refused when another player has it."""
    name = " ".join(raw.split())
    if not 0 < len(name) <= MAX_NAME:
        raise PlayerRefused(_("Enter a name of at most 40 characters."))
    if name == player.name:  # "Bob " for Bob: said, not reported as a rename
        raise PlayerRefused(_("%(name)s already has this name: nothing changed.", name=name))
    key = name.casefold()[:MAX_NAME]
    other = db.session.execute(
        db.select(Player).filter(
            Player.group_id == player.group_id, Player.key == key, Player.id != player.id
        )
    ).scalar_one_or_none()
    if other is not None:
        raise PlayerRefused(
            _(
                "There is already a player called %(name)s in this group. If they are the same "
                "person, merge the two names instead.",
                name=other.name,
            )
        )
    player.name, player.key = name, key
    refresh_open_matches(player)
    return name


def shared_match(keep: Player, gone: Player) -> Match | None:
    """A match both players sat in (deleted ones count: they may come back)."""
    other = aliased(Seat)
    return db.session.execute(
        db.select(Match)
        .join(Seat, Seat.match_id == Match.id)
        .join(other, other.match_id == Match.id)
        .filter(Seat.player_id == keep.id, other.player_id == gone.id)
        .order_by(Match.created_at)
        .limit(1)
    ).scalar_one_or_none()


def check_merge(keep: Player, gone: Player) -> int:
    """Refuse a merge that would break the history; else the number of matches (seats) of
    ``gone`` that would count as ``keep``'s, for the question asked before merging."""
    if keep.id == gone.id:
        raise PlayerRefused(_("Choose two different names to merge."))
    if keep.group_id != gone.group_id:
        raise PlayerRefused(_("Both names must belong to this group."))
    together = shared_match(keep, gone)
    if together is not None:
        raise PlayerRefused(
            _(
                "%(one)s and %(two)s sat at the same table in a match, so they are two "
                "different people: their names cannot be merged.",
                one=keep.name,
                two=gone.name,
            )
        )
    moved = db.session.execute(
        db.select(func.count(Seat.id)).filter(Seat.player_id == gone.id)
    ).scalar_one()
    return int(moved)


def merge_players(keep: Player, gone: Player) -> int:
    """Move every seat of ``gone`` to ``keep`` and remove ``gone``; returns the seats moved."""
    moved = check_merge(keep, gone)
    refresh_open_matches(gone)
    db.session.execute(update(Seat).where(Seat.player_id == gone.id).values(player_id=keep.id))
    db.session.delete(gone)
    db.session.flush()
    return moved
