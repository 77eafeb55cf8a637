"""Creating a group from an export file, replaying every match through the rules on the way.

Nothing is committed here: rows are added and flushed in the caller's transaction, and any
refusal raises :class:`ImportRefused` so the caller rolls the whole import back.
"""

from __future__ import annotations

import json
from typing import Any

from flask import has_request_context

from .. import rules
from ..extensions import db
from ..games import seam_for
from ..models import Device, Entry, Group, Match, Membership, Player, Seat, new_uid, utcnow
from ..results import settle
from ..security import new_code
from ..sheet import Sheet, replay, start
from ..translate import reason
from .export import FORMAT, VERSION
from .schema import (
    MAX_GROUP_NAME,
    MAX_NAME,
    ImportRefused,
    _,
    check_entries,
    check_match,
    check_top,
    is_int,
    label,
    tidy,
    when,
)

RULE_ERRORS = (
    ValueError,
    TypeError,
    KeyError,
    IndexError,
    AttributeError,
    ArithmeticError,
    RecursionError,
)
"""What the rules may raise on a hand-edited move; IllegalMove is a ValueError."""

NO_ENTRY = 0
"""No entry has seq 0: replaying "without" it folds the whole log afresh, never from the
remembered states, whose keys a rolled-back import may have shared with a different log."""

__all__ = ["ImportRefused", "import_group"]


def import_group(data: dict[str, Any], device_id: str | None) -> Group:
    """A new group from export ``data``; ``device_id`` (if any) joins and hosts every match.

    Rows are flushed, not committed: the caller commits, or rolls back on ImportRefused, which
    names the match and entry when the data does not replay.
    """
    top = check_top(data, FORMAT, VERSION)
    matches = checked_matches(top["matches"])
    group = new_group(top["group"])
    players = add_players(group, top["players"], matches)
    ensure_device_row(device_id)
    created: dict[int, Match] = {}
    for number, data_match in enumerate(matches, start=1):
        created[data_match["id"]] = add_match(group, number, data_match, players, device_id)
    for data_match in matches:
        if data_match.get("next_match") is not None:
            created[data_match["id"]].next_match_id = created[data_match["next_match"]].id
    db.session.flush()
    return group


def new_group(data: dict[str, Any]) -> Group:
    """A new group named as in the file (tidied), stored so its id can be referred to."""
    group = Group(
        name=str(tidy(data["name"], MAX_GROUP_NAME)),
        created_at=when(data.get("created_at"), optional=True) or utcnow(),
    )
    db.session.add(group)
    db.session.flush()
    return group


def ensure_device_row(device_id: str | None) -> None:
    """The importing phone's device row, which its memberships refer to."""
    if device_id is not None and db.session.get(Device, device_id) is None:
        db.session.add(Device(id=device_id))


def checked_matches(matches: list[Any]) -> list[dict[str, Any]]:
    """Every match's structure checked, the uids unique, and the rematch links pointing inside
    the file."""
    ids: set[int] = set()
    uids: set[str] = set()
    checked = []
    for number, match in enumerate(matches, start=1):
        checked.append(check_match(number, match, ids))
        check_entries(label(number, match), match)
        ids.add(match["id"])
        uid = match.get("uid")
        if uid is not None and uid in uids:
            raise ImportRefused(
                _("In %(match)s: the match's uid is used twice.", match=label(number, match))
            )
        uids.add(uid)
    for number, match in enumerate(checked, start=1):
        target = match.get("next_match")
        if target is not None and (
            not is_int(target, 1) or target not in ids or target == match["id"]
        ):
            raise ImportRefused(
                _("In %(match)s: the next match is not in the file.", match=label(number, match))
            )
    return checked


def add_players(group: Group, names: list[str], matches: list[dict[str, Any]]) -> dict[str, Player]:
    """The group's players by folded name: those it has, the listed ones and everyone who sat
    somewhere (a merged import reuses the group's players of the same name)."""
    players: dict[str, Player] = {p.key: p for p in group.players} if group.id else {}
    seated = [seat["player"] for match in matches for seat in match["seats"]]
    for raw in [*names, *seated]:
        name = str(tidy(raw, MAX_NAME))
        key = name.casefold()[:MAX_NAME]
        if key not in players:
            players[key] = Player(group_id=group.id, name=name, key=key)
            db.session.add(players[key])
    db.session.flush()
    return players


def add_match(
    group: Group,
    number: int,
    data: dict[str, Any],
    players: dict[str, Player],
    device_id: str | None,
) -> Match:
    """Store one match with its seats and log, then check it replays to what the file says."""
    entries = data["entries"]
    deleted_at = when(data.get("deleted_at"), optional=True)
    uid = data.get("uid")
    match = Match(
        uid=uid if uid and not uid_taken(uid) else new_uid(),
        group_id=group.id,
        game=data["game"],
        options=data["options"],
        seed=data["seed"],
        status=data["status"],
        version=len(entries) + 1,
        code=new_code() if data["status"] == "playing" and deleted_at is None else None,
        host_device_id=device_id,
        winners=data.get("winners"),
        created_at=when(data["created_at"]),
        finished_at=when(data.get("finished_at"), optional=True),
        deleted_at=deleted_at,
    )
    db.session.add(match)
    db.session.flush()
    for seat in data["seats"]:
        key = str(tidy(seat["player"], MAX_NAME)).casefold()[:MAX_NAME]
        db.session.add(
            Seat(match_id=match.id, player_id=players[key].id, position=seat["position"])
        )
    for version, entry in enumerate(entries, start=2):
        db.session.add(
            Entry(
                match_id=match.id,
                seq=entry["seq"],
                move_json=json.dumps(entry["move"], separators=(",", ":")),
                undoes=entry.get("undoes"),
                seat=entry.get("seat"),
                version=version,
                created_at=when(entry["created_at"]),
            )
        )
    if device_id is not None:
        db.session.add(Membership(match_id=match.id, device_id=device_id))
    db.session.flush()
    db.session.refresh(match)
    sheet = verify(label(number, data), match, data)
    settle(match, sheet.state)
    return match


def uid_taken(uid: str) -> bool:
    """Whether a match here already has this uid (an import as a new group then gives the
    copy a fresh one; :mod:`.merge` skips it instead)."""
    found = db.session.execute(db.select(Match.id).filter_by(uid=uid).limit(1)).first()
    return found is not None


def verify(name: str, match: Match, data: dict[str, Any]) -> Sheet:
    """Replay the stored log; its outcome must agree with the file's status and winners."""
    try:
        sheet = replay(match, without=NO_ENTRY)
        outcome = sheet.outcome
    except RULE_ERRORS as error:
        raise ImportRefused(locate(name, match, data, error)) from None
    winners = data.get("winners")
    if data["status"] == "finished":
        expected = list(outcome.winners) if outcome else seam_for(match.game).leaders(sheet)
        if winners != expected or data.get("finished_at") is None:
            raise ImportRefused(
                _(
                    "In %(match)s: the winners in the file are not the ones the sheet gives.",
                    match=name,
                )
            )
    elif outcome is not None:
        raise ImportRefused(
            _(
                "In %(match)s: the sheet shows a finished game, but the file says otherwise.",
                match=name,
            )
        )
    elif winners is not None:
        raise ImportRefused(_("In %(match)s: an unfinished match has winners.", match=name))
    return sheet


def locate(name: str, match: Match, data: dict[str, Any], error: Exception) -> str:
    """Which entry of the log the rules refuse, and why, for the refusal message."""
    game = rules.get(match.game)
    try:
        state = start(match)
    except RULE_ERRORS as refused:
        return _(
            "In %(match)s: the game cannot start with these players and options (%(why)s).",
            match=name,
            why=why(refused),
        )
    undone = {e.get("undoes") for e in data["entries"]}
    for entry in data["entries"]:
        if entry.get("undoes") is None and entry["seq"] not in undone:
            try:
                state = game.apply(state, entry["move"])
            except RULE_ERRORS as refused:
                return _(
                    "In %(match)s, entry %(seq)d: the rules refuse this move (%(why)s).",
                    match=name,
                    seq=entry["seq"],
                    why=why(refused),
                )
    return _("In %(match)s: the sheet does not replay (%(why)s).", match=name, why=why(error))


def why(error: Exception) -> str:
    """A refused move's reason in the user's language; a generic one for malformed data."""
    if isinstance(error, rules.IllegalMove):
        return reason(error) if has_request_context() else error.reason
    return _("the move is not understood")
