"""The round a just-made undo took back, so that its form opens with it, ready to correct.

An undo of a round is nearly always about one mistyped number. Opening the form empty after it
means typing the whole round again; opening it with the round as it was means one correction
and one save. Each game fills its own form from the move (its fields are its own); this module
only finds the move, the same way for every game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..sheet import Sheet


def undone_move(sheet: Sheet[Any]) -> dict[str, Any] | None:
    """The move the newest entry (an undo) took back, while the sheet is back at it: nothing
    but undos came after that move. None otherwise (the form then opens empty)."""
    if not sheet.entries or sheet.entries[-1].undoes is None:
        return None
    target = sheet.entries[-1].undoes
    later = [line for line in sheet.entries if line.seq > target]
    if any(line.undoes is None and line.seq not in sheet.undone for line in later):
        return None
    undone = next((line for line in sheet.entries if line.seq == target), None)
    return dict(undone.move) if undone is not None else None


def undone_of(sheet: Sheet[Any], kind: str) -> dict[str, Any] | None:
    """:func:`undone_move` when it is a move of type ``kind``, else None."""
    move = undone_move(sheet)
    return move if move is not None and move.get("type") == kind else None


def fill_seats(form: Any, values: object, shown: Any = None) -> bool:
    """Put one value per seat into the form's ``seat<i>`` boxes (through ``shown`` when the box
    holds another form of it); whether the form was filled. Nothing is filled unless there is
    exactly a value for every box."""
    if not isinstance(values, list):
        return False
    boxes = [form._fields.get(f"seat{i}") for i in range(len(values))]
    if not boxes or None in boxes or f"seat{len(boxes)}" in form._fields:
        return False
    for box, value in zip(boxes, values, strict=True):
        box.data = shown(value) if shown is not None else value
    return True
