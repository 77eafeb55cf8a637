"""Checking an export file's structure before anything is written.

Every refusal is an :class:`ImportRefused` with a translated reason that names the match (its
position in the file and its game) and the entry, so a person can find what is wrong.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from typing import Any

from flask import has_request_context

from .. import rules
from ..i18n import gettext
from ..sheet import MAX_DB_INT

STATUSES = ("playing", "finished", "abandoned", "no_result")
MAX_NAME = 40
MAX_GROUP_NAME = 60
MAX_DEPTH = 20
"""Deeper than any move or option of any game."""
MAX_ENTRIES_PER_MATCH = 2_000
"""Far beyond the longest real game (The Game tracked card by card is about 100 entries); a log
this long only comes from a made-up file, and would hold the database for minutes."""
MAX_ENTRIES_PER_FILE = 50_000
"""Years of weekly game nights; an import is one transaction, so its size is bounded."""


def _(message: str, **params: object) -> str:
    """The message in the user's language; plain English outside a request (the CLI)."""
    if has_request_context():
        return gettext(message, **params)
    return message % params if params else message


class ImportRefused(ValueError):
    """An export file that cannot be imported; ``reason`` is for the person who chose it."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


def parse(raw: bytes) -> dict[str, Any]:
    """The JSON object in an uploaded or read file; ImportRefused when it is not one."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ImportRefused(
            _("The file is not a complete JSON export: it may be truncated or damaged.")
        ) from None
    if not isinstance(data, dict):
        raise ImportRefused(_("This is not a Companion export file."))
    return data


def is_int(value: object, low: int = 0, high: int = MAX_DB_INT) -> bool:
    """A JSON integer (not a boolean, not a float) within what the database stores."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def plain_text(value: object, depth: int = 0) -> bool:
    """Whether every string in ``value`` is storable text (no NUL, no lone surrogate) and the
    nesting stays shallow."""
    if depth > MAX_DEPTH:
        return False
    if isinstance(value, str):
        if "\x00" in value:
            return False
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    if isinstance(value, dict):
        return all(plain_text(k, depth + 1) and plain_text(v, depth + 1) for k, v in value.items())
    if isinstance(value, list):
        return all(plain_text(v, depth + 1) for v in value)
    return value is None or isinstance(value, (bool, int, float))


def tidy(name: object, limit: int) -> str | None:
    """A name with spaces tidied, or None when it is not a usable name."""
    if not isinstance(name, str):
        return None
    tidied = " ".join(name.split())
    return tidied if 0 < len(tidied) <= limit else None


def when(value: object, optional: bool = False) -> datetime | None:
    """A timestamp from ISO 8601 (UTC when no zone is given); ValueError when unreadable."""
    if value is None and optional:
        return None
    if not isinstance(value, str) or len(value) > 40:
        raise ValueError(value)
    parsed = datetime.fromisoformat(value)
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def check_top(data: object, fmt: str, version: int) -> dict[str, Any]:
    """The top level: format, version, group, players and a list of matches."""
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise ImportRefused(_("This is not a Companion export file."))
    if data.get("version") != version or not is_int(data.get("version")):
        raise ImportRefused(
            _(
                "This file is in format version %(found)s; this installation reads version "
                "%(version)s.",
                found=str(data.get("version"))[:20],
                version=version,
            )
        )
    if not plain_text(data):
        raise ImportRefused(_("The file contains text that cannot be stored."))
    group = data.get("group")
    if not isinstance(group, dict) or tidy(group.get("name"), MAX_GROUP_NAME) is None:
        raise ImportRefused(_("The group has no usable name (at most 60 characters)."))
    try:
        when(group.get("created_at"), optional=True)
    except ValueError:
        raise ImportRefused(_("The group's creation date is not valid.")) from None
    players = data.get("players")
    if not isinstance(players, list) or any(tidy(p, MAX_NAME) is None for p in players):
        raise ImportRefused(_("The player list is not a list of names of at most 40 characters."))
    keys = [str(tidy(p, MAX_NAME)).casefold() for p in players]
    if len(set(keys)) != len(keys):
        raise ImportRefused(_("The player list names the same player twice."))
    if not isinstance(data.get("matches"), list):
        raise ImportRefused(_("The file has no list of matches."))
    logs = [m.get("entries") for m in data["matches"] if isinstance(m, dict)]
    if sum(len(log) for log in logs if isinstance(log, list)) > MAX_ENTRIES_PER_FILE:
        raise ImportRefused(
            _(
                "The file holds more than %(limit)d entries, more than one import may bring in.",
                limit=MAX_ENTRIES_PER_FILE,
            )
        )
    return data


def label(number: int, match: object) -> str:
    """How a refusal names a match: its position in the file and its game."""
    game = match.get("game") if isinstance(match, dict) else None
    return _("match %(number)d (%(game)s)", number=number, game=str(game)[:20])


UID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""A match's stable id in a file: 32 hex digits from this app, any short token from another."""


def check_match(number: int, match: object, ids: set[int]) -> dict[str, Any]:
    """One match's fields: game, options, seed, status, timestamps, winners, seats."""
    name = label(number, match)
    if not isinstance(match, dict):
        raise ImportRefused(_("In %(match)s: this is not a match.", match=name))
    if not is_int(match.get("id"), 1) or match["id"] in ids:
        raise ImportRefused(_("In %(match)s: the match id is missing or used twice.", match=name))
    uid = match.get("uid")
    if uid is not None and not (isinstance(uid, str) and UID.fullmatch(uid)):
        raise ImportRefused(_("In %(match)s: the match's uid is not valid.", match=name))
    try:
        rules.get(str(match.get("game")))
    except KeyError:
        raise ImportRefused(
            _("In %(match)s: this installation has no such game.", match=name)
        ) from None
    if not isinstance(match.get("options"), dict) or not is_int(match.get("seed")):
        raise ImportRefused(_("In %(match)s: the options or the seed are not valid.", match=name))
    if match.get("status") not in STATUSES:
        raise ImportRefused(_("In %(match)s: the status is not valid.", match=name))
    try:
        when(match.get("created_at"))
        when(match.get("finished_at"), optional=True)
        when(match.get("deleted_at"), optional=True)
    except ValueError:
        raise ImportRefused(_("In %(match)s: a date is not valid.", match=name)) from None
    winners = match.get("winners")
    if winners is not None and not (
        isinstance(winners, list) and all(is_int(w, 0, 100) for w in winners)
    ):
        raise ImportRefused(_("In %(match)s: the winners are not valid.", match=name))
    check_seats(name, match)
    return match


def check_seats(name: str, match: dict[str, Any]) -> None:
    """Seats numbered 0, 1, 2… in order, each a different player, as many as the game allows."""
    seats = match.get("seats")
    info = rules.get(match["game"]).info
    if not isinstance(seats, list) or not info.min_players <= len(seats) <= info.max_players:
        raise ImportRefused(
            _(
                "In %(match)s: the game needs between %(low)d and %(high)d seats.",
                match=name,
                low=info.min_players,
                high=info.max_players,
            )
        )
    keys = []
    for position, seat in enumerate(seats):
        player = tidy(seat.get("player"), MAX_NAME) if isinstance(seat, dict) else None
        if player is None or seat.get("position") != position:
            raise ImportRefused(
                _("In %(match)s: seat %(seat)d is not valid.", match=name, seat=position + 1)
            )
        keys.append(player.casefold())
    if len(set(keys)) != len(keys):
        raise ImportRefused(_("In %(match)s: the same player sits twice.", match=name))


def where(name: str, seq: int, detail: str) -> str:
    """A refusal that names the entry."""
    return _("In %(match)s, entry %(seq)d: %(detail)s", match=name, seq=seq, detail=detail)


def check_entries(name: str, match: dict[str, Any]) -> list[dict[str, Any]]:
    """The log: increasing seq numbers, object moves, undos of earlier moves not yet undone."""
    entries = match.get("entries")
    if not isinstance(entries, list):
        raise ImportRefused(_("In %(match)s: the entry log is missing.", match=name))
    if len(entries) > MAX_ENTRIES_PER_MATCH:
        raise ImportRefused(
            _(
                "In %(match)s: the log has more than %(limit)d entries, more than any real game.",
                match=name,
                limit=MAX_ENTRIES_PER_MATCH,
            )
        )
    seats = len(match["seats"])
    moves: set[int] = set()
    undone: set[int] = set()
    last = 0
    for entry in entries:
        seq = entry.get("seq") if isinstance(entry, dict) else None
        if not is_int(seq, last + 1):
            raise ImportRefused(
                _(
                    "In %(match)s, after entry %(seq)d: an entry number is missing or out of "
                    "order.",
                    match=name,
                    seq=last,
                )
            )
        assert isinstance(entry, dict) and isinstance(seq, int)
        last = seq
        move, undoes, seat = entry.get("move"), entry.get("undoes"), entry.get("seat")
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise ImportRefused(where(name, seq, _("the move is not a move.")))
        if seat is not None and not is_int(seat, 0, seats - 1):
            raise ImportRefused(where(name, seq, _("the seat is not one of the match.")))
        try:
            when(entry.get("created_at"))
        except ValueError:
            raise ImportRefused(where(name, seq, _("the date is not valid."))) from None
        if undoes is None:
            moves.add(seq)
        elif not is_int(undoes) or undoes not in moves or undoes in undone:
            raise ImportRefused(where(name, seq, _("it undoes an entry that cannot be undone.")))
        else:
            undone.add(undoes)
    return entries
