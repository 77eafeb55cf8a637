"""An answer held back on its way to a phone, to put a poll's answer before it, as a slow
network does."""

from __future__ import annotations

import re
from typing import Any

from .helpers import WAIT, Phone


class HeldAnswer:
    """The first request to ``pattern`` reaches the server, whose answer is held back until
    :meth:`give` (as on a slow network, while a poll passes it); later ones go through."""

    def __init__(self, phone: Phone, pattern: str) -> None:
        self.page = phone.page
        self.held: list[tuple[Any, Any]] = []
        self.page.route(re.compile(pattern), self._hold_first)

    def _hold_first(self, route: Any) -> None:
        if self.held:
            route.continue_()
            return
        self.held.append((route, route.fetch()))
        self.page.evaluate("window.__heldAnswer = true")  # a state the test can wait for

    def wait(self) -> None:
        """Until the server has answered the held request."""
        self.page.wait_for_function("() => window.__heldAnswer === true", timeout=WAIT)
        assert self.held, "the held request never reached the server"

    def give(self) -> None:
        """Let the held answer arrive."""
        route, response = self.held[0]
        route.fulfill(response=response)
