"""Who a request comes from, what it may see, and the headers every response carries."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import UTC, datetime, timedelta

from flask import Flask, Request, Response, abort, current_app, g, request, session
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from itsdangerous import BadSignature
from sqlalchemy import bindparam, select
from sqlalchemy.orm import joinedload

from .extensions import db
from .join_codes import mark_active
from .match_rows import MatchRow, seated_match
from .models import Device, Match, Membership, Seat
from .seats import members

SEATED = (joinedload(Match.group), joinedload(Match.seats).joinedload(Seat.player))
"""The group, seats and names come with the match in one joined query: every sheet shows them."""
SEATED_MATCH = select(Match).options(*SEATED).where(Match.id == bindparam("match_id"))
"""Built once: building the statement and its loader options anew cost a quarter of loading
the match (``Session.get`` does so on every call)."""
HSTS = "max-age=31536000"
"""Sent only on answers that went out over https (directly or through the trusted proxy): a
browser that saw it never tries plain http for this host for a year. Subdomains are not
included, since the app may share its domain with other services."""
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
DEVICE_ID_LENGTH = 32
RESIGN_AFTER = timedelta(days=1)
"""How old a phone's cookie may be before an answer signs it anew (see :class:`DeviceSessions`)."""

CSP = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)


def device_id() -> str:
    """This browser's anonymous id, issued on first use and kept in the signed session cookie.

    The cookie is signed, so an id found in it was issued here: no database read per request.
    Rows that point at the device call :func:`ensure_device` first.
    """
    if "device_id" not in g:
        current = session.get("device")
        if not isinstance(current, str) or len(current) != DEVICE_ID_LENGTH:
            current = secrets.token_hex(DEVICE_ID_LENGTH // 2)
            session["device"] = current
            session.permanent = True
        g.device_id = current
    return str(g.device_id)


def ensure_device() -> str:
    """This device's id, with its row stored (memberships, entries and hosts refer to it)."""
    current = device_id()
    if db.session.get(Device, current) is None:
        db.session.add(Device(id=current))
        db.session.flush()
    return current


def membership(match: Match | MatchRow) -> Membership | None:
    """This device's membership of ``match``, if it joined: picked from the table's members,
    which the sheet reads anyway (one query for all of them, see :func:`.seats.members`)."""
    mine = device_id()
    return next((m for m in members(match) if m.device_id == mine), None)


def join(match: Match) -> Membership:
    """Make this device a member of ``match`` (idempotent)."""
    member = membership(match)
    if member is None:
        member = Membership(match_id=match.id, device_id=ensure_device())
        db.session.add(member)
        mark_active(match)
        db.session.commit()
    return member


def member_match_or_404(match_id: int) -> tuple[Match, Membership]:
    """The match and this device's membership; 404 for a match that is missing, deleted or not
    ours."""
    found = db.session.execute(SEATED_MATCH, {"match_id": match_id})
    match = found.unique().scalar_one_or_none()
    if match is None or match.deleted_at is not None:
        abort(404)
    member = membership(match)
    if member is None:
        abort(404)
    return match, member


def member_view_or_404(match_id: int) -> tuple[MatchRow, Membership]:
    """As :func:`member_match_or_404`, for views that only read the match: it comes as plain
    rows in one query (:mod:`companion.match_rows`), not as ORM objects."""
    match = seated_match(match_id)
    if match is None or match.deleted_at is not None:
        abort(404)
    member = membership(match)
    if member is None:
        abort(404)
    return match, member


def viewer_match_or_404(match_id: int, token: str) -> MatchRow:
    """The match whose read-only viewer link carries ``token``; 404 for anything else.
    Read-only, so as plain rows (:mod:`companion.match_rows`)."""
    match = seated_match(match_id)
    if match is None or match.deleted_at is not None:
        abort(404)
    if not token_matches(viewer_token(match), token):
        abort(404)
    return match


def is_host(match: Match) -> bool:
    """Whether this device holds the host rights of ``match``."""
    return match.host_device_id == device_id()


def new_code() -> str:
    """A 6-character join code without look-alike characters, unused by any open match."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        taken = db.session.execute(db.select(Match.id).filter_by(code=code)).first()
        if taken is None:
            return code


def normalise_code(raw: str) -> str:
    """A typed code as stored: upper case, without spaces or dashes."""
    return "".join(raw.split()).replace("-", "").upper()


def _token(purpose: str, match: Match | MatchRow, generation: int) -> str:
    """A 256-bit token derived from the secret key; never stored, so nothing to leak from the DB."""
    message = f"{purpose}:{match.id}:{generation}".encode()
    digest = hmac.new(current_app.config["SECRET_KEY"].encode(), message, hashlib.sha256)
    return digest.hexdigest()


def join_token(match: Match | MatchRow) -> str:
    """The token in the QR link; it changes when the host rotates the code."""
    return _token("join", match, match.key_generation)


def viewer_token(match: Match | MatchRow) -> str:
    """The token of the TV link for a shared screen: a generation of its own, so a new join code
    never breaks it; the host revokes it by moving that generation on."""
    return _token("view", match, match.viewer_generation or 0)


def token_matches(expected: str, given: str | None) -> bool:
    """Constant-time comparison of a token from a URL."""
    if not given:
        return False
    return hmac.compare_digest(expected.encode(), str(given).encode("utf-8", "replace"))


def is_index(raw: str, size: int) -> bool:
    """Whether form text is a plain ASCII number below ``size`` (a seat, a row)."""
    return raw.isascii() and raw.isdigit() and int(raw) < size


def set_headers(response: Response) -> Response:
    """Strict CSP and the usual hardening headers on every response; Vary on HX-Request."""
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.vary.add("HX-Request")
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", HSTS)
    if request.endpoint != "static" and "Cache-Control" not in response.headers:
        response.headers["Cache-Control"] = "no-store"
    return response


def refuse_nul_bytes() -> None:
    """Refuse input with NUL characters: no person types them, and PostgreSQL cannot store them.

    A GET's body is never read, so only its query string is checked (the poll's path stays lean).
    """
    sources = (request.args,) if request.method in ("GET", "HEAD") else (request.args, request.form)
    for values in sources:
        for key, value in values.items(multi=True):
            if "\x00" in key or "\x00" in value:
                abort(400)


class DeviceSession(SecureCookieSession):
    """The session, knowing when its cookie was signed (None for a new one)."""

    signed_at: datetime | None = None


class DeviceSessions(SecureCookieSessionInterface):
    """The signed cookie session, re-signed at most once a day, and Secure over https.

    A permanent session is normally signed and sent again with every response, so that its 400
    days run from the last request. Signing costs as much as a bare request, and a phone polls
    every 2 s and answers every change: here a cookie is sent again only when the session
    changed or when the one the phone holds was signed more than :data:`RESIGN_AFTER` ago, so
    its 400 days still run from the phone's last day at the table.
    """

    session_class = DeviceSession

    def open_session(self, app: Flask, request: Request) -> DeviceSession | None:
        """The cookie's session, with the time it was signed; a new one when it is missing,
        expired or not ours."""
        signer = self.get_signing_serializer(app)
        if signer is None:
            return None
        cookie = request.cookies.get(self.get_cookie_name(app))
        if not cookie:
            return self.session_class()
        max_age = int(app.permanent_session_lifetime.total_seconds())
        try:
            data, signed_at = signer.loads(cookie, max_age=max_age, return_timestamp=True)
        except BadSignature:
            return self.session_class()
        opened = self.session_class(data)
        opened.signed_at = signed_at
        return opened

    def get_cookie_secure(self, app: Flask) -> bool:
        """Secure when configured (an https ``PUBLIC_URL``) and whenever this request came over
        https, directly or as the trusted proxy's ``X-Forwarded-Proto`` says (``BEHIND_PROXY``)."""
        return bool(super().get_cookie_secure(app)) or request.is_secure

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        signed_at = getattr(session, "signed_at", None)
        if session.modified or signed_at is None:
            return bool(super().should_set_cookie(app, session))
        return datetime.now(UTC) - signed_at > RESIGN_AFTER


def init_app(app: Flask) -> None:
    """Install the response headers; trust one proxy's X-Forwarded-* when told to (BEHIND_PROXY)."""
    app.session_interface = DeviceSessions()
    app.after_request(set_headers)
    app.before_request(refuse_nul_bytes)
    if app.config.get("BEHIND_PROXY"):
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1)  # type: ignore[method-assign]
