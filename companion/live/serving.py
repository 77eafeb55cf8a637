"""Gunicorn settings shared by ``make run`` and the Procfile (``-c companion/live/serving.py``).

The command lines choose the workers and their connection limit; this file only tells each
worker's app what that limit is, so the doorbell's stream cap (:func:`.events.stream_cap`) is
derived from it and always leaves room for ordinary requests.

Gunicorn reads this file by its path, in the master, before it forks and before the gevent
worker patches the standard library. So it imports nothing of the app: a database driver
imported here would pick its blocking wait before gevent is in place, and every worker would
then stall on each query.
"""

from __future__ import annotations

import gc
import os
from typing import Any

CONNECTIONS_VARIABLE = "COMPANION_WORKER_CONNECTIONS"
"""Set in each worker: gunicorn's ``worker_connections``."""


def post_fork(_server: Any, worker: Any) -> None:
    """In each new worker, before it loads the app: publish its ``worker_connections``."""
    os.environ[CONNECTIONS_VARIABLE] = str(int(worker.worker_connections))


def post_worker_init(_worker: Any) -> None:
    """Once the worker has loaded the app: move everything alive now (the imported modules, the
    app, its mappers and compiled statements) out of reach of the cyclic garbage collector,
    which otherwise walks all of it again at every full collection, in the middle of some
    request. What requests create afterwards is collected as usual."""
    gc.freeze()
