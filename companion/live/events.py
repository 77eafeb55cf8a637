"""The doorbell streams: Server-Sent Events that only say "this match is at version V".

A page listens to its match's stream and, on a newer version, fetches the fragments its poll
would fetch. The stream itself never holds a database connection while it waits: it reads the
version in a short query when it opens, then waits on the process's broker, checking the
version again every second while no cross-worker fan-out is known to be working (SQLite with
several workers, or a PostgreSQL listener that lost its connection), at once when the listener
(re)starts listening (a commit made while it was deaf is read then), and at every keep-alive
otherwise; on SQLite the check is skipped while the database files are unchanged. Its life is
bounded, so a phone reconnects (and refreshes) every few minutes and a worker is never pinned
by a forgotten tab.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, abort, current_app
from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError

from ..db_deadline import within
from ..extensions import db
from ..models import Match
from ..security import member_match_or_404, viewer_match_or_404
from .doorbell import Broker, broker

bp = Blueprint("events", __name__)
CHECK_DEADLINE_SECONDS = 4.0
"""A version check that the database does not answer in this time ends the stream (PostgreSQL);
the page then polls, and reconnects later."""


@bp.get("/m/<int:match_id>/events")
def member_events(match_id: int) -> Response:
    """The doorbell of a match this phone joined (404 otherwise, like the sheet)."""
    enabled()
    match, _member = member_match_or_404(match_id)
    return open_stream(match.id)


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


def open_stream(match_id: int) -> Response:
    """Start the stream; 204 (browsers then stop retrying and the page polls) when this
    process already serves as many streams as it may."""
    local = broker()
    config = current_app.config
    if local.streams >= config["SSE_MAX_STREAMS"] or local.closed.is_set():
        return Response(status=204)
    engine = db.engine
    if engine.dialect.name == "postgresql":
        from .postgres import ensure_listener

        ensure_listener(local, engine.url)
    db.session.remove()
    settings = {key: config[key] for key in config if key.startswith("SSE_")}
    response = Response(stream(engine, local, match_id, settings), mimetype="text/event-stream")
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


def sqlite_files(engine: Engine) -> list[Path]:
    """An SQLite database's file and its write-ahead log: every commit of any worker touches
    one of them, so a version check is only needed when they changed (none for servers)."""
    name = engine.url.database
    if engine.dialect.name != "sqlite" or not name or name == ":memory:":
        return []
    base = Path(name)
    return [base, base.with_name(base.name + "-wal")]


def file_stamp(files: list[Path]) -> tuple[tuple[int, int], ...]:
    """Modification time and size of each file ((0, 0) when missing)."""
    stamps = []
    for path in files:
        try:
            info = path.stat()
            stamps.append((info.st_mtime_ns, info.st_size))
        except OSError:
            stamps.append((0, 0))
    return tuple(stamps)


def ring(version: int) -> str:
    """One doorbell event."""
    return f"event: version\ndata: {version}\n\n"


def stream(
    engine: Engine, local: Broker, match_id: int, settings: Mapping[str, Any]
) -> Iterator[str]:
    """The current version first, then every newer one, keep-alives between, until the end
    of the stream's life (shortened by up to a fifth at random, so phones that opened
    together do not all reconnect together)."""
    keepalive = float(settings["SSE_KEEPALIVE_SECONDS"])
    life = float(settings["SSE_LIFE_SECONDS"]) * random.uniform(0.8, 1.0)
    with local.listen(match_id) as channel:
        resyncs = channel.resyncs  # before the first read: a re-read asked after it counts
        files = sqlite_files(engine)
        stamp = file_stamp(files)
        sent = read_version(engine, match_id)
        if sent is None:
            return
        yield f"retry: {int(settings['SSE_RETRY_MS'])}\n" + ring(sent)
        now = time.monotonic()
        end, beat, check = now + life, now + keepalive, now + keepalive
        while not local.closed.is_set():
            every = keepalive if local.fanout_healthy else float(settings["SSE_CHECK_SECONDS"])
            check = min(check, now + every)
            now = time.monotonic()
            if now >= end:
                return
            wait = max(0.0, min(end, beat, check) - now)
            newer = channel.wait(sent, wait, local.closed, resyncs)
            now = time.monotonic()
            if newer is None and (now >= check or channel.resyncs != resyncs):
                resyncs = channel.resyncs
                check = now + every
                seen, stamp = stamp, file_stamp(files)
                current = read_version(engine, match_id) if not files or stamp != seen else sent
                if current is None:
                    return
                newer = current if current > sent else None
            if newer is not None:
                sent = newer
                beat = now + keepalive
                yield ring(sent)
            elif now >= beat:
                beat = now + keepalive
                yield ": keep-alive\n\n"
