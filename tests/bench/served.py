"""The bench's app under gunicorn on a loopback port, and a phone that talks HTTP to it."""

from __future__ import annotations

import os
import re
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from .rawhttp import RawConnection

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).with_name("gunicorn")
TOKEN = re.compile(r'name="(?:[a-z]+-)?csrf_token"[^>]*value="([^"]+)"')
CODE = re.compile(r"data-code>([A-Z0-9]{6})<")
VERSION = re.compile(r'data-version="(\d+)"')
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fresh_schema(url: str) -> None:
    """Empty tables on ``url`` (created from the models, as the tests do)."""
    from companion import create_app
    from companion.extensions import db

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "x", "TESTING": True})
    with app.app_context():
        db.drop_all()
        db.create_all()
        db.session.remove()
        db.engine.dispose()


class Gunicorn:
    """``gunicorn tests.bench.bench_app:app`` with the worker class ``make run`` uses."""

    def __init__(self, url: str, workers: int, threads: int = 8, connections: int = 1000) -> None:
        self.url = url
        self.workers = workers
        self.connections = connections
        self.threads = threads
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = Path(tempfile.mkstemp(prefix="bench-gunicorn-", suffix=".log")[1])
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Gunicorn:
        command = [
            str(GUNICORN), "-c", "companion/live/serving.py",
            "--bind", f"127.0.0.1:{self.port}", "--workers", str(self.workers),
            *self.worker_class(),
            "--backlog", "2048", "--log-level", "warning", "tests.bench.bench_app:app",
        ]  # fmt: skip
        env = {k: v for k, v in os.environ.items() if not k.startswith("FLASK_")}
        env.pop("DATABASE_URL", None)
        env["BENCH_DATABASE_URL"] = self.url
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, cwd=ROOT, env=env, stderr=log)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited: {self.log.read_text()}")
            try:
                if httpx.get(self.base + "/bench/bare", timeout=2).status_code == 200:
                    return self
            except httpx.TransportError:
                time.sleep(0.2)
        raise RuntimeError("gunicorn did not answer in time")

    def worker_class(self) -> list[str]:
        """gevent, as ``make run`` and the Procfile serve (streams need it); gthread without it."""
        try:
            import gevent  # noqa: F401
        except ImportError:
            return ["--worker-class", "gthread", "--threads", str(self.threads)]
        return ["--worker-class", "gevent", "--worker-connections", str(self.connections)]

    def describe(self) -> str:
        """The worker setting, for the table."""
        kind = self.worker_class()[1]
        return f"{self.workers} {kind} worker{'s' if self.workers > 1 else ''}"

    def __exit__(self, *_exc: Any) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)

    def errors(self) -> str:
        """What gunicorn and the app logged (warnings and worse)."""
        return self.log.read_text()

    def worker_pids(self) -> list[int]:
        """The worker processes (children of the gunicorn master)."""
        assert self.process is not None
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(pid) for pid in children.read_text().split()] if children.exists() else []

    def rss_kb(self) -> int:
        """The workers' resident memory together, in KB (Linux /proc)."""
        total = 0
        for pid in self.worker_pids():
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        return total


def make_run_setting() -> tuple[int, int]:
    """(workers, connections per worker) as ``make run`` starts gunicorn (the Makefile's)."""
    text = (ROOT / "Makefile").read_text()
    workers = re.search(r"^WORKERS \?= (\d+)", text, re.M)
    connections = re.search(r"^CONNECTIONS \?= (\d+)", text, re.M)
    assert workers and connections, "the Makefile names WORKERS and CONNECTIONS"
    return int(workers.group(1)), int(connections.group(1))


def procfile_setting() -> tuple[int, int]:
    """(workers, connections per worker) as the Procfile's ``web`` line starts gunicorn."""
    text = (ROOT / "Procfile").read_text()
    workers = re.search(r"WEB_CONCURRENCY:-(\d+)", text)
    connections = re.search(r"--worker-connections (\d+)", text)
    assert workers and connections, "the Procfile names its workers and connections"
    return int(workers.group(1)), int(connections.group(1))


class HttpPhone:
    """One phone: its own cookie jar (device id) and CSRF token, one keep-alive connection."""

    def __init__(self, base: str) -> None:
        self.client = httpx.AsyncClient(
            base_url=base,
            timeout=30,
            limits=httpx.Limits(max_connections=1, keepalive_expiry=5),
        )
        self.token = ""
        self.match_id = 0
        self.version = 0
        self.form: dict[str, str] | None = None

    async def send(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        """One request; sent again once when a kept-alive connection turns out to be closed
        before any answer came, as browsers do (a round carries a one-time key: stored once)."""
        try:
            return await self.client.request(method, path, **kwargs)
        except (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError):
            return await self.client.request(method, path, **kwargs)

    async def get(self, path: str, hx: bool = False) -> httpx.Response:
        headers = {"HX-Request": "true", "X-Own-Keys": "1"} if hx else {}
        response = await self.send("GET", path, headers=headers)
        found = TOKEN.search(response.text)
        if found:
            self.token = found.group(1)
        return response

    async def post(self, path: str, data: dict[str, str], hx: bool = False) -> httpx.Response:
        if not self.token:
            await self.get("/j")
        headers = {"HX-Request": "true", "X-Own-Keys": "1"} if hx else {}
        fields = {"csrf_token": self.token, **data}
        return await self.send("POST", path, data=fields, headers=headers)

    async def host(self) -> str:
        """Start a 5-player 6 nimmt! match, take seat 0; returns the join code."""
        await self.get("/new/sixnimmt")
        data = {f"p{i}": name for i, name in enumerate(NAMES)}
        data.update({"variant": "base", "end": "rounds", "rounds": "100", "group": "new"})
        response = await self.post("/new/sixnimmt", data)
        assert response.status_code == 303, response.text[:500]
        self.match_id = int(response.headers["location"].rstrip("/").split("/")[-1])
        claimed = await self.post(f"/m/{self.match_id}/seat", {"seat": "0"})
        assert claimed.status_code == 303, claimed.text[:500]
        page = await self.get(f"/m/{self.match_id}")
        self.seen(page.text)
        found = CODE.search(page.text)
        assert found, "no join code on the sheet"
        return found.group(1)

    async def join(self, code: str, match_id: int) -> None:
        """Type the code."""
        await self.get("/j")
        response = await self.post("/j", {"code": code})
        assert response.status_code == 303, response.text[:500]
        self.match_id = match_id
        self.seen((await self.get(f"/m/{match_id}")).text)

    def seen(self, html: str) -> None:
        """Remember the newest version a page or fragment showed, and the heads form it brought
        (a poll's answer carries the entry panel, as app.js asks for it)."""
        found = VERSION.search(html)
        if found:
            self.version = int(found.group(1))
        form = form_fields(html)
        if form is not None:
            self.form = form

    def shown_form(self) -> dict[str, str] | None:
        """The heads form on screen, while it is the version the phone shows."""
        form = self.form
        return form if form and form["heads-version"] == str(self.version) else None

    async def poll(self) -> httpx.Response:
        """What htmx sends every 2 s: 204 while nothing changed."""
        response = await self.get(f"/m/{self.match_id}/live?v={self.version}", hx=True)
        if response.status_code == 200:
            self.seen(response.text)
        return response

    async def heads_form(self) -> dict[str, str]:
        """The hidden fields of a fresh heads form."""
        html = (await self.get(f"/m/{self.match_id}/entry?entry=heads", hx=True)).text
        fields = form_fields(html)
        assert fields is not None, "no heads form in the entry panel"
        return fields

    async def enter_round(self, form: dict[str, str], heads: list[int]) -> httpx.Response:
        """One tap on "Save round": the htmx post."""
        data = dict(own_keys(form), **{f"heads-seat{i}": str(h) for i, h in enumerate(heads)})
        response = await self.post(f"/m/{self.match_id}/entry/heads", data, hx=True)
        self.seen(response.text)
        return response

    def raw(self) -> RawConnection:
        """A bare connection with this phone's cookie, for cheap polling."""
        url = self.client.base_url
        cookie = "; ".join(f"{name}={value}" for name, value in self.client.cookies.items())
        return RawConnection(str(url.host), int(url.port or 80), cookie)

    async def close(self) -> None:
        await self.client.aclose()


def own_keys(fields: dict[str, str]) -> dict[str, str]:
    """A form's fields as the page sends them: an empty one-time key (a form from an answer the
    table shares) gets a fresh one, as ``static/js/outbox.js`` gives it when first sent."""
    sent = dict(fields)
    for name, value in fields.items():
        if name.endswith("idem") and not value:
            sent[name] = secrets.token_urlsafe(16)
    return sent


def form_fields(html: str) -> dict[str, str] | None:
    """The hidden fields (token, version, key) of the heads form in ``html``, if it has one."""
    fields = {}
    for name in ("csrf_token", "version", "idem"):
        found = re.search(rf'name="heads-{name}"[^>]*value="([^"]*)"', html)
        if not found:
            return None
        fields[f"heads-{name}"] = found.group(1)
    return fields
