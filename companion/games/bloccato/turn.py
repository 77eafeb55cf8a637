"""Bloccato e pelato on the web: the one turn form, who may use it, and rolling in the app.

A turn is always entered through the same form (the ``turn`` entry kind), whatever its phase:
its submit buttons say what to do (``roll`` the tapped dice, ``throw`` in the app, ``use`` the
dice thrown so far, ``mark`` a cell, ``pass``). One kind at one URL means a tap from a page a
moment out of date is refused in place by the rules ("first mark a cell…") instead of being a
404, and the grid's cell buttons (in the polled scoreboard) post to the same place.

Who may play a side (pass-and-play): the phone that claimed the side; and, while no phone has
claimed it, any player's phone or the host's. One phone can so play both sides, passed across the
table, and a side stops being playable from other phones the moment its own phone claims it.

Rolling in the app: each throw is drawn on the server (``secrets``) and held as a ``roll`` move
with its ``throws`` (companion/pending.py) until the player uses the dice or throws a third time;
only then does the roll enter the log, every throw recorded in it. Undoing that roll brings its
throws back as they were (:func:`held_roll`): an undo corrects a tap, it never throws anew.

The form itself, and the moves it makes without the database (dice tapped in, a cell tapped),
are in :mod:`.forms`.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from flask import g, request

from ...extensions import db
from ...i18n import gettext as _
from ...models import Entry, Match, Membership, Pending
from ...rules.bloccato import MAX_THROWS, BloccatoState, check_roll, phase
from ...rules.bloccato.sheet import FACES
from ...security import is_host, membership
from ...sheet import Sheet, by_key, entries_since
from ..base import EntryKind
from ..taken_back import undone_of
from . import words
from .forms import DICE, allowed, mark_move, refuse, turn_form, typed_move

HELD = "held"
"""Key of a held roll (throws still to come): it never enters the log."""
KEY = "key"
"""Key of the one-time form key that made the latest held throw (a double tap throws once)."""
KEPT = "kept"
"""Key of the dice (by position) kept from the throw before: shown kept again after the throw."""


def may_play(match: Match, seat: int) -> bool:
    """Whether this phone may play ``seat`` now (see the module doc); remembered per request."""
    if (request.endpoint or "").startswith("play.viewer"):
        return False
    cache: dict[tuple[int, int, int], bool] = g.setdefault("bloccato_may_play", {})
    key = (match.id, match.version, seat)
    if key not in cache:
        cache[key] = _may_play(match, seat)
    return cache[key]


def _may_play(match: Match, seat: int) -> bool:
    """The uncached rule of :func:`may_play`."""
    member = membership(match)
    if member is None:
        return False
    if member.seat == seat:
        return True
    if member.seat is None and not is_host(match):
        return False
    claimed = db.session.execute(
        db.select(Membership.id).filter_by(match_id=match.id, seat=seat).limit(1)
    ).first()
    return claimed is None


def held_roll(sheet: Sheet[BloccatoState]) -> dict[str, Any] | None:
    """The roll in progress in the app (its ``throws`` and the dice ``kept`` last), or None.

    A held roll counts while no entry was stored since: a seat claimed meanwhile bumps the match
    version but changes nothing of the turn, so it must not make a player lose a good throw.
    With none held, a roll made in the app and just undone is in progress again, its throws as
    they were: were it gone, Use these dice then Undo would be three fresh throws, a re-roll the
    rules do not give.
    """
    match, state = sheet.match, sheet.state
    if phase(state) != "roll":
        return None
    held = db.session.get(Pending, match.id)
    move = held.move if held is not None and held.seat == state.turn else {}
    current = held is not None and (
        held.version == match.version or not entries_since(match, held.version)
    )
    if current and move.get("type") == "roll" and move.get(HELD) and is_throws(move):
        return move
    return undone_throws(sheet)


def is_throws(move: dict[str, Any]) -> bool:
    """Whether ``move`` carries the throws of a roll in the app."""
    return isinstance(move.get("throws"), list) and bool(move["throws"])


def undone_throws(sheet: Sheet[BloccatoState]) -> dict[str, Any] | None:
    """The roll in the app that the newest entry (an undo) took back, held again with its
    throws (none kept: which dice were kept is not in the log); None otherwise."""
    move = undone_of(sheet, "roll")
    if move is None or not is_throws(move):
        return None
    return {"type": "roll", "dice": move.get("dice"), "throws": move["throws"], HELD: True}


def held_throws(sheet: Sheet[BloccatoState]) -> list[str]:
    """The throws of the roll in progress in the app, oldest first; [] when there is none."""
    move = held_roll(sheet)
    return [] if move is None else [str(throw) for throw in move["throws"]]


def sorted_dice(dice: str) -> str:
    """Dice in the order the rules keep them (1 to 5, cows last), as a typed roll stores them."""
    return "".join(sorted(dice, key=FACES.index))


def draw_face() -> str:
    """One die thrown on the server: 1 to 5 or a cow, from the system's randomness."""
    return secrets.choice(FACES)


def throw_move(sheet: Sheet[BloccatoState], form: Any) -> dict[str, Any]:
    """Throw the dice not kept; held until the player uses them, final at the third throw."""
    allowed(form, check_roll, sheet.state, "CCCCC")
    throws = held_throws(sheet)
    held = db.session.get(Pending, sheet.match.id)
    if throws and held is not None and form.idem.data and held.move.get(KEY) == form.idem.data:
        return held.move  # the same tap again: no new throw
    if len(throws) >= MAX_THROWS:
        raise refuse(form, _("No throws left: use these dice."))
    last = throws[-1] if throws else ""
    kept = {i for i in range(DICE) if last and form[f"keep{i}"].data}
    dice = "".join(last[i] if i in kept else draw_face() for i in range(DICE))
    throws = [*throws, dice]
    move: dict[str, Any] = {"type": "roll", "dice": sorted_dice(dice), "throws": throws}
    if len(throws) < MAX_THROWS:
        move.update({HELD: True, KEY: form.idem.data, KEPT: sorted(kept)})
    return move


def use_move(sheet: Sheet[BloccatoState], form: Any) -> dict[str, Any]:
    """The roll made of the throws so far: the last throw is the dice."""
    throws = held_throws(sheet)
    if not throws:
        raise refuse(form, _("Throw the dice in the app first, or enter the dice you rolled."))
    dice = allowed(form, check_roll, sheet.state, throws[-1])
    return {"type": "roll", "dice": dice, "throws": throws}


ACTIONS: dict[str, Callable[[Sheet[BloccatoState], Any], dict[str, Any]]] = {
    "roll": typed_move,
    "throw": throw_move,
    "use": use_move,
    "mark": mark_move,
    "pass": lambda sheet, form: {"type": "pass"},
}
"""What each button of the turn form makes of it."""


def action_of(form: Any) -> str:
    """What the pressed button asks for (a cell button carries only the cell: a mark)."""
    return str(form.action.data or ("mark" if form.cell.data else "roll"))


def to_move(sheet: Sheet[BloccatoState], form: Any) -> dict[str, Any]:
    """The move the pressed button asks for, if this phone may play the side to move."""
    earlier = by_key(sheet.match, form.idem.data)
    if earlier is not None:  # the same tap again: the log keeps it once, nothing is refused
        return earlier.move
    action = action_of(form)
    if action not in ACTIONS:
        raise refuse(form, _("That is not something this form can do."))
    seat = sheet.state.turn
    if sheet.rules.outcome(sheet.state) is None and not may_play(sheet.match, seat):
        raise refuse(
            form,
            _(
                "It is %(name)s's turn, and %(name)s plays on another phone.",
                name=sheet.players[seat],
            ),
        )
    move: dict[str, Any] = ACTIONS[action](sheet, form)
    return move


def overtaken(sheet: Sheet[BloccatoState], latest: Entry, form: Any, who: str) -> str | None:
    """A cell tapped or a pass for a roll that ``latest`` undid (another phone's Undo, while
    this one still showed the roll): that roll is gone, so the phone is told who undid it and
    rolls again (or finds the dice it threw in the app back), rather than hearing from the
    rules that it must roll first."""
    action = action_of(form)
    if latest.undoes is None or action not in ("mark", "pass"):
        return None
    undone = next((line.move for line in sheet.entries if line.seq == latest.undoes), {})
    if undone.get("type") != "roll":
        return None
    return words.roll_undone(who, str(undone.get("dice", "")), action, is_throws(undone))


def chooser(sheet: Sheet[BloccatoState], move: dict[str, Any]) -> int | None:
    """A held throw waits for its roller (throw again or use the dice); anything else is final."""
    if move.get("type") == "roll" and move.get(HELD):
        return int(sheet.state.turn)
    return None


TURN_KIND = EntryKind(
    "turn", lambda: _("Your turn"), "games/bloccato/_turn.html", turn_form, to_move
)
