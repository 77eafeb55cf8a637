"""Showing the hands from several phones: each seat's 10 cards, gathered until all are in.

A round scored from the hands needs every live seat's hand, but each hand sits on its own phone.
Each phone enters its own (the host may enter any seat's, for players without a phone); the hands
entered so far are held as one showdown move (companion/pending.py) with ``null`` for the missing
ones, and the last hand turns it into the real ``showdown`` move in the log.

Held hands stay valid until the log moves on: a seat claimed or a code rotated bumps the match
version too, and must not throw away the hands already typed, so validity here is "no entry was
stored after the hold" rather than pending_for()'s "the version has not moved".
"""

from __future__ import annotations

from typing import Any

from ...extensions import db
from ...models import Membership, Pending
from ...rules import IllegalMove
from ...rules.base import N_, require
from ...rules.nuota import NAMES, NuotaState, alive, check_deck, check_hand, counts_of, is_out
from ...security import device_id, is_host
from ...sheet import Sheet
from ..taken_back import undone_move
from .words import translated

Hand = dict[str, int]


def held_hands(sheet: Sheet[NuotaState]) -> list[Hand | None]:
    """The hands entered so far this round, one per seat (None: not entered yet)."""
    seats = len(sheet.players)
    nothing: list[Hand | None] = [None] * seats
    held = current_hold(sheet)
    move = held.move if held is not None else undone_move(sheet)
    if move is None:
        return nothing
    hands = move.get("hands")
    if move.get("type") != "showdown" or not isinstance(hands, list) or len(hands) != seats:
        return nothing
    state = sheet.state
    return [
        dict(hand) if isinstance(hand, dict) and not is_out(state, seat) else None
        for seat, hand in enumerate(hands)
    ]


def current_hold(sheet: Sheet[NuotaState]) -> Pending | None:
    """The hands held for this round, unless an entry was stored after they were."""
    held = db.session.get(Pending, sheet.match.id)
    if held is None or any(entry.version > held.version for entry in sheet.entries):
        return None
    return held


def hand_of(counts: dict[str, Any]) -> Hand:
    """A hand as the log keeps it: species with at least one card, in scoring order."""
    return {name: int(counts.get(name) or 0) for name in NAMES if counts.get(name)}


def viewer(sheet: Sheet[NuotaState]) -> tuple[int | None, bool]:
    """This phone's seat in the match (None if it claimed none) and whether it is the host."""
    seat = db.session.execute(
        db.select(Membership.seat).filter_by(match_id=sheet.match.id, device_id=device_id())
    ).scalar_one_or_none()
    return seat, is_host(sheet.match)


def seats_with_a_phone(sheet: Sheet[NuotaState]) -> set[int]:
    """The seats a phone at the table has claimed: those players enter their own hands."""
    claimed = db.select(Membership.seat).filter(
        Membership.match_id == sheet.match.id, Membership.seat.is_not(None)
    )
    return {seat for seat in db.session.execute(claimed).scalars() if seat is not None}


def default_seat(sheet: Sheet[NuotaState], me: int | None, host: bool) -> int | None:
    """Whose hand a fresh form is for: my own, or for the host the first one still missing of
    a player without a phone (the host enters those; the others come from their own phones).
    When only phones' hands are missing, the host's own (shown again, to correct it)."""
    live = alive(sheet.state)
    if not host:
        return me if me in live else None
    held = held_hands(sheet)
    if me in live and held[me] is None:
        return me
    missing = [seat for seat in live if held[seat] is None]
    phones = seats_with_a_phone(sheet) if missing else set()
    without = [seat for seat in missing if seat not in phones]
    if without:
        return without[0]
    if me in live:
        return me
    return missing[0] if missing else live[0] if live else None


def held_since(sheet: Sheet[NuotaState]) -> int:
    """The version at which the hands held now were last added to: the hold's, or the undo's
    that gave them back (0 when none are held)."""
    held = current_hold(sheet)
    if held is not None:
        return held.version
    return sheet.entries[-1].version if undone_move(sheet) is not None else 0


def gather(
    sheet: Sheet[NuotaState],
    move: dict[str, Any],
    seat: int | None,
    host: bool,
    known: int | None = None,
) -> tuple[dict[str, Any], bool]:
    """Merge one phone's hand with the hands held so far: (the showdown move, whether complete).

    ``move`` from the hands form carries one hand and ``null`` elsewhere; other moves (totals,
    sudden death) are complete as they are. A hand is checked alone (10 real cards) and with the
    others (no more copies of a species than the deck has) before it is held, so a mistake shows
    on the phone that made it, not on the last phone of the table. A hand the host enters for
    another player never replaces one that came in after the host's form was drawn (``known``).
    """
    hands = move.get("hands")
    if move.get("type") != "showdown" or not isinstance(hands, list):
        return move, True
    state = sheet.state
    names = sheet.players
    entered = [index for index, hand in enumerate(hands) if hand is not None]
    require(len(entered) == 1, N_("Enter one hand at a time."))
    owner = entered[0]
    require(
        host or owner == seat,
        N_("Enter your own hand: the host enters the hands of players without a phone."),
    )
    require(
        not is_out(state, owner),
        N_("%(player)s is out of the game and has no hand."),
        player=names[owner],
    )
    merged = held_hands(sheet)
    # The host's hand for a player whose own hand came in after the host's form was drawn (the
    # host typed it offline, say) does not replace it: only a form that showed it may correct it.
    require(
        merged[owner] is None or owner == seat or known is None or known >= held_since(sheet),
        N_(
            "%(player)s's hand came in first and was not replaced. Check it on the sheet and "
            "enter it again only if it needs correcting."
        ),
        player=names[owner],
    )
    try:
        check_hand(hands[owner], names[owner])
        merged[owner] = hand_of(hands[owner])
        check_deck([None if hand is None else counts_of(hand) for hand in merged])
    except IllegalMove as refused:
        raise translated(refused) from None
    complete = all(merged[live] is not None for live in alive(state))
    return {"type": "showdown", "hands": merged}, complete
