"""The players typed into the new-match form: which box is "this phone", and names typed twice.

The rules check the list of names as a whole and say what is wrong with it ("Two players have the
same name."); a person at the form needs to see where: these checks run first and put their
message on the boxes concerned. A form with no name at all is left to the rules, whose "for 3 to
5 players" says more than any single box could.
"""

from __future__ import annotations

from typing import Any

from ..i18n import gettext as _


def filled_boxes(form: Any, seats: int) -> list[int]:
    """The boxes with a name in them, in seat order."""
    return [i for i in range(seats) if (form[f"p{i}"].data or "").strip()]


def host_seat(form: Any, me: str, seats: int) -> tuple[int | None, str | None]:
    """The seat of the player marked "this phone" (its place among the filled boxes), or why
    the mark cannot be used; ``none`` (or no mark, from an older form) seats nobody, and so
    does an empty form (the rules then ask for the players first)."""
    filled = filled_boxes(form, seats)
    if me in ("", "none") or not filled:
        return None, None
    if not (me.isascii() and me.isdigit() and int(me) < seats):
        return None, _("Mark one of the players, or “Nobody”.")
    if int(me) not in filled:
        return None, _("The player marked “this phone” has no name: type it or mark another.")
    return filled.index(int(me)), None


def named_twice(form: Any, seats: int) -> str | None:
    """Why the names cannot be told apart, with each box concerned marked; None when they can."""
    seen: dict[str, int] = {}
    twice: list[tuple[int, int]] = []
    for box in filled_boxes(form, seats):
        key = " ".join(form[f"p{box}"].data.split()).casefold()
        if key in seen:
            twice.append((seen[key], box))
        else:
            seen[key] = box
    for first, second in twice:
        for box, other in ((first, second), (second, first)):
            form[f"p{box}"].errors = [_("Same name as player %(n)d.", n=other + 1)]
    if not twice:
        return None
    first, _second = twice[0]
    name = " ".join(form[f"p{first}"].data.split())
    return _(
        "Two players are both called “%(name)s”: tell them apart, with an initial for instance.",
        name=name,
    )
