"""Several gunicorn workers on one database, as in production: migrations, two phones writing
through different workers, and the doorbell crossing from one worker to another.

The PostgreSQL run needs TEST_DATABASE_URL (it works in a scratch database ``<name>_workers``,
created and dropped here, because the rest of the suite empties the test database between
tests); the SQLite run always happens. Which worker serves a connection is read from /proc, so
a phone can be made to write through a worker other than the one holding the other phone's
stream.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import psycopg
import pytest
import sqlalchemy as sa
from psycopg import sql

from companion.config import database_url

from ..conftest import TEST_DATABASE_URL
from .doorbell_client import WAIT, Doorbell, HttpPhone

ROOT = Path(__file__).resolve().parents[2]
WORKER_CLASS = re.search(r"--worker-class (\S+)", (ROOT / "Procfile").read_text()).group(1)
"""The worker class production runs (the Procfile's), so this test exercises the same one."""
pytestmark = pytest.mark.skipif(
    not Path("/proc/net/tcp").exists(), reason="needs Linux /proc to tell workers apart"
)


@dataclass
class Server:
    """A gunicorn master, its workers and the database they share."""

    process: subprocess.Popen[bytes]
    url: str
    port: int
    database: str

    def workers(self) -> list[int]:
        """The worker processes' ids."""
        found = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    stat = (entry / "stat").read_text()
                except OSError:
                    continue
                if int(stat.rsplit(")", 1)[1].split()[1]) == self.process.pid:
                    found.append(int(entry.name))
        return found

    def worker_of(self, client_port: int) -> int | None:
        """The worker holding the server end of the connection from ``client_port``."""
        inodes = set()
        for table in ("/proc/net/tcp", "/proc/net/tcp6"):
            if not Path(table).exists():
                continue
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                local, remote = fields[1].rsplit(":", 1)[1], fields[2].rsplit(":", 1)[1]
                if int(local, 16) == self.port and int(remote, 16) == client_port:
                    inodes.add(f"socket:[{fields[9]}]")
        for pid in self.workers():
            try:
                for fd in Path(f"/proc/{pid}/fd").iterdir():
                    if os.readlink(fd) in inodes:
                        return pid
            except OSError:
                continue
        return None

    def version(self, match_id: int) -> int:
        """The match's version in the database."""
        engine = sa.create_engine(self.database)
        try:
            with engine.connect() as connection:
                return int(
                    connection.execute(
                        sa.text("SELECT version FROM matches WHERE id = :id"), {"id": match_id}
                    ).scalar_one()
                )
        finally:
            engine.dispose()

    def code(self, match_id: int) -> str:
        """The match's join code."""
        engine = sa.create_engine(self.database)
        try:
            with engine.connect() as connection:
                return str(
                    connection.execute(
                        sa.text("SELECT code FROM matches WHERE id = :id"), {"id": match_id}
                    ).scalar_one()
                )
        finally:
            engine.dispose()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def environment(database: str, check_seconds: float) -> dict[str, str]:
    """The server's settings: the database, no CSRF or rate limits (plain HTTP phones)."""
    env = dict(os.environ)
    env.update(
        DATABASE_URL=database,
        FLASK_SECRET_KEY="workers-test",
        FLASK_WTF_CSRF_ENABLED="false",
        FLASK_RATELIMIT_ENABLED="false",
        FLASK_SSE_KEEPALIVE_SECONDS=str(check_seconds),
        FLASK_SSE_CHECK_SECONDS=str(check_seconds),
    )
    return env


@pytest.fixture
def postgres_database() -> Iterator[str]:
    """A scratch PostgreSQL database next to TEST_DATABASE_URL's, dropped afterwards."""
    if not TEST_DATABASE_URL or not TEST_DATABASE_URL.startswith("postgres"):
        pytest.skip("set TEST_DATABASE_URL to a PostgreSQL URL to run the multi-worker test")
    base = sa.engine.make_url(TEST_DATABASE_URL)
    scratch = f"{base.database}_workers"
    admin = base.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(scratch))
        )
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(scratch)))
    try:
        yield base.set(database=scratch).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(scratch))
            )


def start(database: str, workers: int, check_seconds: float, log: Path) -> Server:
    """Migrate the empty database, then start gunicorn and wait until it answers."""
    env = environment(database, check_seconds)
    migrate = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "companion", "db", "upgrade"],
        cwd=ROOT, env=env, capture_output=True, timeout=60,
    )  # fmt: skip
    assert migrate.returncode == 0, migrate.stderr.decode()
    port = free_port()
    command = [
        sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}",
        "--workers", str(workers), "--worker-class", WORKER_CLASS, "--no-control-socket",
        "--graceful-timeout", "1", "companion:create_app()",
    ]  # fmt: skip
    with log.open("wb") as errors:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stderr=errors)
    url = f"http://127.0.0.1:{port}"
    server = Server(process, url, port, database_url(database))
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        assert process.poll() is None, log.read_text()
        try:
            if httpx.get(url + "/", timeout=1).status_code == 200 and (
                len(server.workers()) == workers
            ):
                return server
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    process.kill()
    raise AssertionError("gunicorn did not start")


def stop(server: Server) -> None:
    server.process.terminate()
    try:
        server.process.wait(10)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait(5)


def client_port(response: httpx.Response) -> int:
    """The local port of the connection a response came on."""
    return int(response.extensions["network_stream"].get_extra_info("client_addr")[1])


def through_another_worker(server: Server, phone: HttpPhone, avoid: int) -> int:
    """Reconnect ``phone`` until its connection is served by a worker other than ``avoid``."""
    for _attempt in range(60):
        phone.reconnect()
        response = phone.client.get("/")
        pid = server.worker_of(client_port(response))
        if pid is not None and pid != avoid:
            return pid
    raise AssertionError("every new connection landed on the same worker")


def play_across_workers(server: Server) -> None:
    """Two phones, each listening on one worker and writing through another."""
    host, guest = HttpPhone(server.url), HttpPhone(server.url)
    bells: list[Doorbell] = []
    opened: list[HttpPhone] = []
    try:
        match_id = host.new_match(["Ann", "Bob"])
        guest.join(server.code(match_id))
        host.claim(match_id, 0)
        guest.claim(match_id, 1)
        listeners = {}
        for phone in (host, guest):
            listener = HttpPhone(server.url, cookies=phone.client.cookies)
            opened.append(listener)
            bell = Doorbell(listener.client, f"/m/{match_id}/events")
            bells.append(bell)
            assert bell.next_version() == server.version(match_id)
            pid = server.worker_of(bell.client_port.get(timeout=WAIT))
            assert pid is not None
            listeners[phone] = (bell, pid)
        rounds = [(host, guest, [3, 13]), (guest, host, [1, 2]), (host, guest, [0, 5])]
        for writer, reader, heads in rounds:
            bell, listening_pid = listeners[reader]
            writing_pid = through_another_worker(server, writer, listening_pid)
            assert writing_pid != listening_pid
            answer = writer.enter_heads(match_id, heads)
            assert answer.status_code == 303, re.findall(r'role="alert"[^>]*>([^<]*)', answer.text)
            written = server.version(match_id)
            assert bell.version_at_least(written) == written, "the other worker's write rang"
        expected = [str(sum(r[2][0] for r in rounds)), str(sum(r[2][1] for r in rounds))]
        assert host.totals(match_id)[-2:] == expected
        assert guest.totals(match_id)[-2:] == expected
        assert host.version(match_id) == guest.version(match_id) == server.version(match_id)
    finally:
        for bell in bells:
            bell.close()
        for listener in opened:
            listener.close()
        host.close()
        guest.close()


def test_sqlite_with_two_workers(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'workers.sqlite'}"
    server = start(database, workers=2, check_seconds=0.5, log=tmp_path / "gunicorn.log")
    try:
        play_across_workers(server)
    finally:
        stop(server)


def test_postgresql_with_four_workers(postgres_database: str, tmp_path: Path) -> None:
    """The version check is slowed to 30 s here: only LISTEN/NOTIFY can ring in time."""
    server = start(postgres_database, workers=4, check_seconds=30, log=tmp_path / "gunicorn.log")
    try:
        play_across_workers(server)
    finally:
        stop(server)
