"""How a game numbers its stored entries, for the names its seam gives them
(:meth:`companion.games.base.Seam.entry_name`: "round 6")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..models import Entry
    from ..sheet import Sheet


def numbered(sheet: Sheet[Any], entry: Entry, named: set[str], steps: set[str]) -> int | None:
    """The number of ``entry`` among the standing entries of ``sheet`` whose move type is
    in ``steps`` (the moves that each begin a round), when its own type is in ``named``; None
    for an entry undone, an undo, or a move of another type (for :meth:`Seam.entry_name`)."""
    if entry.undoes is not None or entry.seq in sheet.undone:
        return None
    if entry.move.get("type") not in named:
        return None
    before = [e for e in sheet.effective() if e.seq < entry.seq]
    return 1 + sum(1 for e in before if e.move.get("type") in steps)
