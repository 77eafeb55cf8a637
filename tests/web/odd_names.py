"""Names no page links to: what a fuzzer, a scanner or a mangled link puts in a URL path.

Shared by tests/web/test_odd_names.py (every rule, each name) and the soak (many random ones).
"""

from __future__ import annotations

import random
import re

from flask import Flask

ODD_NAMES = [
    "a" * 256,
    "a" * 5000,
    "x/" * 200 + "y",
    "%00",
    "a%00b.css",
    "..",
    "../../etc/passwd",
    "..%2f..%2fetc%2fpasswd",
    "%2e%2e/%2e%2e/companion/config.py",
    "css/../../pyproject.toml",
    "%c0%ae%c0%ae/",
    "%ff%fe",
    "%ed%a0%80",
    "%e2%80%ae.css",
    "%",
    "%zz",
    "CON",
    " ",
    "~",
    "bundle/" + "b" * 300 + ".css",
    "bundle/%00.css",
    "bundle/..%2fapp.css",
    "\\..\\..\\windows",
]
"""Long, NUL, dot-dot in plain and encoded forms, overlong and invalid UTF-8, a lone surrogate,
a bidi override, a broken escape, device names, backslashes."""

PIECES = ["a", "..", "%00", "%ff", "%2e", "%2f", "/", "\\", "é", "%c0%ae", "%e2%80%ae", "~", " "]


def paths_of(app: Flask) -> list[str]:
    """Every rule of the app's url map with each variable part as a placeholder ``{}``."""
    found = set()
    for rule in app.url_map.iter_rules():
        found.add(re.sub(r"<[^>]+>", "{}", rule.rule))
    return sorted(found)


def filled(path: str, name: str) -> list[str]:
    """``path`` with one variable part replaced by ``name`` at a time (the others get ``1``)."""
    holes = path.count("{}")
    if holes == 0:
        return [path.rstrip("/") + "/" + name]
    return [
        path.format(*["1" if i != hole else name for i in range(holes)]) for hole in range(holes)
    ]


def random_name(rng: random.Random) -> str:
    """A random odd name: pieces glued together, sometimes very long."""
    size = rng.choice([1, 3, 10, 80, 300])
    return "".join(rng.choice(PIECES) for _ in range(size))
