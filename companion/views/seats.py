"""Seats with consent: "I am …", asking a phone for its seat, answering, leaving.

The decisions are in :mod:`companion.seats`; each view checks the form, lets it decide, bumps
the version (so every phone of the table sees the change) and goes back to the sheet.
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, request, url_for

from .. import seats
from ..extensions import db
from ..models import Match, Membership
from ..security import is_host, is_index, member_match_or_404
from ..sheet import touch
from .log_lines import kept_log
from .reply import go

bp = Blueprint("seats", __name__, url_prefix="/m/<int:match_id>/seat")


def seats_page(match: Match) -> str:
    """The sheet at its seats, its log still whole if the phone showed it whole."""
    return url_for("play.sheet", match_id=match.id, **kept_log()) + "#seats"


def back(match: Match) -> Response:
    """Commit with a new version, then the sheet at its seats."""
    touch(match)
    db.session.commit()
    return go(seats_page(match))


@bp.post("")
def claim(match_id: int) -> Response:
    """ "I am Bob": take a free seat, or ask the phone that holds it (the host may confirm a
    reassignment with ``as_host``). Tapping your own seat keeps it. A tap on a seat shown free
    (``free``) that another phone took meanwhile is told so, with the choice to ask; a seated
    phone is asked before it moves to another seat (:func:`switching`)."""
    match, member = member_match_or_404(match_id)
    raw = request.form.get("seat", "")
    if not is_index(raw, len(match.seats)):
        abort(400)
    as_host = request.form.get("as_host") == "1" and is_host(match)
    if not as_host and switching(match, member, int(raw)):
        return go(url_for("play.sheet", match_id=match.id, **kept_log(), switch=raw) + "#seats")
    saw_free = request.form.get("free") == "1"
    outcome = seats.claim(match, member, int(raw), as_host=as_host, saw_free=saw_free)
    seats.mark_seen(member)
    if outcome.outcome == "lost":  # nothing changed for the other phones: this one is told
        db.session.commit()
        return go(url_for("play.sheet", match_id=match.id, **kept_log(), lost=raw) + "#seats")
    return back(match)


def switching(match: Match, member: Membership, position: int) -> bool:
    """Whether this tap would move a seated phone to another seat at once, leaving its own seat
    empty, before the phone said yes (``switch``): the seats panel asks first. A held seat is
    only asked for, which its own "Withdraw the request" undoes, so that asks nothing. After the
    end nothing is played from a seat any more: the tap moves the phone as it asks."""
    if (
        not match.is_open
        or member.seat is None
        or member.seat == position
        or request.form.get("switch") == "1"
    ):
        return False
    return not seats.present(seats.holder(match, position))


@bp.post("/answer")
def answer(match_id: int) -> Response:
    """The holder of an asked seat (or the host) lets it go or keeps it."""
    match, member = member_match_or_404(match_id)
    asker = request.form.get("device", "")
    give = request.form.get("give") == "1"
    if not seats.answer(match, member, asker, give, is_host(match)):
        return go(seats_page(match))
    return back(match)


@bp.post("/cancel")
def cancel(match_id: int) -> Response:
    """Withdraw this phone's request for a seat (or put away the word that it was turned
    down)."""
    match, member = member_match_or_404(match_id)
    member.turned_down_seat = None
    if member.asks_seat is None:  # only this phone's word put away: no other phone shows it
        db.session.commit()
        return go(seats_page(match))
    member.asks_seat = None
    return back(match)


@bp.post("/leave")
def leave(match_id: int) -> Response:
    """Give up this phone's seat (the confirmed action behind "Leave this seat")."""
    match, member = member_match_or_404(match_id)
    if request.form.get("confirm") != "1":
        abort(400)
    seats.leave(member)
    return back(match)
