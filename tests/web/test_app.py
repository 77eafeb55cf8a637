"""The app itself: folders, the pure rules package, layered configuration, the migration."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy import create_engine, inspect

import companion
from companion import config, create_app
from companion.extensions import db

ROOT = Path(companion.__file__).resolve().parent.parent


def test_template_and_static_folders_resolve(app: Flask) -> None:
    assert app.jinja_loader is not None
    source, filename, _ = app.jinja_loader.get_source(app.jinja_env, "base.html")
    assert "<html" in source
    assert Path(filename).resolve() == ROOT / "templates" / "base.html"
    assert Path(app.static_folder or "").resolve() == ROOT / "static"
    client = app.test_client()
    for path in ("/static/css/app.css", "/static/js/app.js", "/manifest.webmanifest"):
        with client.get(path) as response:
            assert response.status_code == 200, path
            assert response.data, path


def test_the_default_app_finds_its_folders_too() -> None:
    """create_app() as gunicorn calls it finds base.html and the static files."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "x"})
    assert app.jinja_loader is not None
    assert app.jinja_loader.get_source(app.jinja_env, "base.html")
    assert (Path(app.static_folder or "") / "css" / "app.css").is_file()
    vendor = list((Path(app.static_folder or "") / "vendor").glob("htmx-2.0.*.min.js"))
    assert vendor, "htmx 2.0.x is vendored"


@pytest.mark.parametrize(
    ("given", "used"),
    [
        ("postgres://u:p@db.example:5432/companion", "postgresql+psycopg://u:p@db.example:5432/companion"),
        ("postgresql://u@h/d", "postgresql+psycopg://u@h/d"),
        ("postgresql+psycopg://u@h/d", "postgresql+psycopg://u@h/d"),
        ("sqlite:////tmp/x.sqlite", "sqlite:////tmp/x.sqlite"),
    ],
)  # fmt: skip
def test_database_urls_use_psycopg_3(given: str, used: str) -> None:
    assert config.database_url(given) == used


@pytest.fixture
def instance_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make create_app() use ``tmp_path`` as its instance folder, with a clean environment."""
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(tmp_path))
    for name in list(os.environ):
        if name.startswith("FLASK_") or name in ("DATABASE_URL", "PUBLIC_URL"):
            monkeypatch.delenv(name)


def test_config_defaults_are_safe(tmp_path: Path, instance_app: None) -> None:
    app = create_app()
    assert app.instance_path == str(tmp_path)
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{tmp_path / 'companion.sqlite'}"
    assert app.config["SESSION_COOKIE_HTTPONLY"] is True
    assert app.config["SESSION_COOKIE_SAMESITE"] == "Lax"
    secret = app.config["SECRET_KEY"]
    assert len(secret) >= 32 and (tmp_path / "secret_key").read_text().strip() == secret
    assert create_app().config["SECRET_KEY"] == secret, "the key survives a restart"
    _dispose(app)


def test_config_from_the_instance_folder(tmp_path: Path, instance_app: None) -> None:
    (tmp_path / "config.py").write_text(
        "SECRET_KEY = 'from-instance'\n"
        "PUBLIC_URL = 'http://192.168.1.20:5000'\n"
        f"SQLALCHEMY_DATABASE_URI = 'sqlite:///{tmp_path / 'other.sqlite'}'\n"
        "POLL_SECONDS = 5\n"
    )
    app = create_app()
    assert app.config["SECRET_KEY"] == "from-instance"
    assert app.config["PUBLIC_URL"] == "http://192.168.1.20:5000"
    assert app.config["SQLALCHEMY_DATABASE_URI"].endswith("other.sqlite")
    assert app.config["POLL_SECONDS"] == 5
    _dispose(app)


def test_the_environment_overrides_the_instance_folder(
    tmp_path: Path, instance_app: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "config.py").write_text("SECRET_KEY = 'from-instance'\nPOLL_SECONDS = 5\n")
    monkeypatch.setenv("FLASK_SECRET_KEY", "from-env")
    monkeypatch.setenv("FLASK_POLL_SECONDS", "3")
    monkeypatch.setenv("DATABASE_URL", "postgres://user:pw@db.internal:5432/companion")
    monkeypatch.setenv("PUBLIC_URL", "https://scores.example")
    app = create_app()
    assert app.config["SECRET_KEY"] == "from-env"
    assert app.config["POLL_SECONDS"] == 3
    assert app.config["SQLALCHEMY_DATABASE_URI"] == (
        "postgresql+psycopg://user:pw@db.internal:5432/companion"
    )
    assert app.config["PUBLIC_URL"] == "https://scores.example"
    _dispose(app)


def test_a_test_config_mapping_wins_and_ignores_the_environment(
    tmp_path: Path, instance_app: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgres://user:pw@db.internal:5432/companion")
    app = create_app({"SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": "postgres://a@b/c"})
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "postgresql+psycopg://a@b/c"
    _dispose(app)


def _dispose(app: Flask) -> None:
    with app.app_context():
        db.engine.dispose()


@pytest.mark.skipif(
    bool(os.environ.get("TEST_DATABASE_URL")),
    reason="the migration is compared on a fresh SQLite file",
)
def test_the_migration_creates_the_same_schema_as_the_models(tmp_path: Path) -> None:
    migrated = tmp_path / "migrated.sqlite"
    modelled = tmp_path / "modelled.sqlite"
    # Alembic's env.py reconfigures logging, so the upgrade runs in its own process.
    script = textwrap.dedent(
        f"""
        import flask_migrate
        from companion import config, create_app
        app = create_app({{"SQLALCHEMY_DATABASE_URI": "sqlite:///{migrated}", "SECRET_KEY": "x"}})
        with app.app_context():
            flask_migrate.upgrade()
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{modelled}", "SECRET_KEY": "x"})
    with app.app_context():
        db.create_all()
        db.engine.dispose()
    assert schema(migrated) == schema(modelled)


def schema(path: Path) -> dict[str, object]:
    """Tables, columns (type, nullability), primary keys, unique constraints, indexes."""
    engine = create_engine(f"sqlite:///{path}")
    try:
        found = inspect(engine)
        tables: dict[str, object] = {}
        for table in sorted(set(found.get_table_names()) - {"alembic_version"}):
            tables[table] = {
                "columns": {
                    c["name"]: (str(c["type"]), c["nullable"]) for c in found.get_columns(table)
                },
                "primary_key": sorted(found.get_pk_constraint(table)["constrained_columns"]),
                "unique": sorted(
                    tuple(u["column_names"]) for u in found.get_unique_constraints(table)
                ),
                "indexes": sorted(
                    (tuple(i["column_names"]), bool(i["unique"])) for i in found.get_indexes(table)
                ),
                "foreign_keys": sorted(
                    (tuple(f["constrained_columns"]), f["referred_table"])
                    for f in found.get_foreign_keys(table)
                ),
            }
        return tables
    finally:
        engine.dispose()
