"""Blueprints and the error pages they share."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, make_response, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException
from werkzeug.routing import IntegerConverter

from ..i18n import gettext as _
from ..sheet import MAX_DB_INT


class DatabaseInt(IntegerConverter):
    """``<int:…>`` in URLs, bounded to what a database integer holds (a bigger one is a 404)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max", MAX_DB_INT)
        super().__init__(*args, **kwargs)


TV_ENDPOINTS = ("play.viewer", "play.viewer_live")
"""The TV page and its poll: a 404 there is a revoked link, not a phone that has not joined."""


def register(app: Flask) -> None:
    """Attach every blueprint and the friendly error pages."""
    app.url_map.converters["int"] = DatabaseInt
    from . import (
        charts,
        dedent,
        deletion,
        groups,
        host,
        main,
        manage,
        matches,
        offline,
        play,
        players,
        seats,
        template_helpers,
    )

    template_helpers.init_app(app)
    dedent.init_app(app)
    offline.init_app(app)
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True

    modules = (main, matches, play, seats, host, groups, manage, deletion, players, charts, offline)
    for module in modules:
        app.register_blueprint(module.bp)

    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError) -> tuple[str, int]:
        message = _("This form has expired. Reload the page and try again.")
        return render_template("error.html", message=message, code=400), 400

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Response:
        messages = {
            400: _("That request could not be understood. Reload the page and try again."),
            404: _("There is nothing here, or this phone has not joined it."),
            405: _("That is not something this page can do."),
            413: _("That is far more than a score sheet needs."),
            429: _("Too many tries. Wait a minute and try again."),
        }
        code = error.code or 500
        message = messages.get(code, _("Something went wrong. Try again."))
        on_tv = request.endpoint in TV_ENDPOINTS
        if code == 404 and on_tv:
            message = _("This TV link no longer works: ask the host for the new one.")
        # A match this phone has not joined (a link from a chat, say): the way in is its code.
        offer_join = code == 404 and not on_tv and "match_id" in (request.view_args or {})
        # A deleted match, to a phone that was at it or may see its group's deleted matches:
        # said so, with the way to restore it (a stranger still learns nothing).
        gone = deletion.gone_notice() if offer_join else None
        if gone is not None:
            message, offer_join = _("This match was deleted."), False
        page = render_template(
            "error.html", message=message, code=code, offer_join=offer_join, gone=gone
        )
        response = make_response(page, code)
        if code == 404 and request.headers.get("HX-Request"):
            # The page behind a poll or a form is gone (a deleted match, say): htmx swaps no error
            # answer, so reload and let the phone see the "nothing here" page.
            response.headers["HX-Refresh"] = "true"
        return response

    @app.errorhandler(Exception)
    def server_error(error: Exception) -> tuple[str, int]:
        app.logger.exception("Unhandled error", exc_info=error)
        from ..extensions import db

        db.session.rollback()
        message = _("Something went wrong on our side. Nothing was saved. Try again.")
        return render_template("error.html", message=message, code=500), 500
