"""A finished match as a play for BG Stats, and the links that hand it over.

BG Stats (the board-game play logger) accepts plays pushed from other apps as a link:
``bgstats://app.bgstatsapp.com/createPlay.html?data=<URL-encoded JSON>`` opens the app, and the
same path on ``https://app.bgstatsapp.com/`` serves phones without it. The JSON follows BG
Stats' "push plays from other apps" format with the fields in :data:`PLAY_FIELDS`,
:data:`GAME_FIELDS` and :data:`PLAYER_FIELDS`. Sending the same match twice sends the same
``sourcePlayId`` (the match's uid), so BG Stats can tell it is the same play; a player keeps
one ``sourcePlayerId`` (the player's uid) in every match of the group.

What differs per game is declared on its seam (:class:`companion.games.base.Seam`):
``bgstats_highest_wins``, ``bgstats_no_points``, ``bgstats_bgg_id``, ``bgstats_name`` and
``start_seat``; a cooperative game sends one team result, every player winner or not together.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from .games import SEAMS
from .models import Match
from .results import final_results

SOURCE_NAME = "Companion"
APP_URL = "bgstats://app.bgstatsapp.com/createPlay.html?data="
WEB_URL = "https://app.bgstatsapp.com/createPlay.html?data="
PLAY_FIELDS = frozenset(
    {"sourceName", "sourcePlayId", "game", "playDate", "durationMin", "location", "players"}
)
GAME_FIELDS = frozenset({"name", "highestWins", "noPoints", "bggId"})
PLAYER_FIELDS = frozenset({"name", "score", "winner", "startPlayer", "rank", "sourcePlayerId"})
"""The documented fields this app sends; a test holds every play to them."""


@dataclass(frozen=True)
class Handoff:
    """The play and its two links."""

    play: dict[str, Any]

    @property
    def data(self) -> str:
        """The play as compact JSON, percent-encoded for the ``data`` parameter."""
        text = json.dumps(self.play, ensure_ascii=False, separators=(",", ":"))
        return quote(text, safe="")

    @property
    def app_url(self) -> str:
        """Opens the BG Stats app with the play filled in."""
        return APP_URL + self.data

    @property
    def web_url(self) -> str:
        """The same play for a browser without the app."""
        return WEB_URL + self.data


def utc(value: datetime) -> datetime:
    """A stored timestamp in UTC (SQLite hands back naive values, which are UTC)."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def play_of(match: Match, state: Any) -> dict[str, Any] | None:
    """The BG Stats play of a finished match with its final ``state``; None otherwise."""
    seam = SEAMS.get(match.game)
    if seam is None or match.status != "finished" or match.finished_at is None:
        return None
    winners = match.winners or []
    numbers = final_results(match.game, winners, len(match.seats), state)
    start = seam.start_seat(state)
    game: dict[str, Any] = {
        "name": seam.bgstats_name(),
        "highestWins": seam.bgstats_highest_wins(),
        "noPoints": seam.bgstats_no_points,
    }
    if seam.bgstats_bgg_id is not None:
        game["bggId"] = seam.bgstats_bgg_id
    players = []
    for seat in match.seats:
        result, place = numbers[seat.position]
        player: dict[str, Any] = {
            "name": seat.player.name,
            "sourcePlayerId": seat.player.uid,
            "winner": seam.won(winners, seat.position),
            "startPlayer": seat.position == start,
        }
        if not seam.bgstats_no_points and result is not None:
            player["score"] = str(result)
        if not seam.cooperative:
            player["rank"] = place
        players.append(player)
    started = utc(match.created_at)
    minutes = (utc(match.finished_at) - started).total_seconds() // 60
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": match.uid,
        "game": game,
        "playDate": started.strftime("%Y-%m-%d %H:%M:%S"),
        "durationMin": max(1, int(minutes)),
        "players": players,
    }


def handoff(match: Match, state: Any) -> Handoff | None:
    """The links for a finished match; None while it is open, abandoned or unknown."""
    play = play_of(match, state)
    return None if play is None else Handoff(play)
