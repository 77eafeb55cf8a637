"""Browser tests: Debian's Chromium driven by Playwright, phones against the real app on a port.

Skipped with a clear message when Chromium or Playwright is missing, failed instead under
E2E_REQUIRED=1 (the CI sets it so a broken browser setup cannot pass as "skipped")."""

from __future__ import annotations

import re
import shutil
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from werkzeug.serving import ThreadedWSGIServer, WSGIRequestHandler

from ..conftest import CREATED, make_app, shut_down
from .helpers import CHROMIUM, LAUNCH_ARGS, OUTPUT, Phone, Shots, unavailable


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test of this folder ``e2e`` (``-m "not e2e"`` leaves them out)."""
    for item in items:
        if Path(str(item.fspath)).resolve().is_relative_to(Path(__file__).resolve().parent):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for the whole run; each phone is a context of it."""
    if not CHROMIUM.exists():
        unavailable(
            f"Chromium not found at {CHROMIUM}: browser tests skipped; "
            "install it with apt-get install chromium"
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("Playwright is not installed: browser tests skipped; pip install playwright")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(autouse=True)
def _needs_browser(browser: Any) -> None:
    """Every test here needs the browser: this is where the whole folder skips (or fails)."""


class _QuietHandler(WSGIRequestHandler):
    """No access log lines in the test output."""

    def log_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class TrackedServer(ThreadedWSGIServer):
    """A thread per request, as werkzeug's threaded server has, each one remembered while it
    runs: the test waits for them before it closes the database (a request still running then,
    such as a poll a closed browser left behind on a busy machine, would hand its connection
    back to a pool nobody closes)."""

    def __init__(self, host: str, port: int, app: Any) -> None:
        super().__init__(host, port, app, handler=_QuietHandler)
        self.running: set[threading.Thread] = set()
        self.changed = threading.Condition()

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        me = threading.current_thread()
        with self.changed:
            self.running.add(me)
        try:
            super().process_request_thread(request, client_address)
        finally:
            with self.changed:
                self.running.discard(me)
                self.changed.notify_all()

    def wait_idle(self, seconds: float = 30) -> None:
        """Wait until no request is being served (at most ``seconds``)."""
        with self.changed:
            self.changed.wait_for(lambda: not self.running, timeout=seconds)


@dataclass
class LiveServer:
    """The real app answering on 127.0.0.1:<port>."""

    app: Flask
    url: str


@contextmanager
def serve(tmp_path: Path) -> Iterator[LiveServer]:
    """Start the app (same database choice as the rest of the suite, CSRF on) in a thread."""
    holder: dict[str, Flask] = {}

    def dispatch(environ: Any, start_response: Any) -> Any:
        return holder["app"](environ, start_response)

    server = TrackedServer("127.0.0.1", 0, dispatch)
    url = f"http://127.0.0.1:{server.server_port}"
    app = make_app(tmp_path, PUBLIC_URL=url, WTF_CSRF_ENABLED=True)
    CREATED.remove(app)  # the server may outlive one test; it is shut down below, once
    holder["app"] = app
    thread = threading.Thread(target=server.serve_forever, name="e2e-server", daemon=True)
    thread.start()
    try:
        yield LiveServer(app=app, url=url)
    finally:
        server.shutdown()
        thread.join(timeout=10)
        shut_down(app, settle=server.wait_idle)
        server.server_close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    """A fresh app and database for one test."""
    with serve(tmp_path) as live:
        yield live


@pytest.fixture
def module_phones(browser: Any, module_server: LiveServer) -> Iterator[Callable[..., Phone]]:
    """Phones on the module's shared server."""
    yield from phone_factory(browser, module_server.url)


@pytest.fixture(scope="module")
def module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One app and database shared by a module's tests (the accessibility tour)."""
    with serve(tmp_path_factory.mktemp("e2e")) as live:
        yield live


def phone_factory(browser: Any, url: str) -> Iterator[Callable[..., Phone]]:
    """Yield a function that opens phones; close them all (after a last check) when resumed."""
    opened: list[Phone] = []

    def new_phone(name: str, **options: Any) -> Phone:
        phone = Phone(browser, url, name, **options)
        opened.append(phone)
        return phone

    yield new_phone
    failures = []
    for phone in opened:
        try:
            phone.close()
        except AssertionError as problem:
            failures.append(str(problem))
    assert not failures, "\n".join(failures)


@pytest.fixture
def phones(browser: Any, server: LiveServer) -> Iterator[Callable[..., Phone]]:
    """``phones("A")`` opens another phone (a browser context) on the test's server."""
    yield from phone_factory(browser, server.url)


@pytest.fixture
def shots(request: pytest.FixtureRequest) -> Shots:
    """Where this test saves its numbered screenshots (emptied first)."""
    folder = OUTPUT / re.sub(r"[^A-Za-z0-9_.-]+", "-", request.node.name).strip("-")
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return Shots(folder)
