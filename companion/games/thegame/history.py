"""The team's record at The Game: earlier finished matches of the same group, player count and
rules (the variant, one card fewer in hand, On Fire: a professional game lost to the fire is no
measure of a base game's result).

Read-only and cheap: two queries (the matches, then their log lines) and no full replay. A match's
result follows from its log alone: the typed ``result``, else 98 minus the cards played. Only a
tracked On Fire match whose last move ended a turn may have been lost to the fire; those few are
replayed through the rules to tell. Only the finished screen asks, so polling never pays for it.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func

from ...extensions import db
from ...models import Entry, Match, Seat
from ...rules import thegame as rules
from ...rules.base import IllegalMove, Termination
from . import words

LIMIT = 200
"""At most this many earlier matches with the same rules are read (the most recent ones)."""
RECENT = 5


@dataclass(frozen=True)
class Past:
    """One earlier game: the cards left and whether the fire lost it."""

    left: int
    lost: bool


def team_record(match: Match, left: int, lost: bool) -> dict[str, Any]:
    """Earlier games of this group with as many players, and how this result compares."""
    earlier = earlier_games(match)
    scored = [game.left for game in earlier if not game.lost]
    best = min(scored) if scored else None
    if lost:
        compare = None
    elif best is None:
        compare = "first"
    elif left < best:
        compare = "record"
    elif left == best:
        compare = "equal"
    else:
        compare = "worse"
    return {
        "players": len(match.seats),
        "rules": words.options_summary(match.options or {}),
        "games": len(earlier),
        "beaten": sum(1 for game in earlier if game.left == 0 and not game.lost),
        "lost": sum(1 for game in earlier if game.lost),
        "best": best,
        "compare": compare,
        "recent": [None if game.lost else game.left for game in earlier[:RECENT]],
    }


def earlier_games(match: Match) -> list[Past]:
    """Finished The Game matches of the group that ended before this one, with as many players
    and the same rules, newest first."""
    seats = len(match.seats)
    rules_now = same_rules(match.options)
    same_size = (
        db.select(Seat.match_id).group_by(Seat.match_id).having(func.count(Seat.id) == seats)
    )
    query = db.select(Match.id, Match.options).filter(
        Match.group_id == match.group_id,
        Match.game == "thegame",
        Match.status == "finished",
        Match.deleted_at.is_(None),
        Match.id != match.id,
        Match.id.in_(same_size),
    )
    if match.finished_at is not None:
        query = query.filter(Match.finished_at < match.finished_at)
    # The rules are read here, not in SQL (options are JSON): the limit applies to the games
    # with these rules, so a run of games with other rules never hides older ones.
    rows = db.session.execute(query.order_by(Match.finished_at.desc(), Match.id.desc()))
    found = [(match_id, options) for match_id, options in rows if same_rules(options) == rules_now]
    found = found[:LIMIT]
    if not found:
        return []
    moves = effective_moves([match_id for match_id, _ in found])
    games = []
    for match_id, options in found:
        past = past_game(moves.get(match_id, []), options or {}, seats)
        if past is not None:
            games.append(past)
    return games


def same_rules(options: object) -> tuple[str, bool, bool] | None:
    """The rules a match was played with, as the rules read them (None: not understood)."""
    try:
        return rules.parse_options(options or {})
    except IllegalMove:
        return None


def effective_moves(match_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """Each match's moves that still count (undone ones and the undos themselves left out)."""
    rows = db.session.execute(
        db.select(Entry.match_id, Entry.seq, Entry.undoes, Entry.move_json)
        .filter(Entry.match_id.in_(match_ids))
        .order_by(Entry.match_id, Entry.seq)
    ).all()
    undone = {(match_id, undoes) for match_id, _, undoes, _ in rows if undoes is not None}
    moves: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for match_id, seq, undoes, text in rows:
        if undoes is None and (match_id, seq) not in undone:
            moves[match_id].append(json.loads(text))
    return moves


def past_game(moves: list[dict[str, Any]], options: dict[str, Any], seats: int) -> Past | None:
    """The result of one earlier match from its log; None when nothing was ever entered."""
    if not moves:
        return None
    last = moves[-1]
    if last.get("type") == "result":
        return Past(left=int(last.get("left", 0)), lost=False)
    left = rules.CARDS - sum(1 for move in moves if move.get("type") == "play")
    lost = (
        last.get("type") == "end_turn"
        and bool(options.get("on_fire"))
        and ended_in_fire(moves, options, seats)
    )
    return Past(left=left, lost=lost)


def ended_in_fire(moves: list[dict[str, Any]], options: dict[str, Any], seats: int) -> bool:
    """Replay one log through the rules: did the fire end it?"""
    try:
        state = rules.RULES.setup([f"P{i + 1}" for i in range(seats)], options, 0)
        for move in moves:
            state = rules.RULES.apply(state, move)
    except IllegalMove:
        return False
    return state.ended == Termination.FIRE
