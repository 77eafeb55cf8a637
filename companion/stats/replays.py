"""Many finished matches read and replayed at once: a few queries, then the rules in memory.

:func:`companion.sheet.replay` reads one match's log per call and ORM objects cost time by the
thousand; here a list of matches costs one query for the matches and one for their seats with
the results stored when they finished (per chunk of ids), as plain rows, and one more for their
entries when the states themselves are needed (:func:`final_states`).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from .. import rules
from ..extensions import db
from ..models import Entry, Match, Player, Seat
from ..rules import IllegalMove

CHUNK = 500
"""Ids per IN (...) list: well under every database's limit on bound parameters."""


@dataclass(frozen=True)
class SeatInfo:
    """Who sat where."""

    position: int
    player_id: int
    name: str
    result: int | None = None
    """The number the seat ended with, as stored when the match finished."""
    place: int | None = None
    """The place stored when the match finished; None for a match that does not count."""
    tallies: dict[str, int] | None = None
    """What the match added to the player's figures, as stored when it finished."""


@dataclass(frozen=True)
class Finished:
    """A finished match as the statistics need it (no ORM object: they come by the thousand)."""

    id: int
    game: str
    options: dict[str, Any]
    seed: int
    winners: list[int]
    created_at: datetime | None
    finished_at: datetime | None
    seats: tuple[SeatInfo, ...]
    status: str = "finished"
    """``no_result`` for a match ended with nothing entered (listed, never counted)."""

    @property
    def names(self) -> list[str]:
        """Seat names in seat order."""
        return [seat.name for seat in self.seats]


def seated(player_id: int) -> Any:
    """A condition on matches: the player sat at it. Checked match by match through the seats'
    index on their match, so a list that stops after a page reads a page's worth, where an
    ``IN (the player's seats)`` would first collect every match the player ever played
    (:data:`.indexes.SEAT_OF_PLAYER`)."""
    return (
        db.select(Seat.id).filter(Seat.match_id == Match.id, Seat.player_id == player_id).exists()
    )


def chunks(ids: Sequence[int]) -> Iterable[Sequence[int]]:
    """``ids`` in slices of CHUNK."""
    for start in range(0, len(ids), CHUNK):
        yield ids[start : start + CHUNK]


def load(query: Any) -> list[Finished]:
    """The matches ``query`` (a select of Match, ordered and limited) finds, with their seats."""
    columns = (Match.id, Match.game, Match.options, Match.seed, Match.winners,
               Match.created_at, Match.finished_at, Match.status)  # fmt: skip
    rows = db.session.execute(query.with_only_columns(*columns)).all()
    seats: dict[int, list[SeatInfo]] = defaultdict(list)
    for part in chunks([row[0] for row in rows]):
        found = db.session.execute(
            db.select(
                Seat.match_id,
                Seat.position,
                Seat.player_id,
                Player.name,
                Seat.result,
                Seat.place,
                Seat.tallies,
            )
            .join(Player, Player.id == Seat.player_id)
            .filter(Seat.match_id.in_(part))
            .order_by(Seat.match_id, Seat.position)
        ).all()
        for match_id, *seat in found:
            seats[match_id].append(SeatInfo(*seat))
    return [
        Finished(
            id_,
            game,
            options or {},
            seed or 0,
            list(winners or []),
            created,
            ended,
            tuple(seats[id_]),
            status,
        )  # fmt: skip
        for id_, game, options, seed, winners, created, ended, status in rows
    ]


def effective_moves(match_ids: Iterable[int]) -> dict[int, list[dict[str, Any]]]:
    """Each match's moves that still count: undone moves and the undos themselves left out."""
    moves: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for part in chunks(list(match_ids)):
        rows = db.session.execute(
            db.select(Entry.match_id, Entry.seq, Entry.undoes, Entry.move_json)
            .filter(Entry.match_id.in_(part))
            .order_by(Entry.match_id, Entry.seq)
        ).all()
        undone = {(match_id, undoes) for match_id, _, undoes, _ in rows if undoes is not None}
        for match_id, seq, undoes, text in rows:
            if undoes is None and (match_id, seq) not in undone:
                moves[match_id].append(json.loads(text))
    return moves


def final_states(matches: Sequence[Finished]) -> dict[int, Any]:
    """The state each match's log leads to; a match whose log no longer replays is left out."""
    moves = effective_moves(match.id for match in matches)
    states: dict[int, Any] = {}
    for match in matches:
        game = rules.get(match.game)
        try:
            state = game.setup(match.names, match.options, match.seed)
            for move in moves.get(match.id, []):
                state = game.apply(state, move)
        except IllegalMove:
            continue
        states[match.id] = state
    return states
