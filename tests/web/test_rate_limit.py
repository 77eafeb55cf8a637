"""Typed codes and match creation are rate-limited per address, generously enough for one table."""

from __future__ import annotations

from pathlib import Path

from ..conftest import Phone, make_app


def test_typed_codes_are_limited_per_address(tmp_path: Path) -> None:
    app = make_app(tmp_path, RATELIMIT_ENABLED=True, JOIN_RATE_LIMIT="5 per minute")
    phone = Phone(app)
    answers = [phone.post("/j", {"code": "ZZZZZZ"}).status_code for _ in range(7)]
    assert answers[:5] == [200] * 5
    assert answers[5:] == [429, 429]
    assert "Too many tries" in phone.post("/j", {"code": "ZZZZZZ"}).get_data(as_text=True)


def test_a_whole_table_behind_one_router_can_join(tmp_path: Path) -> None:
    app = make_app(tmp_path, RATELIMIT_ENABLED=True)
    host = Phone(app)
    match_id = host.new_match(["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo"])
    for _ in range(10):
        Phone(app).join(match_id)


def test_creating_matches_is_limited(tmp_path: Path) -> None:
    app = make_app(tmp_path, RATELIMIT_ENABLED=True, CREATE_RATE_LIMIT="2 per minute")
    phone = Phone(app)
    phone.new_match(["Ann", "Bob"])
    phone.new_match(["Ann", "Bob"])
    refused = phone.post(
        "/new/sixnimmt",
        {"p0": "Ann", "p1": "Bob", "variant": "base", "end": "gt66", "group": "new"},
    )
    assert refused.status_code == 429
