"""Each seat's final result, place and tallies, stored on the seat when a match ends.

The group and player charts read thousands of matches at once; replaying every log for them
would grow with the history. So the numbers a finished match ends with are written to
``Seat.result``, ``Seat.place`` and ``Seat.tallies`` (what the match adds to the player's figures
for its game, :mod:`companion.games.figures`) in the same transaction that finishes it
(:func:`companion.sheet.append` through :data:`companion.settling.settled`, the host's "end
now", an import), rewritten by any undo after the end and cleared when an undo reopens the match.
The state is still the replay of the log: these columns only remember what that replay gave,
and a test proves them equal. What a result is and how seats order is each game's to say
through its seam.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

from flask import Flask
from sqlalchemy import Connection, select, update

from . import rules
from .games.figures import Tallies
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


def final_tallies(
    game: str, winners: Sequence[int] | None, seats: int, state: Any
) -> list[Tallies]:
    """What the match adds to each seat's player's figures, in seat order."""
    seam = seam_of(game)
    return [seam.tallies(state, seat, seam.won(list(winners or []), seat)) for seat in range(seats)]


def settle(match: Match, state: Any) -> None:
    """Write the seats' results for a finished match, clear them for any other status."""
    finished = match.status == "finished"
    seats = len(match.seats)
    numbers = final_results(match.game, match.winners, seats, state) if finished else []
    tallies = final_tallies(match.game, match.winners, seats, state) if finished else []
    for seat in match.seats:
        seat.result, seat.place = numbers[seat.position] if finished else (None, None)
        seat.tallies = tallies[seat.position] if finished else None


def backfill(connection: Connection) -> int:
    """Replay every finished match once and store its seats' results (the migration that
    added the columns calls this); a log that no longer replays is left without. Returns how
    many matches were filled."""
    filled = 0
    for seat_ids, game, winners, state in finished_states(connection):
        numbers = final_results(game, winners, len(seat_ids), state)
        for seat_id, (result, place) in zip(seat_ids, numbers, strict=True):
            connection.execute(
                update(Seat).where(Seat.id == seat_id).values(result=result, place=place)
            )
        filled += 1
    return filled


def backfill_tallies(connection: Connection) -> int:
    """Replay every finished match once and store its seats' tallies (the migration that added
    them calls this, then recounts the kept figures); returns how many matches were filled."""
    filled = 0
    for seat_ids, game, winners, state in finished_states(connection):
        tallies = final_tallies(game, winners, len(seat_ids), state)
        for seat_id, kept in zip(seat_ids, tallies, strict=True):
            connection.execute(update(Seat).where(Seat.id == seat_id).values(tallies=kept))
        filled += 1
    return filled


def finished_states(connection: Connection) -> Iterator[tuple[list[int], str, Any, Any]]:
    """Every finished match whose log still replays: its seats' ids in seat order, its game,
    its winners and the state its log leads to. Only the columns every migration that calls
    this already has are read."""
    matches = connection.execute(
        select(Match.id, Match.game, Match.options, Match.seed, Match.winners).where(
            Match.status == "finished"
        )
    ).all()
    for match_id, game, options, seed, winners in matches:
        seats = connection.execute(
            select(Seat.id, Player.name)
            .join(Player, Player.id == Seat.player_id)
            .where(Seat.match_id == match_id)
            .order_by(Seat.position)
        ).all()
        state = replayed(connection, match_id, game, [name for _, name in seats], options, seed)
        if state is not None:
            yield [seat_id for seat_id, _ in seats], game, winners, state


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
