"""Who gets in, checked over every route the app has (walked from ``app.url_map``).

The fixed lists in test_membership.py, test_host.py and test_csrf.py prove the known doors;
these tests walk the url map, so a door added later is held to the same rules: 404 for a device
that is not a member, 403 for a player on a host action, 400 without the CSRF token. Plus the
properties of the join tokens, the rate limit and the session cookie.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from limits import parse as parse_limit

from companion.extensions import db
from companion.models import Match
from companion.security import join_token, viewer_token

from ..conftest import Phone, code_of, make_app
from .helpers import group_of, join_link, match_row, snapshot, table, text_of

PRIVATE = re.compile(r"<int:(match_id|group_id)>")


def private_rules(app: Flask) -> list[tuple[str, str]]:
    """(method, rule) of every route that names a match or a group (viewer links excepted)."""
    found = []
    for rule in app.url_map.iter_rules():
        if not PRIVATE.search(rule.rule) or rule.rule.startswith("/v/"):
            continue
        for method in sorted((rule.methods or set()) & {"GET", "POST"}):
            found.append((method, rule.rule))
    return sorted(found)


def fill(rule: str, match_id: int, group_id: int) -> str:
    """A real URL of ``rule`` for this match and group (other parts: plausible values)."""
    url = rule.replace("<int:match_id>", str(match_id)).replace("<int:group_id>", str(group_id))
    url = re.sub(r"<int:\w+>", "1", url)
    return re.sub(r"<[^>]+>", "heads", url)


def request(phone: Phone, method: str, url: str, hx: bool = False) -> int:
    """Send a plausible form (or a GET) and give the status; streams are closed unread."""
    data = {"seat": "0", "version": "1", "idem": "abcdefgh", "name": "X", "keep": "1",
            "gone": "2", "heads-seat0": "1", "heads-seat1": "2", "locked": "1"}  # fmt: skip
    if method == "GET":
        response = phone.get(url, hx=hx)
    else:
        response = phone.post(url, data, hx=hx)
    status = int(response.status_code)
    response.close()
    return status


@pytest.mark.parametrize("hx", [False, True], ids=["plain", "htmx"])
def test_every_match_and_group_url_is_404_for_a_stranger(
    app: Flask, phone: Phone, other: Phone, hx: bool
) -> None:
    match_id = phone.new_match(["Ann", "Bob"], end="rounds", rounds="1")
    phone.claim(match_id, 0)
    phone.enter_heads(match_id, [1, 2])
    group_id = group_of(app, match_id)
    other.get("/")
    before = snapshot(app)
    walked = private_rules(app)
    assert len(walked) >= 15, "the walk sees the match and group routes"
    wrong = [
        (method, rule, status)
        for method, rule in walked
        if (status := request(other, method, fill(rule, match_id, group_id), hx)) != 404
    ]
    assert not wrong, f"answered a stranger: {wrong}"
    assert snapshot(app) == before


def test_a_member_of_one_match_is_a_stranger_to_another(
    app: Flask, phone: Phone, other: Phone
) -> None:
    mine = other.new_match(["Eve", "Mal"])
    theirs = phone.new_match(["Ann", "Bob"])
    group = group_of(app, theirs)
    assert group != group_of(app, mine)
    wrong = [
        (method, rule)
        for method, rule in private_rules(app)
        if method == "GET" and request(other, method, fill(rule, theirs, group)) != 404
    ]
    assert not wrong


ANY_SEAT = ("/m/<int:match_id>/host/take", "/m/<int:match_id>/host/news")
"""The host routes any seated phone may post: taking over from a host's phone that has left
(refused while it is at the table) and putting away this phone's own news of the rights."""


def test_host_actions_are_403_for_a_seated_player(app: Flask, phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    posts = [r for m, r in private_rules(app) if m == "POST" and "/host/" in r]
    host_rules = [r for r in posts if r not in ANY_SEAT]
    assert len(host_rules) >= 5 and set(ANY_SEAT) <= set(posts)
    before = snapshot(app)
    for rule in host_rules:
        assert request(other, "POST", fill(rule, match_id, 0)) == 403, rule
    for rule in ANY_SEAT:  # the host's phone is at the table: nothing changes hands
        assert request(other, "POST", fill(rule, match_id, 0)) == 303, rule
    assert snapshot(app) == before


def test_every_post_without_the_csrf_token_is_400(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    phone, other = Phone(app), Phone(app)
    match_id = table(phone, other)
    group_id = group_of(app, match_id)
    app.config["WTF_CSRF_ENABLED"] = True
    before = snapshot(app)
    posts = [r for r in app.url_map.iter_rules() if "POST" in (r.methods or set())]
    assert len(posts) >= 12
    for rule in posts:
        url = fill(rule.rule, match_id, group_id)
        assert request(phone, "POST", url) == 400, url
        assert request(phone, "POST", url, hx=True) == 400, url
    assert snapshot(app) == before


def test_join_and_viewer_tokens_have_at_least_128_bits_and_are_not_stored(
    app: Flask, phone: Phone
) -> None:
    first, second = phone.new_match(["Ann", "Bob"]), phone.new_match(["Cy", "Dee"])
    with app.test_request_context():
        a, b = db.session.get(Match, first), db.session.get(Match, second)
        assert a is not None and b is not None
        tokens = [join_token(a), viewer_token(a), join_token(b), viewer_token(b)]
    for token in tokens:
        assert re.fullmatch(r"[0-9a-f]+", token) and len(token) * 4 >= 128
    assert len(set(tokens)) == 4, "one token per match and purpose"
    stored = " ".join(str(v) for v in match_row(app, first).values())
    assert not any(token in stored for token in tokens), "tokens are derived, never stored"


def test_a_rotated_code_changes_the_join_token(app: Flask, phone: Phone, other: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    old = join_link(app, match_id)
    assert phone.post(f"/m/{match_id}/host/rotate").status_code == 303
    assert join_link(app, match_id) != old
    assert other.get(old).status_code == 404


@pytest.mark.parametrize("ending", ["abandon", "end"])
def test_a_code_stops_working_when_the_match_ends(
    app: Flask, phone: Phone, other: Phone, ending: str
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    code, link = code_of(app, match_id), join_link(app, match_id)
    assert phone.post(f"/m/{match_id}/host/{ending}").status_code == 303
    before = snapshot(app)
    typed = other.post("/j", {"code": code})
    assert typed.status_code == 200 and "This match is over" in text_of(typed)
    assert other.get(link).status_code == 404
    assert other.get(f"/m/{match_id}").status_code == 404
    assert snapshot(app) == before


def test_the_typed_code_limit_is_generous_enough_for_one_router(app: Flask) -> None:
    limit = parse_limit(app.config["JOIN_RATE_LIMIT"])
    per_minute = limit.amount * 60 / limit.get_expiry()
    assert 30 <= per_minute <= 120, "a table behind one router joins; guessing stays slow"
    assert app.config["RATELIMIT_ENABLED"] is not False or app.testing


@pytest.mark.parametrize(
    ("public_url", "secure"), [("https://scores.example", True), ("http://table.test", False)]
)
def test_the_session_cookie_is_httponly_lax_and_secure_behind_https(
    tmp_path: Path, public_url: str, secure: bool
) -> None:
    app = make_app(tmp_path, PUBLIC_URL=public_url)
    cookie = Phone(app).get("/").headers["Set-Cookie"]
    assert "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie
    assert ("Secure" in cookie) is secure
