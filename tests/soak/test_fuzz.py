"""SOAK_FUZZ (100,000) requests with odd names, methods and query strings: no 500, ever.

SOAK_SEED picks the sequence (19 by default), so runs can be split across processes."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from ..conftest import Phone, make_app
from ..web.odd_names import ODD_NAMES, filled, paths_of, random_name
from .conftest import size

METHODS = ("GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS")


def test_a_hundred_thousand_fuzzed_requests_give_no_500(tmp_path: Path) -> None:
    app = make_app(tmp_path, DB_BUSY_TIMEOUT_MS=4000)
    phone = Phone(app)
    match_id = phone.new_match(["Ann", "Bob", "Cy"])
    phone.claim(match_id, 0)
    paths = [p for p in paths_of(app) if not p.endswith("/events")]
    rng = random.Random(size("SOAK_SEED", 19))
    statuses: Counter[int] = Counter()
    failures = []
    for _ in range(size("SOAK_FUZZ", 100_000)):
        name = rng.choice(ODD_NAMES) if rng.random() < 0.3 else random_name(rng)
        if rng.random() < 0.2:
            name = str(rng.choice([match_id, 0, -1, 2**31, 2**63, 10**30]))
        url = "/" + rng.choice(filled(rng.choice(paths), name)).lstrip("/")  # a path, not a host
        if rng.random() < 0.3:
            url += "?" + random_name(rng) + "=" + random_name(rng)
        method = rng.choice(METHODS)
        response = phone.client.open(url, method=method)
        statuses[response.status_code] += 1
        if response.status_code >= 500:
            failures.append((method, url[:120], response.status_code))
    print(f"{sum(statuses.values())} requests: {dict(sorted(statuses.items()))}")
    assert failures == [], failures[:20]
    assert sum(statuses.values()) == size("SOAK_FUZZ", 100_000)
