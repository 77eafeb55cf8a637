"""The group page's list of finished matches: one page at a time, in a bounded number of queries.

A page costs a count, the page's matches and their seats with the players' names and the
results stored when each match finished (:mod:`companion.results`): no log is replayed, however
long the history is. The order and the filters
follow the indexes ``ix_matches_history`` (group, status, finished_at) and
``ix_matches_group_game``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import func

from ..extensions import db
from ..models import NO_RESULT, Group, Match, Player, Seat
from .places import place_label, seam_of
from .replays import Finished, load
from .trends import Share, shares

PAGE_SIZE = 20


@dataclass(frozen=True)
class Filters:
    """What the list is narrowed to: one game, one player, both or neither."""

    game: str | None = None
    player: Player | None = None

    def args(self) -> dict[str, Any]:
        """The query-string arguments that keep these filters on another page."""
        out: dict[str, Any] = {}
        if self.game:
            out["game"] = self.game
        if self.player is not None:
            out["player"] = self.player.id
        return out


@dataclass(frozen=True)
class SeatRow:
    """One player of a listed match: name, place and final number."""

    name: str
    player_id: int
    place: str
    value: int | None


@dataclass(frozen=True)
class MatchRow:
    """One listed match."""

    match: Finished
    seats: list[SeatRow]
    winners: list[str]
    duration: str
    team_left: int | None = None


@dataclass
class Page:
    """One page of the list and where the pager may go."""

    rows: list[MatchRow]
    number: int
    count: int
    pages: int
    filters: Filters = field(default_factory=Filters)


def finished(group: Group, filters: Filters) -> Any:
    """The WHERE of the list: the group's finished matches that were not deleted, filtered
    (those ended without a result too: they show as such)."""
    query = db.select(Match).filter(
        Match.group_id == group.id,
        Match.status.in_(("finished", NO_RESULT)),
        Match.deleted_at.is_(None),
    )
    if filters.game:
        query = query.filter(Match.game == filters.game)
    if filters.player is not None:
        seated = db.select(Seat.match_id).filter(Seat.player_id == filters.player.id)
        query = query.filter(Match.id.in_(seated))
    return query


def page_of(group: Group, filters: Filters, number: int) -> Page:
    """Page ``number`` (from 1; a page past the end shows the last one) of the list."""
    query = finished(group, filters)
    count = db.session.execute(query.with_only_columns(func.count(Match.id))).scalar_one()
    pages = max(1, -(-count // PAGE_SIZE))
    number = min(max(number, 1), pages)
    matches = load(
        query.order_by(Match.finished_at.desc(), Match.id.desc())
        .offset((number - 1) * PAGE_SIZE)
        .limit(PAGE_SIZE)
    )
    rows = [row_of(match) for match in matches]
    return Page(rows=rows, number=number, count=count, pages=pages, filters=filters)


def row_of(match: Finished) -> MatchRow:
    """A match as the list shows it, from its stored results; a match that does not count (ended
    without a result, or a log that no longer replays) shows no numbers."""
    names = match.names
    winners = [names[s] for s in match.winners if 0 <= s < len(names)]
    duration = human_duration(match.created_at, match.finished_at)
    if not match.seats or any(seat.place is None for seat in match.seats):
        seats = [SeatRow(seat.name, seat.player_id, "", None) for seat in match.seats]
        return MatchRow(match, seats, winners, duration)
    stored = [seat.place or 0 for seat in match.seats]
    seats = [
        SeatRow(
            seat.name, seat.player_id, place_label(place, stored.count(place) > 1), seat.result
        )  # fmt: skip
        for seat, place in zip(match.seats, stored, strict=True)
    ]
    if seam_of(match.game).cooperative:
        return MatchRow(match, seats, winners, duration, team_left=seats[0].value)
    order = sorted(range(len(seats)), key=lambda i: (stored[i], i))
    return MatchRow(match, [seats[i] for i in order], winners, duration)


def human_duration(start: datetime | None, end: datetime | None) -> str:
    """How long a match took, e.g. "1 h 05 min", "25 min", "under a minute"."""
    if start is None or end is None:
        return ""
    if (start.tzinfo is None) != (end.tzinfo is None):
        start, end = start.replace(tzinfo=None), end.replace(tzinfo=None)
    minutes = max(0, (end - start) // timedelta(minutes=1))
    if minutes < 1:
        return _("under a minute")
    if minutes < 60:
        return _("%(minutes)d min", minutes=minutes)
    return _("%(hours)d h %(minutes)02d min", hours=minutes // 60, minutes=minutes % 60)


def player_counts(
    group: Group, per_game: dict[str, list[Share]] | None = None
) -> list[dict[str, Any]]:
    """Played and won per player over the finished matches (what counts as a win is the game's
    to say: a tie shares it, a beaten cooperative game is won by the whole team): the sum of
    the win shares of every game (:func:`.trends.shares`, read from the kept rows, which the
    group page's charts use too, so the page reads them once)."""
    counts: dict[int, dict[str, Any]] = {}
    for players in (shares(group) if per_game is None else per_game).values():
        for share in players:
            entry = counts.setdefault(
                share.player_id, {"id": share.player_id, "name": share.name, "played": 0, "won": 0}
            )
            entry["played"] += share.played
            entry["won"] += share.won
    return sorted(counts.values(), key=lambda c: (-c["won"], -c["played"], c["name"].casefold()))
