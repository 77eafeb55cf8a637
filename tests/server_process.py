"""The real app in a gunicorn process on a loopback port, and phones that talk HTTP to it.

Used by the tests that need what the Flask test client cannot give: requests racing each other
on real threads of a real server, and a server process killed with SIGKILL mid-stream.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import requests
from flask import Flask

from companion import create_app

from .conftest import CREATED, PATIENT_DATABASE, TEST_DATABASE_URL, fresh_database

GUNICORN = Path(sys.executable).with_name("gunicorn")
SECRET = "server-process-secret"
CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="csrf_token"')


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def server_config(database_url: str, **overrides: Any) -> dict[str, Any]:
    """The config of the served app: CSRF on, a fixed secret (cookies survive a restart)."""
    return {
        "SQLALCHEMY_DATABASE_URI": database_url,
        "SECRET_KEY": SECRET,
        "RATELIMIT_ENABLED": False,
        "PUBLIC_URL": None,
        **PATIENT_DATABASE,
        **overrides,
    }


def prepare_database(tmp_path: Path, sqlite: bool = False, **overrides: Any) -> tuple[Flask, str]:
    """Empty tables (TEST_DATABASE_URL, else or when ``sqlite`` a file in ``tmp_path``) and an
    app to read them with."""
    url = f"sqlite:///{tmp_path / 'served.sqlite'}"
    if TEST_DATABASE_URL and not sqlite:
        url = TEST_DATABASE_URL
    app = create_app({**server_config(url, **overrides), "TESTING": True})
    with app.app_context():
        fresh_database(app)
    CREATED.append(app)
    return app, url


class Server:
    """``gunicorn 'companion:create_app({...})'`` on 127.0.0.1:<free port>."""

    def __init__(
        self, database_url: str, log: Path | None = None, threads: int = 12, **overrides: Any
    ) -> None:
        self.config = server_config(database_url, **overrides)
        self.threads = threads
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = log or Path(tempfile.mkstemp(prefix="gunicorn-", suffix=".log")[1])

    def start(self) -> Server:
        """Start the process and wait until it answers."""
        app_spec = f"companion:create_app({self.config!r})"
        command = [
            str(GUNICORN), "--bind", f"127.0.0.1:{self.port}", "--workers", "1",
            "--worker-class", "gthread", "--threads", str(self.threads),
            "--graceful-timeout", "1", "--log-level", "warning", app_spec,
        ]  # fmt: skip
        env = {k: v for k, v in os.environ.items() if not k.startswith("FLASK_")}
        env.pop("DATABASE_URL", None)
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                command, cwd=Path(__file__).resolve().parents[1], env=env, stderr=log
            )
        self.wait_ready()
        return self

    def wait_ready(self, timeout: float = 60) -> None:
        """Poll the home page until it answers 200."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise AssertionError(f"gunicorn exited: {self.log.read_text()}")
            try:
                if requests.get(self.url + "/", timeout=5).status_code == 200:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.1)
        raise AssertionError("gunicorn did not answer in time")

    def kill(self) -> None:
        """SIGKILL the master and its worker: no shutdown code runs anywhere."""
        assert self.process is not None
        master = self.process.pid
        workers = subprocess.run(
            ["pgrep", "-P", str(master)], capture_output=True, text=True, check=False
        ).stdout.split()
        os.kill(master, signal.SIGKILL)
        for pid in workers:
            try:
                os.kill(int(pid), signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.process.wait(timeout=10)
        self.process = None

    def stop(self) -> None:
        """Stop gracefully (SIGTERM), then for good."""
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.kill()
            return
        self.process = None

    def errors(self) -> str:
        """What the server logged (warnings and worse)."""
        return self.log.read_text()


class HttpPhone:
    """One phone over HTTP: its own cookie jar (its device id), real forms with CSRF tokens."""

    def __init__(self, base_url: str) -> None:
        self.base = base_url
        self.session = requests.Session()
        self.token = ""

    def get(self, path: str, **kwargs: Any) -> requests.Response:
        kwargs.setdefault("timeout", 30)
        response = self.session.get(self.base + path, allow_redirects=False, **kwargs)
        found = CSRF.search(response.text)
        if found:
            self.token = found.group(1) or found.group(2)
        return response

    def post(self, path: str, data: dict[str, str], **kwargs: Any) -> requests.Response:
        kwargs.setdefault("timeout", 30)
        if not self.token:
            self.get("/")
        fields = {"csrf_token": self.token, **data}
        return self.session.post(self.base + path, data=fields, allow_redirects=False, **kwargs)

    def new_match(self, names: list[str], **fields: str) -> int:
        """Start a 6 nimmt! match; returns its id."""
        self.get("/new/sixnimmt")
        data = {f"p{i}": name for i, name in enumerate(names)}
        data.update({"variant": "base", "end": "gt66", "group": "new", **fields})
        response = self.post("/new/sixnimmt", data)
        assert response.status_code == 303, response.text
        return int(response.headers["Location"].rstrip("/").split("/")[-1])

    def join(self, code: str) -> None:
        """Type the code."""
        self.get("/j")
        response = self.post("/j", {"code": code})
        assert response.status_code == 303, response.text

    def claim(self, match_id: int, seat: int) -> None:
        """ "I am …"."""
        response = self.post(f"/m/{match_id}/seat", {"seat": str(seat)})
        assert response.status_code == 303, response.text

    def heads_form(self, match_id: int) -> dict[str, str]:
        """The version and one-time key of a freshly rendered heads form (the panel htmx gets)."""
        html = self.get(f"/m/{match_id}/entry?entry=heads", headers={"HX-Request": "true"}).text
        fields = {}
        for name in ("version", "idem"):
            found = re.search(rf'name="heads-{name}"[^>]*value="([^"]*)"', html)
            assert found, f"no heads-{name} in the entry panel"
            fields[f"heads-{name}"] = found.group(1)
        return fields

    def enter_heads(
        self, match_id: int, form: dict[str, str], heads: list[int]
    ) -> requests.Response:
        """Post the heads form (plain, no htmx: 303 when stored, 200 with a notice when not)."""
        data = dict(form, **{f"heads-seat{i}": str(h) for i, h in enumerate(heads)})
        return self.post(f"/m/{match_id}/entry/heads", data)
