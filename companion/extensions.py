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


def select_locale() -> str | None:
    """The language the person chose, else the best match of the browser's languages."""
    from flask import current_app

    languages = current_app.config["LANGUAGES"]
    chosen = session.get("lang")
    if chosen in languages:
        return str(chosen)
    return request.accept_languages.best_match(languages)


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
