"""The long versions of the reliability tests (``make soak``): not part of ``make test``.

Sizes come from the environment so a quick local try is possible: SOAK_BACKUPS (50),
SOAK_FUZZ (100000), SOAK_FREEZES ("15,35" seconds).
"""

from __future__ import annotations

import os


def size(name: str, default: int) -> int:
    """A soak size from the environment."""
    return int(os.environ.get(name, default))
