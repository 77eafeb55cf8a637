"""Companion: a phone-first score sheet that knows the rules of five tabletop games."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app: layered config, extensions, blueprints. Nothing happens at import time.

    Flask is imported here, not at the top, so that ``companion.rules`` stays importable
    without any web code.
    """
    from flask import Flask

    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder="../templates",
        static_folder="../static",
    )
    from . import config

    config.load(app, test_config)

    from . import (
        assets,
        cli,
        db_deadline,
        db_tuning,
        errors,
        extensions,
        live,
        results,
        security,
        views,
    )

    extensions.init_app(app)
    db_tuning.init_app(app)
    db_deadline.init_app(app)
    live.init_app(app)
    results.init_app(app)
    assets.init_app(app)
    security.init_app(app)
    views.register(app)
    errors.init_app(app)
    cli.init_app(app)
    return app
