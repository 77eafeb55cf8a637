"""Each seat's final result and place, stored on the seat when a match ends.

The group and player charts read thousands of matches at once; replaying every log for them
would grow with the history. So the numbers a finished match ends with are written to
``Seat.result`` and ``Seat.place`` in the same transaction that finishes it
(:func:`companion.sheet.append` through :data:`companion.settling.settled`, the host's "end
now", an import), rewritten by any undo after the end and cleared when an undo reopens the match.
The state is still the replay of the log: these columns only remember what that replay gave,
and a test proves them equal. What a result is and how seats order is each game's to say
through its seam.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from flask import Flask
from sqlalchemy import Connection, select, update

from . import rules
from .models import Entry, Match, Player, Seat
from .settling import settled
from .stats import keeping
from .stats.places import ranked, seam_of


def final_results(
    game: str, winners: Sequence[int] | None, seats: int, state: Any
) -> list[tuple[int | None, int]]:
    """``(result, place)`` per seat in seat order, from the final state and the winners."""
    seam = seam_of(game)
    places = ranked(game, winners, seats, state)
    return [(seam.result(state, seat), places[seat][0]) for seat in range(seats)]


def settle(match: Match, state: Any) -> None:
    """Write the seats' results for a finished match, clear them for any other status."""
    finished = match.status == "finished"
    numbers = final_results(match.game, match.winners, len(match.seats), state) if finished else []
    for seat in match.seats:
        seat.result, seat.place = numbers[seat.position] if finished else (None, None)


def backfill(connection: Connection) -> int:
    """Replay every finished match once and store its seats' results (the migration that
    added the columns calls this); a log that no longer replays is left without. Returns how
    many matches were filled."""
    matches = connection.execute(
        select(Match.id, Match.game, Match.options, Match.seed, Match.winners).where(
            Match.status == "finished"
        )
    ).all()
    filled = 0
    for match_id, game, options, seed, winners in matches:
        seats = connection.execute(
            select(Seat.id, Player.name)
            .join(Player, Player.id == Seat.player_id)
            .where(Seat.match_id == match_id)
            .order_by(Seat.position)
        ).all()
        state = replayed(connection, match_id, game, [name for _, name in seats], options, seed)
        if state is None:
            continue
        numbers = final_results(game, winners, len(seats), state)
        for (seat_id, _), (result, place) in zip(seats, numbers, strict=True):
            connection.execute(
                update(Seat).where(Seat.id == seat_id).values(result=result, place=place)
            )
        filled += 1
    return filled


def replayed(
    connection: Connection,
    match_id: int,
    game: str,
    names: list[str],
    options: Any,
    seed: int | None,
) -> Any:
    """The state a match's log leads to, undone entries left out; None when it no longer
    replays (or the game is unknown)."""
    rows = connection.execute(
        select(Entry.seq, Entry.undoes, Entry.move_json)
        .where(Entry.match_id == match_id)
        .order_by(Entry.seq)
    ).all()
    undone = {undoes for _, undoes, _ in rows if undoes is not None}
    try:
        engine = rules.get(game)
        state = engine.setup(names, options or {}, seed or 0)
        for seq, undoes, text in rows:
            if undoes is None and seq not in undone:
                state = engine.apply(state, json_move(text))
    except (KeyError, ValueError):
        return None
    return state


def json_move(text: str) -> dict[str, Any]:
    """A stored move as a dict."""
    value: dict[str, Any] = json.loads(text)
    return value


def settle_on_signal(match: Match, state: Any) -> None:
    """The receiver of :data:`companion.settling.settled`."""
    settle(match, state)


def init_app(app: Flask) -> None:
    """Store the seats' numbers whenever a write settles a match (once per process); the
    players' kept figures follow every commit that changes a match (:mod:`.stats.keeping`,
    listening from its import on)."""
    settled.connect(settle_on_signal, weak=False)
    keeping.listen()
