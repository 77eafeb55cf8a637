"""How many doorbell streams a worker holds, and what they cost it.

Against gunicorn's gevent worker as ``make run`` starts it (``-c companion/live/serving.py``),
with ten connections per worker and four kept for requests: the stream cap comes from the
worker's own connection limit, a full cap still leaves ordinary requests an answer, and a phone
that hangs up frees its slot long before the stream's next keep-alive (an hour here). In a
threaded server in this process: one watcher per worker reads the versions of every listened
match in one query, and wakes only the streams whose match moved.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from werkzeug.serving import make_server

from companion.extensions import db
from companion.live.doorbell import broker
from companion.live.events import CONNECTIONS_VARIABLE
from companion.models import Match

from ..conftest import make_app
from .doorbell_client import WAIT, Doorbell, HttpPhone, drain
from .test_doorbell_stream import _Quiet

ROOT = Path(__file__).resolve().parents[2]
CONNECTIONS = 10
RESERVED = 4
CAP = CONNECTIONS - RESERVED


@dataclass
class Served:
    """A one-worker gunicorn, a phone at a match, and the phone's cookie for raw streams."""

    port: int
    phone: HttpPhone
    match_id: int
    cookie: str


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """Migrate an SQLite file, then serve it as ``make run`` does, with a small connection limit."""
    base = tmp_path_factory.mktemp("capacity")
    env = dict(os.environ)
    env.update(
        DATABASE_URL=f"sqlite:///{base / 'capacity.sqlite'}",
        FLASK_SECRET_KEY="capacity-test",
        FLASK_WTF_CSRF_ENABLED="false",
        FLASK_RATELIMIT_ENABLED="false",
        FLASK_SSE_RESERVED_CONNECTIONS=str(RESERVED),
        FLASK_SSE_KEEPALIVE_SECONDS="3600",
    )
    env.pop(CONNECTIONS_VARIABLE, None)
    migrate = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "companion", "db", "upgrade"],
        cwd=ROOT, env=env, capture_output=True, timeout=120,
    )  # fmt: skip
    assert migrate.returncode == 0, migrate.stderr.decode()
    port = free_port()
    command = [
        sys.executable, "-m", "gunicorn", "-c", "companion/live/serving.py",
        "--bind", f"127.0.0.1:{port}", "--workers", "1", "--worker-class", "gevent",
        "--worker-connections", str(CONNECTIONS), "--no-control-socket",
        "--graceful-timeout", "1", "companion:create_app()",
    ]  # fmt: skip
    log = base / "gunicorn.log"
    with log.open("wb") as errors:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stderr=errors)
    url = f"http://127.0.0.1:{port}"
    phone = HttpPhone(url)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, log.read_text()
            try:
                if httpx.get(url + "/", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "gunicorn did not start"
                time.sleep(0.1)
        match_id = phone.new_match(["Ann", "Bob"])
        cookie = "; ".join(f"{k}={v}" for k, v in phone.client.cookies.items())
        yield Served(port, phone, match_id, cookie)
    finally:
        phone.close()
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)


class RawStream:
    """One phone's doorbell over a bare socket, so the test decides when it closes."""

    def __init__(self, served: Served) -> None:
        self.sock = socket.create_connection(("127.0.0.1", served.port), timeout=WAIT)
        request = (
            f"GET /m/{served.match_id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Cookie: {served.cookie}\r\nAccept: text/event-stream\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        self.received = b""
        self.status = int(self.read_until(b"\r\n").split()[1])
        if self.status == 200:
            self.read_until(b"data:")

    def read_until(self, marker: bytes) -> bytes:
        while marker not in self.received:
            chunk = self.sock.recv(4096)
            assert chunk, "the server closed the connection"
            self.received += chunk
        return self.received

    def close(self) -> None:
        self.sock.close()


def fill(served: Served) -> list[RawStream]:
    """Open streams until the worker holds CAP of them (streams an earlier test closed may
    still hold their slot for a moment), then check that one more gets 204."""
    streams: list[RawStream] = []
    deadline = time.monotonic() + WAIT
    while len(streams) < CAP:
        opened = RawStream(served)
        if opened.status == 200:
            streams.append(opened)
            continue
        opened.close()
        assert time.monotonic() < deadline, f"only {len(streams)} streams below the cap"
        time.sleep(0.1)
    refused = RawStream(served)
    refused.close()
    assert refused.status == 204, "the worker took more streams than its connections allow"
    return streams


def test_a_full_stream_cap_still_leaves_room_for_ordinary_requests(served: Served) -> None:
    streams = fill(served)  # the cap: the worker's connections less the reserve
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{served.port}", timeout=WAIT) as other:
            other.cookies.update(served.phone.client.cookies)
            answer = other.get(f"/m/{served.match_id}/live", headers={"HX-Request": "true"})
            assert answer.status_code == 200
            assert other.get("/").status_code == 200
    finally:
        for opened in streams:
            opened.close()


def test_a_phone_that_hangs_up_frees_its_slot_before_any_keep_alive(served: Served) -> None:
    """Keep-alives come once an hour here: only the watcher can notice the closed socket."""
    streams = fill(served)
    try:
        streams.pop().close()
        deadline = time.monotonic() + WAIT
        while True:
            again = RawStream(served)
            if again.status == 200:
                streams.append(again)
                break
            again.close()
            assert time.monotonic() < deadline, "the closed stream still holds its slot"
            time.sleep(0.1)
        refused = RawStream(served)
        refused.close()
        assert refused.status == 204, "and the cap is full again"
    finally:
        for opened in streams:
            opened.close()


@pytest.fixture
def threaded(tmp_path: Path) -> Iterator[tuple[Any, str]]:
    """The app (SQLite file, versions checked every 0.2 s) served from threads here."""
    app = make_app(
        tmp_path,
        SQLALCHEMY_DATABASE_URI=f"sqlite:///{tmp_path / 'watch.sqlite'}",
        SSE_CHECK_SECONDS=0.2,
        SSE_KEEPALIVE_SECONDS=3600,
    )
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=_Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield app, f"http://127.0.0.1:{server.server_port}"
    finally:
        broker(app).close()
        server.shutdown()
        thread.join(WAIT)
        server.server_close()


def test_one_check_per_worker_wakes_only_the_streams_whose_match_moved(
    threaded: tuple[Any, str],
) -> None:
    app, url = threaded
    phone = HttpPhone(url)
    moved, still = phone.new_match(["Ann", "Bob"]), phone.new_match(["Cy", "Dee"])
    bells: dict[int, list[Doorbell]] = {moved: [], still: []}
    for match_id in (moved, still):
        for _ in range(3):
            bell = Doorbell(phone.client, f"/m/{match_id}/events")
            bell.next_version()
            bells[match_id].append(bell)
    local = broker(app)
    assert local.streams == 6 and local.watcher is not None
    with app.app_context():
        engine = db.engine
    statements: list[str] = []

    def record(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if "matches" in statement:
            statements.append(statement)

    sa.event.listen(engine, "before_cursor_execute", record)
    other = sa.create_engine(app.config["SQLALCHEMY_DATABASE_URI"])  # another worker's write
    try:
        with other.begin() as connection:
            table = Match.__table__
            connection.execute(
                sa.update(table).where(table.c.id == moved).values(version=table.c.version + 7)
            )
            wanted = connection.execute(
                sa.select(table.c.version).where(table.c.id == moved)
            ).scalar_one()
        for bell in bells[moved]:
            assert bell.version_at_least(wanted) == wanted
    finally:
        sa.event.remove(engine, "before_cursor_execute", record)
        other.dispose()
    assert statements, "the change was found by reading the database"
    assert all(" IN " in statement.upper() for statement in statements), statements
    assert len(statements) < len(bells[moved]), "one read per check, not one per stream"
    for bell in bells[still]:
        assert [name for name, _data in drain(bell) if name == "version"] == []
    for bell in bells[moved] + bells[still]:
        bell.close()
    phone.close()
