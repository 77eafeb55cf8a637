"""The doorbell streams: Server-Sent Events that only say "this match is at version V".

A page listens to its match's stream and, on a newer version, fetches the fragments its poll
would fetch. A stream is cheap on purpose, because a worker holds hundreds: it reads the version
in one short query when it opens, then waits on the process's broker holding no database
connection, no session and no request context, and wakes only when its match is rung, at its
keep-alive, or when it ends. Everything periodic (reading other processes' versions, noticing
phones that hung up) is done once per process by the watcher (:mod:`.watch`), not per stream.

How many streams a process serves is capped below its connection limit
(:func:`stream_cap`): the rest of the connections stay for ordinary requests, and a phone over
the cap gets 204 and polls. Its life is bounded, so a phone reconnects (and refreshes) every few
minutes and a worker is never pinned by a forgotten tab.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator, Mapping
from typing import Any

from flask import Blueprint, Response, abort, current_app, request
from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError

from ..db_deadline import within
from ..extensions import db
from ..member_state import member_state
from ..models import Match
from ..security import viewer_match_or_404
from .doorbell import Broker, broker
from .serving import CONNECTIONS_VARIABLE
from .watch import ensure_watcher

bp = Blueprint("events", __name__)
CHECK_DEADLINE_SECONDS = 4.0
"""A version check that the database does not answer in this time ends the stream (PostgreSQL);
the page then polls, and reconnects later."""


@bp.get("/m/<int:match_id>/events")
def member_events(match_id: int) -> Response:
    """The doorbell of a match this phone joined (404 otherwise, like the sheet)."""
    enabled()
    state = member_state(match_id)
    if state is None:
        abort(404)
    return open_stream(match_id, state.device)


@bp.get("/v/<int:match_id>/<token>/events")
def viewer_events(match_id: int, token: str) -> Response:
    """The doorbell of the read-only viewer link."""
    enabled()
    match = viewer_match_or_404(match_id, token)
    return open_stream(match.id)


def enabled() -> None:
    """404 when the doorbell is switched off (``SSE_ENABLED``): pages then only poll."""
    if not current_app.config["SSE_ENABLED"]:
        abort(404)


def stream_cap(config: Mapping[str, Any]) -> int:
    """How many streams this process may hold: its connection limit (gunicorn's
    ``worker_connections``, which :mod:`companion.live.serving` passes on, else
    ``SSE_WORKER_CONNECTIONS``) less ``SSE_RESERVED_CONNECTIONS`` kept for ordinary requests;
    ``SSE_MAX_STREAMS``, when set, lowers it further."""
    connections = int(os.environ.get(CONNECTIONS_VARIABLE) or config["SSE_WORKER_CONNECTIONS"])
    room = max(0, connections - int(config["SSE_RESERVED_CONNECTIONS"]))
    chosen = config.get("SSE_MAX_STREAMS")
    return room if chosen is None else min(int(chosen), room)


def client_socket(environ: Mapping[str, Any]) -> Any:
    """The connection's socket as the server hands it over (gunicorn's gevent and threaded
    workers, Werkzeug's server); None elsewhere (hang-ups are then noticed at a write)."""
    for key in ("gunicorn.sock", "gunicorn.socket", "werkzeug.socket"):
        if environ.get(key) is not None:
            return environ[key]
    return None


def open_stream(match_id: int, device: str | None = None) -> Response:
    """Start the stream (a member's ``device`` counts as at the table while it listens); 204
    (browsers then stop retrying and the page polls) when this process already serves as many
    streams as it may."""
    local = broker()
    config = current_app.config
    if local.streams >= stream_cap(config) or local.closed.is_set():
        return Response(status=204)
    engine = db.engine
    if engine.dialect.name == "postgresql":
        from .postgres import ensure_listener

        ensure_listener(local, engine.url)
    db.session.remove()
    settings = {key: config[key] for key in config if key.startswith("SSE_")}
    events = stream(engine, local, match_id, settings, client_socket(request.environ), device)
    response = Response(events, mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache, no-transform"
    response.headers["X-Accel-Buffering"] = "no"
    return response


def read_version(engine: Engine, match_id: int) -> int | None:
    """The match's version in one short query (the connection goes straight back to the
    pool); None when the match is gone or the database does not answer in time."""
    try:
        with within(CHECK_DEADLINE_SECONDS), engine.connect() as connection:
            found = connection.execute(
                select(Match.version).where(Match.id == match_id, Match.deleted_at.is_(None))
            ).scalar_one_or_none()
    except OperationalError:
        return None  # the database is away: end the stream; the page polls meanwhile

    return int(found) if found is not None else None


def ring(version: int) -> str:
    """One doorbell event."""
    return f"event: version\ndata: {version}\n\n"


def beat(seconds: float) -> str:
    """The stream's sign of life: "you will hear from me again within ``seconds``".

    A page that keeps hearing its stream needs no timed poll (``static/js/doorbell.js``): every
    newer version is rung, and the watcher corrects the rung versions every keep-alive. An
    event, not an SSE comment, because a page's script never sees comments."""
    return f"event: beat\ndata: {seconds:g}\n\n"


def stream(
    engine: Engine,
    local: Broker,
    match_id: int,
    settings: Mapping[str, Any],
    socket: Any = None,
    device: str | None = None,
) -> Iterator[str]:
    """The current version first, then every newer one, a beat whenever the stream has been
    quiet for ``SSE_KEEPALIVE_SECONDS`` (and one at once, which says how often), until the end
    of the stream's life (shortened by up to a fifth at random, so phones that opened
    together do not all reconnect together), the phone hanging up or the match going."""
    keepalive = float(settings["SSE_KEEPALIVE_SECONDS"])
    life = float(settings["SSE_LIFE_SECONDS"]) * random.uniform(0.8, 1.0)
    ensure_watcher(local, engine, settings)
    with local.listen(match_id, socket, device) as seat:
        sent = read_version(engine, match_id)
        if sent is None:
            return
        yield f"retry: {int(settings['SSE_RETRY_MS'])}\n" + ring(sent) + beat(keepalive)
        now = time.monotonic()
        end, due = now + life, now + keepalive
        while not local.closed.is_set() and now < end:
            newer = seat.wait(sent, max(0.0, min(end, due) - now), local.closed)
            if seat.ended:
                return
            now = time.monotonic()
            if newer is not None:
                sent, due = newer, now + keepalive
                yield ring(sent)
            elif now >= due:
                due = now + keepalive
                yield beat(keepalive)
