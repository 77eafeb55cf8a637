"""Gunicorn settings shared by ``make run`` and the Procfile (``-c python:companion.live.serving``).

The command lines choose the workers and their connection limit; this module only tells each
worker's app what that limit is, so the doorbell's stream cap (:func:`.events.stream_cap`) is
derived from it and always leaves room for ordinary requests.
"""

from __future__ import annotations

import os
from typing import Any

from .events import CONNECTIONS_VARIABLE


def post_fork(_server: Any, worker: Any) -> None:
    """In each new worker, before it loads the app: publish its ``worker_connections``."""
    os.environ[CONNECTIONS_VARIABLE] = str(int(worker.worker_connections))
