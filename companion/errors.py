"""When the database goes away for a moment: a clear "try again", never a 500 or a half-save.

A PostgreSQL restart, a dropped connection or a SQLite file busy past its timeout raises an
OperationalError (or a DBAPIError marked as a disconnect). Nothing was committed by the request,
so the honest answer is 503 with a translated "try again" and a Retry-After. The pool has already
thrown the broken connection away (and tests any that sat idle before use, db_tuning.py), so the
next request gets a fresh connection without restarting the app. A database that does not
answer at all is cut off at the request's deadline (db_deadline.py) and answered the same way.
"""

from __future__ import annotations

from flask import Flask, Response, make_response, render_template
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from .db_deadline import DeadlinePassed
from .extensions import db
from .i18n import gettext as _

RETRY_AFTER_SECONDS = 2


def forget_transaction() -> None:
    """Roll back what the request started; a dead connection refuses even that, so then the
    session drops its connections without a word to the server (invalidate)."""
    session = db.session()
    try:
        session.rollback()
    except DBAPIError:
        try:
            session.invalidate()
        except DBAPIError:
            pass


def release_session(error: BaseException | None) -> None:
    """End the request's session even when its connection died after the last query.

    Runs before Flask-SQLAlchemy's own teardown (teardowns run in reverse order), whose plain
    ``session.remove()`` would otherwise raise from the ROLLBACK on the dead connection and turn
    an answer already rendered into a 500.
    """
    session = db.session()
    try:
        session.close()
    except DBAPIError:
        try:
            session.invalidate()
        except DBAPIError:
            pass
    db.session.remove()


def try_again(unsure: bool = False) -> Response:
    """The 503 page; htmx keeps the page it has, and the poll backs off and tries again.

    ``unsure``: the database stopped answering while a COMMIT was on its way, so the write may
    be stored. The form still holds its one-time key, so sending it again is safe either way.
    """
    if unsure:
        message = _(
            "The score sheet lost touch with its database while saving. "
            "Send it again in a moment: if it was saved, it will not be saved twice."
        )
    else:
        message = _(
            "The score sheet cannot reach its database right now. "
            "Nothing was saved: try again in a moment."
        )
    response = make_response(render_template("error.html", message=message, code=503), 503)
    response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def init_app(app: Flask) -> None:
    """Answer database outages with 503; other database errors stay real (logged) 500s."""
    app.teardown_appcontext(release_session)

    @app.errorhandler(OperationalError)
    def database_unavailable(error: OperationalError) -> Response:
        app.logger.warning("Database unavailable: %s", error.orig)
        forget_transaction()
        return try_again(unsure=isinstance(error.orig, DeadlinePassed) and error.orig.committing)

    @app.errorhandler(PoolTimeout)
    def pool_exhausted(error: PoolTimeout) -> Response:
        """Every pooled connection stayed busy past ``DB_POOL_TIMEOUT``: nothing was run."""
        app.logger.warning("Database pool exhausted: %s", error)
        forget_transaction()
        return try_again()

    @app.errorhandler(DBAPIError)
    def database_error(error: DBAPIError) -> Response | tuple[str, int]:
        forget_transaction()
        if error.connection_invalidated:
            app.logger.warning("Database connection lost: %s", error.orig)
            return try_again()
        app.logger.exception("Database error", exc_info=error)
        message = _("Something went wrong on our side. Nothing was saved. Try again.")
        return render_template("error.html", message=message, code=500), 500
