"""The group page's list of finished matches: one page at a time, in a bounded number of queries.

A page is the newest :data:`PAGE_SIZE` matches, or those just older (``before``) or just newer
(``after``) than a match of the previous page: a read of the index in the list's order that
stops after one page, never a count or an offset that would walk the history before it. A page
costs the page's matches and their seats with the players' names and the
results stored when each match finished (:mod:`companion.results`): no log is replayed, however
long the history is. The order follows ``ix_matches_group_end``
(:data:`.indexes.NEWEST_FIRST`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import tuple_

from ..extensions import db
from ..i18n import gettext as _
from ..models import NO_RESULT, Group, Match, Player
from . import indexes  # noqa: F401  (the indexes this list reads through)
from .places import place_label, seam_of
from .replays import Finished, load, seated
from .trends import Share, shares

PAGE_SIZE = 20
MAX_ID = 2**31 - 1
"""Beyond any id the database gives; bounds what the query string may ask for."""


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
    value: str | None


@dataclass(frozen=True)
class MatchRow:
    """One listed match."""

    match: Finished
    seats: list[SeatRow]
    winners: list[str]
    duration: str
    team_left: int | None = None
    words: list[str] = field(default_factory=list)
    """What the game adds to the line (:meth:`companion.games.listed.Listed.listed_words`)."""


@dataclass
class Page:
    """One page of the list and where the pager may go: the ids to list older or newer
    matches than, None at either end of the history."""

    rows: list[MatchRow]
    older: int | None = None
    newer: int | None = None
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
        query = query.filter(seated(filters.player.id))
    return query


def page_of(group: Group, filters: Filters, before: int = 0, after: int = 0) -> Page:
    """The newest page, or the page just older than match ``before`` or just newer than match
    ``after`` (a match not in the list shows the newest page)."""
    query = finished(group, filters)
    anchor = anchor_of(query, before or after)
    if anchor is not None and after:
        found = load(
            query.filter(tuple_(Match.finished_at, Match.id) > anchor)
            .order_by(Match.finished_at, Match.id)
            .limit(PAGE_SIZE + 1)
        )[::-1]
        if len(found) > PAGE_SIZE:
            return listed(found[1:], filters, older=True, newer=True)
        anchor = None
    newest = (Match.finished_at.desc(), Match.id.desc())
    if anchor is not None:
        query = query.filter(tuple_(Match.finished_at, Match.id) < anchor)
    found = load(query.order_by(*newest).limit(PAGE_SIZE + 1))
    if anchor is not None and not found:
        return page_of(group, filters)  # nothing older: a stale link shows the newest page
    return listed(found[:PAGE_SIZE], filters, len(found) > PAGE_SIZE, anchor is not None)


def anchor_of(query: Any, match_id: int) -> tuple[datetime, int] | None:
    """Where match ``match_id`` sits in the list's order, if the list holds it."""
    if not 0 < match_id <= MAX_ID:
        return None
    found = db.session.execute(
        query.filter(Match.id == match_id).with_only_columns(Match.finished_at, Match.id)
    ).first()
    if found is None or found[0] is None:
        return None
    return found[0], found[1]


def listed(matches: list[Finished], filters: Filters, older: bool, newer: bool) -> Page:
    """A page of these matches, newest first, with the pager's ids."""
    rows = [row_of(match) for match in matches]
    return Page(
        rows=rows,
        older=matches[-1].id if older and matches else None,
        newer=matches[0].id if newer and matches else None,
        filters=filters,
    )


def row_of(match: Finished) -> MatchRow:
    """A match as the list shows it, from its stored results; a match that does not count (ended
    without a result, or a log that no longer replays) shows no numbers. What a seat's numbers
    read as, and what else the line says, is the game's to say (:mod:`companion.games.listed`)."""
    seam = seam_of(match.game)
    names = match.names
    winners = [names[s] for s in match.winners if 0 <= s < len(names)]
    duration = human_duration(match.created_at, match.finished_at)
    if not match.seats or any(seat.place is None for seat in match.seats):
        seats = [SeatRow(seat.name, seat.player_id, "", None) for seat in match.seats]
        words = seam.listed_words(match.options, [{} for _ in match.seats])
        return MatchRow(match, seats, winners, duration, words=words)
    stored = [seat.place or 0 for seat in match.seats]
    seats = [
        SeatRow(
            seat.name,
            seat.player_id,
            place_label(place, stored.count(place) > 1),
            seam.listed_value(seat.result, seat.tallies or {}),
        )
        for seat, place in zip(match.seats, stored, strict=True)
    ]
    words = seam.listed_words(match.options, [seat.tallies or {} for seat in match.seats])
    if seam.cooperative:
        left = match.seats[0].result
        return MatchRow(match, seats, winners, duration, team_left=left, words=words)
    order = sorted(range(len(seats)), key=lambda i: (stored[i], i))
    return MatchRow(match, [seats[i] for i in order], winners, duration, words=words)


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
