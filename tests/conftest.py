"""Fixtures shared by every test: an app on a fresh database, clients that act like phones."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jinja2
import jinja2.bccache
import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from companion import create_app
from companion.extensions import db
from companion.live.doorbell import broker

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL")
CREATED: list[Flask] = []
SCHEMA_READY: set[str] = set()
"""Server databases whose tables this run has already created (then emptied per test)."""


class SharedBytecode(jinja2.BytecodeCache):
    """Compiled templates shared by every app of the run: each test builds a fresh app, and
    compiling every template again is most of a web test's time. Keyed by template name and
    checked against the source checksum, so an edited template is compiled afresh."""

    def __init__(self) -> None:
        self.store: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if bucket.key in self.store:
            bucket.bytecode_from_string(self.store[bucket.key])

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.store[bucket.key] = bucket.bytecode_to_string()


BYTECODE = SharedBytecode()


def fresh_database(app: Flask) -> None:
    """Empty tables for the test: create them on SQLite; on a server, create once, then truncate."""
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    if url.startswith("sqlite") or url not in SCHEMA_READY:
        db.drop_all()
        db.create_all()
        SCHEMA_READY.add(url)
        return
    names = ", ".join(f'"{table.name}"' for table in db.metadata.sorted_tables)
    db.session.execute(sa.text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
    db.session.commit()


PATIENT_DATABASE = {
    "DB_DEADLINE_SECONDS": 30.0,
    "DB_STATEMENT_TIMEOUT_MS": 30_000,
    "DB_LOCK_TIMEOUT_MS": 30_000,
    "DB_BUSY_TIMEOUT_MS": 30_000,
    "DB_POOL_TIMEOUT": 30,
}
"""The database limits of the apps under test. The app's own (3-4 s, config.py) turn a database
that hangs into a 503; on a CI machine loaded beside a CPU hog, a request that takes
milliseconds can take seconds, and those limits would fail tests that are not about them. The
tests of the limits (a frozen database, a busy file, the pool) set their own, or take the app's
with :func:`own_limits`."""


def own_limits() -> dict[str, Any]:
    """The app's own database limits (config.py), for the tests that are about them."""
    from companion.config import defaults

    shipped = defaults("")
    return {name: shipped[name] for name in PATIENT_DATABASE}


def make_app(tmp_path: Path, **overrides: Any) -> Flask:
    """An app on a fresh database: a temp SQLite file, or TEST_DATABASE_URL emptied first."""
    config = {
        "TESTING": True,
        "SECRET_KEY": "test-secret",
        "SQLALCHEMY_DATABASE_URI": TEST_DATABASE_URL or f"sqlite:///{tmp_path / 'test.sqlite'}",
        "WTF_CSRF_ENABLED": False,
        "RATELIMIT_ENABLED": False,
        "PUBLIC_URL": "http://table.test",
        **PATIENT_DATABASE,
    }
    config.update(overrides)
    app = create_app(config)
    app.jinja_env.bytecode_cache = BYTECODE
    with app.app_context():
        fresh_database(app)
    CREATED.append(app)
    return app


def shut_down(app: Flask, settle: Callable[[], None] | None = None) -> None:
    """End the app's doorbell streams, let ``settle`` wait for whatever else still runs (a
    served app's requests), then close every connection its pool holds.

    A stream or request still running after the engine was disposed would give its connection
    back to a pool that nobody closes any more; the garbage collector would then find it open.
    """
    bell = broker(app)
    bell.close()
    deadline = time.monotonic() + 10
    while bell.streams and time.monotonic() < deadline:
        time.sleep(0.02)
    if settle is not None:
        settle()
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture(autouse=True)
def close_databases() -> Iterator[None]:
    """Close every connection the test's apps opened, so none is left for the garbage collector."""
    yield
    while CREATED:
        shut_down(CREATED.pop())


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    """The app under test."""
    return make_app(tmp_path)


PAGE_HEADERS = {"HX-Request": "true", "X-Own-Keys": "1"}
"""What htmx sends with every request of a page, the page's script's own header included
(``companion.views.shared_poll.OWN_KEYS``)."""


class Phone:
    """A test client that behaves like one phone: its own cookie jar, htmx headers on demand."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.client: FlaskClient = app.test_client()

    def get(self, url: str, hx: bool = False, **kwargs: Any) -> Any:
        """GET, as htmx when ``hx`` is true."""
        headers = kwargs.pop("headers", {})
        if hx:
            headers = {**PAGE_HEADERS, **headers}
        return self.client.get(url, headers=headers, **kwargs)

    def post(
        self, url: str, data: dict[str, Any] | None = None, hx: bool = False, **kwargs: Any
    ) -> Any:
        """POST a form, as htmx when ``hx`` is true."""
        headers = kwargs.pop("headers", {})
        if hx:
            headers = {**PAGE_HEADERS, **headers}
        return self.client.post(url, data=data or {}, headers=headers, **kwargs)

    def new_match(self, names: list[str], **fields: Any) -> int:
        """Start a 6 nimmt! match with these players; returns its id."""
        data = {f"p{i}": name for i, name in enumerate(names)}
        data.setdefault("variant", "base")
        data.setdefault("end", "gt66")
        data.setdefault("group", "new")
        data.update(fields)
        response = self.post("/new/sixnimmt", data)
        assert response.status_code == 303, response.get_data(as_text=True)
        return int(response.headers["Location"].rstrip("/").split("/")[-1])

    def join(self, match_id: int) -> None:
        """Join by typing the match's code."""
        code = code_of(self.app, match_id)
        response = self.post("/j", {"code": code})
        assert response.status_code == 303, response.get_data(as_text=True)

    def claim(self, match_id: int, seat: int) -> None:
        """Say "I am …" for a seat (saying yes, for a phone that already has one, to moving)."""
        form = {"seat": str(seat), "switch": "1"}
        assert self.post(f"/m/{match_id}/seat", form).status_code == 303

    def entry_form(self, match_id: int, kind: str = "heads") -> dict[str, str]:
        """The hidden fields of a freshly rendered entry form."""
        html = self.get(f"/m/{match_id}?entry={kind}").get_data(as_text=True)
        return hidden_fields(html, kind)

    def enter_heads(
        self, match_id: int, heads: list[int], hx: bool = False, form: dict[str, str] | None = None
    ) -> Any:
        """Enter a round by heads with a fresh (or the given) form."""
        fields = dict(form or self.entry_form(match_id))
        fields.update({f"heads-seat{i}": str(h) for i, h in enumerate(heads)})
        return self.post(f"/m/{match_id}/entry/heads", fields, hx=hx)


def hidden_fields(html: str, prefix: str) -> dict[str, str]:
    """The version and idempotency key of the ``prefix`` entry form in ``html``."""
    fields = {}
    for name in ("version", "idem"):
        found = re.search(rf'name="{prefix}-{name}"[^>]*value="([^"]*)"', html) or re.search(
            rf'value="([^"]*)"[^>]*name="{prefix}-{name}"', html
        )
        assert found, f"no {prefix}-{name} in the page"
        fields[f"{prefix}-{name}"] = found.group(1)
    return fields


def code_of(app: Flask, match_id: int) -> str:
    """The join code of a match, read from the database."""
    from companion.models import Match

    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None and match.code
        return match.code


def count(app: Flask, model: Any) -> int:
    """How many rows a table holds."""
    with app.app_context():
        return db.session.query(model).count()


@pytest.fixture
def phone(app: Flask) -> Phone:
    """The host's phone."""
    return Phone(app)


@pytest.fixture
def other(app: Flask) -> Phone:
    """A second phone at the table."""
    return Phone(app)
