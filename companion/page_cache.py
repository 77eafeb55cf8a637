"""Whole sheet pages kept per match version and phone, with holes for what changes per request.

A phone that reloads its sheet, or comes back to it, asks again for a page it has already seen:
the same match at the same version, from the same seat. Such a page is rendered once and kept;
what must differ on every answer is left as a hole while it renders and filled in as it is sent:

- the CSRF token (Flask-WTF signs it with the time; the page names it in every form),
- one-time keys (a fresh one per form, so a double tap stores one entry and a new tap another),
- "n minutes ago" in the log (it follows the clock, not the version).

A hole is a NUL character, a letter and digits, and another NUL: nothing typed can contain one,
since input with NUL characters is refused (:func:`companion.security.refuse_nul_bytes`).

The key (:func:`sheet_key`) is read with one plain query and holds everything the page shows
that can change: every column of the match (its version goes up with every entry, seat claim and
host action), the group's name, every seat's player and the phone that claimed it, this phone,
the language, the address asked for (the language links carry it, the QR code its host). A page
whose key changed while it rendered is sent but not kept. Like the snapshots, the cache lives in
each worker process and is bounded; a page that also shows other matches is never kept.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime

from flask import Flask, Response, current_app, g, make_response, request
from flask_babel import format_timedelta, get_locale
from flask_wtf.csrf import generate_csrf
from markupsafe import escape
from sqlalchemy import JSON, Text, and_, bindparam, cast, select
from sqlalchemy.orm import aliased

from .extensions import db
from .models import Group, Match, Membership, Player, Seat
from .security import device_id
from .snapshot import Snapshots

SIZE = 512
"""Pages one worker keeps: a few per phone at a few dozen open tables."""
EXTENSION = "companion.pages"

HOLE = re.compile("\x00([ckt])(-?[0-9]*)\x00")
CSRF_HOLE = "\x00c\x00"
KEY_HOLE = "\x00k\x00"
CSRF_FIELD = "csrf_token"
"""Where Flask-WTF keeps the request's signed token on ``g`` (its default field name)."""

Claim = aliased(Membership)
MATCH_COLUMNS = [
    cast(column, Text) if isinstance(column.type, JSON) else column
    for column in Match.__table__.columns
]
"""Every column of a match, the JSON ones as their text (a key must be hashable)."""
SHEET_KEY = (
    select(
        *MATCH_COLUMNS,
        Group.name,
        Membership.seat,
        Seat.position,
        Player.id,
        Player.name,
        Claim.device_id,
    )
    .join(Group, Group.id == Match.group_id)
    .join(
        Membership,
        and_(Membership.match_id == Match.id, Membership.device_id == bindparam("device")),
    )
    .outerjoin(Seat, Seat.match_id == Match.id)
    .outerjoin(Player, Player.id == Seat.player_id)
    .outerjoin(Claim, and_(Claim.match_id == Match.id, Claim.seat == Seat.position))
    .where(Match.id == bindparam("match_id"), Match.deleted_at.is_(None))
    .order_by(Seat.position)
)
"""Built once: the match, its group's name, this phone's membership and every seat's player and
claimer, one row per seat; no row when the match is deleted or this phone is not a member."""


def pages(app: Flask | None = None) -> Snapshots:
    """This app's page cache (one per app object, as the snapshots)."""
    app = app or current_app._get_current_object()  # type: ignore[attr-defined]
    found = app.extensions.get(EXTENSION)
    if found is None:
        found = app.extensions.setdefault(EXTENSION, Snapshots(SIZE))
    return found  # type: ignore[no-any-return]


def sheet_key(match_id: int) -> tuple[Hashable, ...] | None:
    """Everything the sheet page of ``match_id`` shows to this phone; None for a stranger."""
    device = device_id()
    rows = (
        db.session.connection().execute(SHEET_KEY, {"match_id": match_id, "device": device}).all()
    )
    if not rows:
        return None
    return (
        device,
        tuple(tuple(row) for row in rows),
        str(get_locale() or ""),
        request.full_path,
        request.host_url,
    )


def keep_out() -> None:
    """Mark the page being rendered as one not to keep (it shows more than its key covers)."""
    g.page_volatile = True


def holes_open() -> bool:
    """Whether a page is rendering with holes instead of per-request values."""
    return bool(g.get("page_holes"))


def one_time_key() -> str:
    """A fresh one-time key for a form (its hole while a page renders for the cache)."""
    return KEY_HOLE if holes_open() else secrets.token_urlsafe(16)


def ago(moment: datetime) -> str:
    """How long ago ``moment`` was, in words ("5 minutes ago"); a hole while a page renders."""
    if holes_open():
        return f"\x00t{int(moment.timestamp() * 1000)}\x00"
    return str(format_timedelta(moment - datetime.now(UTC), add_direction=True))


@contextmanager
def holes() -> Iterator[None]:
    """Render (and build forms) with holes where the per-request values go.

    Flask-WTF signs its token once per request and keeps it on ``g``; setting the hole there
    makes every form and ``csrf_token()`` print the hole. The real token is put back afterwards.
    """
    saved = g.pop(CSRF_FIELD, None)
    setattr(g, CSRF_FIELD, CSRF_HOLE)
    g.page_holes = True
    try:
        yield
    finally:
        g.pop("page_holes", None)
        g.pop(CSRF_FIELD, None)
        if saved is not None:
            setattr(g, CSRF_FIELD, saved)


def fill(html: str) -> str:
    """The page with every hole filled for this request."""
    token = generate_csrf()
    now = datetime.now(UTC)

    def value(found: re.Match[str]) -> str:
        kind, number = found.groups()
        if kind == "c":
            return str(token)
        if kind == "k":
            return secrets.token_urlsafe(16)
        moment = datetime.fromtimestamp(int(number) / 1000, UTC)
        return str(escape(format_timedelta(moment - now, add_direction=True)))

    return HOLE.sub(value, html)


def remember(key: tuple[Hashable, ...] | None, match_id: int, html: str) -> None:
    """Keep a freshly rendered page, unless it shows more than its key or the key moved on."""
    if key is None or g.pop("page_volatile", False):
        return
    if sheet_key(match_id) == key:
        pages().put(key, html)


def page(html: str) -> Response:
    """The answer for a page with holes: filled, and varying on HX-Request like every page."""
    response = make_response(fill(html))
    response.vary.add("HX-Request")
    return response
