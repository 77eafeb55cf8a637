"""Extension singletons, bound to the app in the factory."""

from __future__ import annotations

from flask import Flask, request, session
from flask_babel import Babel
from flask_compress import Compress
from flask_htmx import HTMX
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase

from . import compress_once


class Base(DeclarativeBase):
    """Declarative base for the typed models."""


db = SQLAlchemy(model_class=Base)
migrate = Migrate()
csrf = CSRFProtect()
htmx = HTMX()
babel = Babel()
limiter = Limiter(key_func=get_remote_address, default_limits=[])
compress = Compress()


LOCALE_MATCHES = "companion.locale_matches"
LOCALE_MATCHES_KEPT = 256
"""Accept-Language headers one worker remembers the answer for: a table's phones send a few."""


def select_locale() -> str | None:
    """The language the person chose, else the best match of the browser's languages.

    The match is remembered per Accept-Language header: parsing it and matching cost about
    35 µs (timeit), more than the rest of a shared poll's answer, and each phone sends the same
    header with every request."""
    from flask import current_app

    from .caches import kept

    languages = current_app.config["LANGUAGES"]
    chosen = session.get("lang")
    if chosen in languages:
        return str(chosen)
    header = request.headers.get("Accept-Language", "")
    matches = kept(LOCALE_MATCHES, LOCALE_MATCHES_KEPT)
    found = matches.get(header)
    if found is None:
        found = request.accept_languages.best_match(languages) or ""
        matches.put(header, found)
    return str(found) or None


def init_app(app: Flask) -> None:
    """Bind every extension to ``app``."""
    db.init_app(app)
    migrate.init_app(app, db, directory=str(app.root_path + "/../migrations"))
    csrf.init_app(app)
    htmx.init_app(app)
    babel.init_app(
        app,
        locale_selector=select_locale,
        default_translation_directories=str(app.root_path + "/translations"),
    )
    limiter.init_app(app)
    compress_once.configure(app)
    compress.init_app(app)
