"""Instant updates: how a page hears that its match changed, in one place.

- :mod:`.doorbell` — the per-process broker and the transaction hooks that ring it on commit;
- :mod:`.postgres` — the LISTEN thread that brings other workers' commits to this process;
- :mod:`.events` — the Server-Sent Events stream a page listens to (the doorbell) and its view.

The page side is ``static/js/app.js``, which polls the live fragment, and
``static/js/doorbell.js``, which refreshes it as soon as the stream names a newer version.
"""

from __future__ import annotations

from flask import Flask
from sqlalchemy import event
from sqlalchemy.orm import Session

from . import doorbell, events

HOOKS = (
    ("before_commit", doorbell.notify_servers),
    ("after_commit", doorbell.ring_here),
    ("after_transaction_end", doorbell.forget),
)
"""The session events that ring the doorbell once a change has really committed."""


def init_app(app: Flask) -> None:
    """The doorbell's settings and broker, its session hooks and its stream endpoints."""
    doorbell.add_broker(app)
    for name, hook in HOOKS:
        if not event.contains(Session, name, hook):
            event.listen(Session, name, hook)
    app.register_blueprint(events.bp)
