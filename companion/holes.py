"""Holes for what must differ on every answer, so that a fragment can be shared between phones.

A fragment that carries a form (the entry panel) has two values no other phone may be given:
the CSRF token, signed for this phone's session, and the one-time key of the form, which makes
a retried write safe only while no other form carries it. While a fragment renders inside
:func:`holes`, both print as a hole instead; :func:`fill` puts this request's token and a fresh
key for each form in their places, every time the fragment is sent. A whole poll answer shared
by a table (:mod:`companion.views.shared_poll`) also leaves a hole for the phone's seat.

A hole is a NUL character, a letter and another NUL: nothing typed can contain one (every
request with a NUL character is refused, :mod:`companion.security`), so a hole is never
mistaken for something a player wrote. Inside :func:`holes`, :func:`fill` leaves them all, so
a shared fragment can sit inside a shared answer.

An answer only the page's script ever receives (a poll's) can instead leave the token and the
keys empty (:func:`blank`) and so be the same for every phone: the page sends its token in a
header with every request, and its script gives a form with an empty key a fresh one when the
form is first sent (``static/js/outbox.js``), so a double tap still carries one key.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from contextlib import contextmanager

from flask import g, has_app_context
from flask_wtf.csrf import generate_csrf

CSRF_HOLE = "\x00c\x00"
KEY_HOLE = "\x00k\x00"
SEAT_HOLE = "\x00s\x00"
HOLE = re.compile("\x00([cks])\x00")
CSRF_FIELD = "csrf_token"
"""Where Flask-WTF keeps the request's signed token on ``g`` (its ``WTF_CSRF_FIELD_NAME``)."""


def holes_open() -> bool:
    """Whether a fragment is rendering with holes instead of this request's values (never
    outside an app, where no fragment renders: a script or test asking for a key)."""
    return has_app_context() and bool(g.get("holes_open"))


def one_time_key() -> str:
    """A fresh one-time key for a form (its hole while a shared fragment renders)."""
    return KEY_HOLE if holes_open() else secrets.token_urlsafe(16)


@contextmanager
def holes() -> Iterator[None]:
    """Render (and build forms) with holes where the per-request values go.

    Flask-WTF signs its token once per request and keeps it on ``g``: setting the hole there
    makes every form built meanwhile print the hole. The real token is put back afterwards.
    Holes opened inside holes leave them open.
    """
    if holes_open():
        yield
        return
    saved = g.pop(CSRF_FIELD, None)
    setattr(g, CSRF_FIELD, CSRF_HOLE)
    g.holes_open = True
    try:
        yield
    finally:
        g.pop("holes_open", None)
        g.pop(CSRF_FIELD, None)
        if saved is not None:
            setattr(g, CSRF_FIELD, saved)


def blank(html: str) -> str | None:
    """``html`` the same for every phone: the token and key holes empty (module docstring), or
    None when it holds a seat hole, which only the phone's own value can fill."""
    if SEAT_HOLE in html:
        return None
    return html.replace(CSRF_HOLE, "").replace(KEY_HOLE, "")


def fill(html: str, seat: int | None = None) -> str:
    """``html`` with this request's token, a fresh key for each form and the phone's ``seat``
    in their holes; unchanged while holes are open (it is itself being rendered to share)."""
    if holes_open():
        return html
    token = generate_csrf()

    def value(found: re.Match[str]) -> str:
        kind = found.group(1)
        if kind == "c":
            return token
        if kind == "k":
            return secrets.token_urlsafe(16)
        return "" if seat is None else str(seat)

    return HOLE.sub(value, html)
