"""The gunicorn hooks of ``companion/live/serving.py`` (the served workers themselves are tried
in ``test_doorbell_capacity.py``)."""

from __future__ import annotations

import gc
import os
from types import SimpleNamespace

import pytest

from companion.live import serving


def test_a_worker_that_loaded_the_app_keeps_what_it_loaded_out_of_the_collector() -> None:
    before = gc.get_freeze_count()
    try:
        serving.post_worker_init(SimpleNamespace())
        assert gc.get_freeze_count() > before
        garbage = [[]]
        garbage[0].append(garbage)  # made after the freeze: still collected
        del garbage
        assert gc.collect() > 0
    finally:
        gc.unfreeze()


def test_a_new_worker_publishes_its_connection_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    # Set through monkeypatch first, so that the variable is put back as it was afterwards: a
    # limit left behind would cap the streams of every server a later test starts.
    monkeypatch.setenv(serving.CONNECTIONS_VARIABLE, "")
    serving.post_fork(None, SimpleNamespace(worker_connections=321))
    assert os.environ[serving.CONNECTIONS_VARIABLE] == "321"
