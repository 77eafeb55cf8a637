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
only then does the roll enter the log, every throw recorded in it.
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import g, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, RadioField, StringField
from wtforms.validators import ValidationError

from ..extensions import db
from ..models import Match, Membership, Pending
from ..rules import IllegalMove
from ..rules.bloccato import MAX_THROWS, BloccatoState, check_mark, check_roll, phase
from ..rules.bloccato_sheet import FACES
from ..security import is_host, membership
from ..sheet import Sheet, by_key, entries_since
from .base import EntryBase, EntryKind
from .bloccato_words import refusal

DICE = 5
HELD = "held"
"""Key of a held roll (throws still to come): it never enters the log."""
KEY = "key"
"""Key of the one-time form key that made the latest held throw (a double tap throws once)."""
KEPT = "kept"
"""Key of the dice (by position) kept from the throw before: shown kept again after the throw."""


def face_choices() -> list[tuple[str, Any]]:
    """The six faces of a die as radio choices (the cow spelled out for screen readers)."""
    return [(face, face) for face in "12345"] + [("C", _l("cow"))]


class TurnForm(EntryBase):
    """Everything a turn can send; the pressed button's ``action`` says which part counts."""

    die0 = RadioField(_l("Die 1"), choices=face_choices(), validate_choice=False)
    die1 = RadioField(_l("Die 2"), choices=face_choices(), validate_choice=False)
    die2 = RadioField(_l("Die 3"), choices=face_choices(), validate_choice=False)
    die3 = RadioField(_l("Die 4"), choices=face_choices(), validate_choice=False)
    die4 = RadioField(_l("Die 5"), choices=face_choices(), validate_choice=False)
    keep0 = BooleanField(_l("Keep die 1"))
    keep1 = BooleanField(_l("Keep die 2"))
    keep2 = BooleanField(_l("Keep die 3"))
    keep3 = BooleanField(_l("Keep die 4"))
    keep4 = BooleanField(_l("Keep die 5"))
    cell = StringField(_l("Cell"))
    action = StringField(_l("Action"))


def turn_form(sheet: Sheet, formdata: Any) -> EntryBase:
    """The turn form (prefix ``turn``: fields are ``turn-die0``, ``turn-cell``, ...)."""
    return TurnForm(formdata=formdata, prefix="turn")


def refuse(form: Any, message: str) -> ValidationError:
    """A refusal shown at the top of the form (the view re-renders it in place)."""
    form.form_errors.append(message)
    return ValidationError(message)


def allowed(form: Any, check: Any, state: BloccatoState, value: Any) -> Any:
    """``check(state, value)`` of the rules; its refusal shown in place with the dice spelled out.

    The log's own check repeats it when the move is stored; checking here first only words the
    reason better ("the roll 1 4 4 4 cow…", not "the roll 1444C…").
    """
    try:
        return check(state, value)
    except IllegalMove as refused:
        raise refuse(form, refusal(refused)) from None


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


def held_roll(match: Match, state: BloccatoState) -> dict[str, Any] | None:
    """The roll in progress in the app (its ``throws`` and the dice ``kept`` last), or None.

    A held roll counts while no entry was stored since: a seat claimed meanwhile bumps the match
    version but changes nothing of the turn, so it must not make a player lose a good throw.
    """
    held = db.session.get(Pending, match.id)
    if held is None or phase(state) != "roll" or held.seat != state.turn:
        return None
    move = held.move
    if move.get("type") != "roll" or not move.get(HELD) or not isinstance(move.get("throws"), list):
        return None
    if held.version != match.version and entries_since(match, held.version):
        return None
    return move


def held_throws(match: Match, state: BloccatoState) -> list[str]:
    """The throws of the roll in progress in the app, oldest first; [] when there is none."""
    move = held_roll(match, state)
    return [] if move is None else [str(throw) for throw in move["throws"]]


def sorted_dice(dice: str) -> str:
    """Dice in the order the rules keep them (1 to 5, cows last), as a typed roll stores them."""
    return "".join(sorted(dice, key=FACES.index))


def draw_face() -> str:
    """One die thrown on the server: 1 to 5 or a cow, from the system's randomness."""
    return secrets.choice(FACES)


def throw_move(sheet: Sheet, form: Any) -> dict[str, Any]:
    """Throw the dice not kept; held until the player uses them, final at the third throw."""
    allowed(form, check_roll, sheet.state, "CCCCC")
    throws = held_throws(sheet.match, sheet.state)
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


def use_move(sheet: Sheet, form: Any) -> dict[str, Any]:
    """The roll made of the throws so far: the last throw is the dice."""
    throws = held_throws(sheet.match, sheet.state)
    if not throws:
        raise refuse(form, _("Throw the dice in the app first, or enter the dice you rolled."))
    dice = allowed(form, check_roll, sheet.state, throws[-1])
    return {"type": "roll", "dice": dice, "throws": throws}


def typed_move(sheet: Sheet, form: Any) -> dict[str, Any]:
    """The roll of five dice tapped in, one face per die."""
    faces = []
    for i in range(DICE):
        field = form[f"die{i}"]
        if field.data not in set(FACES):
            field.errors = [*field.errors, _("Tap the face of this die.")]
        faces.append(field.data or "")
    if any(form[f"die{i}"].errors for i in range(DICE)):
        raise ValidationError(_("Tap the face of every die."))
    return {"type": "roll", "dice": allowed(form, check_roll, sheet.state, "".join(faces))}


def mark_move(sheet: Sheet, form: Any) -> dict[str, Any]:
    """Mark the tapped cell, given as ``row,col`` counted from 0."""
    parts = (form.cell.data or "").split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() and len(p.strip()) < 3 for p in parts):
        raise refuse(form, _("Tap a cell of the sheet to mark it."))
    cell = allowed(form, check_mark, sheet.state, [int(parts[0]), int(parts[1])])
    return {"type": "mark", "cell": list(cell)}


ACTIONS = {
    "roll": typed_move,
    "throw": throw_move,
    "use": use_move,
    "mark": mark_move,
    "pass": lambda sheet, form: {"type": "pass"},
}


def to_move(sheet: Sheet, form: Any) -> dict[str, Any]:
    """The move the pressed button asks for, if this phone may play the side to move."""
    earlier = by_key(sheet.match, form.idem.data)
    if earlier is not None:  # the same tap again: the log keeps it once, nothing is refused
        return earlier.move
    action = form.action.data or ("mark" if form.cell.data else "roll")
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


def chooser(sheet: Sheet, move: dict[str, Any]) -> int | None:
    """A held throw waits for its roller (throw again or use the dice); anything else is final."""
    if move.get("type") == "roll" and move.get(HELD):
        return int(sheet.state.turn)
    return None


TURN_KIND = EntryKind(
    "turn", lambda: _("Your turn"), "games/bloccato/_turn.html", turn_form, to_move
)
