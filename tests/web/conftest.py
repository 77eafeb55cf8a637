"""Fixtures every web test gets without asking."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.extensions import db

from ..conftest import BYTECODE, make_app


@pytest.fixture(autouse=True)
def shared_template_bytecode(monkeypatch: pytest.MonkeyPatch) -> None:
    """Give every app made during a web test the run's compiled templates, including apps built
    by ``create_app`` directly rather than ``make_app`` (speed only: sources are checksummed)."""
    create = Flask.create_jinja_environment

    def create_with_cache(self: Flask) -> Any:
        env = create(self)
        env.bytecode_cache = BYTECODE
        return env

    monkeypatch.setattr(Flask, "create_jinja_environment", create_with_cache)


@pytest.fixture
def csrf_app(tmp_path: Path) -> Iterator[Flask]:
    """An app with CSRF protection on, as it runs for real (most tests leave it off)."""
    app = make_app(tmp_path, WTF_CSRF_ENABLED=True)
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
