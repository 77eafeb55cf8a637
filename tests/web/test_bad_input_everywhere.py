"""Garbage at every door: hypothesis walks ``app.url_map``, every endpoint and method.

Forms and query strings are generated from the field names the pages really use plus strangers:
oversized values, wrong types, unicode with NUL, lone surrogates and invalid UTF-8, missing
fields, forged ids, huge numbers and the versions of other matches, sent by the host, a seated
player or a stranger, with a valid CSRF token (most of the time). Promises: never a 5xx, an
oversized body is refused by its size (413), and a refused request leaves the database as it was.
New endpoints are covered as soon as they are registered; event streams are left out (an open
stream never ends: tests/web/test_live.py and the events tests read them with a timeout).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote_from_bytes

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import create_app
from companion.extensions import db
from companion.games import SEAMS
from companion.models import Match, Player
from companion.security import viewer_token

from ..conftest import Phone, make_app
from .helpers import group_of, parse, snapshot, table
from .helpers import quick_qr as quick_qr  # a fixture, used through usefixtures

STREAMS = re.compile(r"/events$")
"""Rules answered with an endless text/event-stream: not walked here."""


def walked_rules() -> list[tuple[str, str]]:
    """(method, rule) of every endpoint of a freshly built app, streams and static left out."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "x", "TESTING": True})
    found = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static" or STREAMS.search(rule.rule):
            continue
        for method in sorted((rule.methods or set()) & {"GET", "POST"}):
            found.append((method, rule.rule))
    return sorted(found)


RULES = walked_rules()


@dataclass
class World:
    """A table with history, a stranger's match in another group, and the three kinds of phone."""

    app: Flask
    host: Phone
    player: Phone
    stranger: Phone
    match_id: int
    group_id: int
    other_match: int
    other_group: int
    values: dict[str, list[str]]
    fields: list[str]

    def token(self, phone: Phone) -> str:
        """The phone's CSRF token, as its pages carry it (for htmx, in the body's headers)."""
        html = phone.get("/").get_data(as_text=True)
        found = re.search(r'"X-CSRFToken": "([^"]+)"', html)
        assert found, "no CSRF token on the home page"
        return found.group(1)


def build_world(tmp_path: Path) -> World:
    app = make_app(tmp_path)
    host, player, stranger = Phone(app), Phone(app), Phone(app)
    match_id = table(host, player, ["Ann", "Bob", "Cy"])
    host.enter_heads(match_id, [1, 2, 3])
    other_match = stranger.new_match(["Eve", "Mal"])
    stranger.claim(other_match, 0)
    stranger.enter_heads(other_match, [4, 5])
    stranger.enter_heads(other_match, [1, 1])
    with app.app_context():
        match, other = db.session.get(Match, match_id), db.session.get(Match, other_match)
        assert match is not None and other is not None
        with app.test_request_context():
            tokens = [viewer_token(match), viewer_token(other)]
        versions = [str(match.version), str(other.version)]
        codes = [match.code or "", other.code or ""]
        players = [str(p.id) for p in db.session.scalars(db.select(Player))]
    group_id, other_group = group_of(app, match_id), group_of(app, other_match)
    app.config["WTF_CSRF_ENABLED"] = True  # set up without tokens; attacked with them
    ints = [str(match_id), str(other_match), str(group_id), str(other_group), "0", "1", "2",
            str(2**31 - 1), *players]  # fmt: skip
    values = {
        "int": ints,
        "slug": sorted(SEAMS),
        "key": ["heads", "cards", "round", "hand", "turn", "score", "bid"],
        "token": tokens,
        "code": [*codes, "en", "it", "de"],
        "version": versions,
    }
    return World(app, host, player, stranger, match_id, group_id, other_match, other_group,
                 values, page_fields(host, match_id, group_id))  # fmt: skip


FIELDS: list[str] = []
"""The field names, collected once per run (the pages are the same for every world)."""


def page_fields(phone: Phone, match_id: int, group_id: int) -> list[str]:
    """Every input, select and textarea name on the pages a member sees (and the query words)."""
    if FIELDS:
        return FIELDS
    names = {"seat", "version", "idem", "code", "name", "locked", "row", "k", "v", "page",
             "next", "entry", "group", "keep", "gone", "player", "file", "csrf_token"}  # fmt: skip
    pages = ["/", "/j", f"/m/{match_id}", f"/g/{group_id}", f"/g/{group_id}/manage", "/g/import"]
    pages += [f"/new/{slug}" for slug in SEAMS]
    for page in pages:
        tree = parse(phone.get(page).get_data(as_text=True))
        for tag in ("input", "select", "textarea", "button"):
            names.update(n.attrs["name"] for n in tree.find_all(tag) if n.attrs.get("name"))
    FIELDS.extend(sorted(names))
    return FIELDS


LONE_SURROGATES = st.text(st.characters(categories=["Cs"]), min_size=1, max_size=4)
TEXT = st.text(st.characters(codec=None), max_size=40)


def raw_values(world: World) -> st.SearchStrategy[bytes]:
    """The bytes of one value: text, NULs, surrogates, bad UTF-8, huge and real-looking numbers."""
    known = sorted({v for vs in world.values.values() for v in vs})
    return st.one_of(
        TEXT.map(lambda t: t.encode("utf-8", "surrogatepass")),
        LONE_SURROGATES.map(lambda t: t.encode("utf-8", "surrogatepass")),
        st.binary(max_size=12),
        st.sampled_from(
            ["\x00", "1\x00", "½", "١٢", "²", "-1", "1e9", "0x10", " 1 ", "", "true"]
        ).map(lambda t: t.encode()),
        st.integers(-(2**80), 2**80).map(lambda n: str(n).encode()),
        st.sampled_from(known).map(str.encode),
        st.sampled_from([b"A" * 5000, b"9" * 400]),
    )


def url_strategy(world: World, rule: str) -> st.SearchStrategy[str]:
    """The rule with each ``<converter:name>`` filled from real ids, other matches' ids or junk."""
    parts = re.split(r"(<[^>]+>)", rule)

    def part(piece: str) -> st.SearchStrategy[str]:
        if not piece.startswith("<"):
            return st.just(piece)
        converter, _, name = piece[1:-1].rpartition(":")
        if converter == "int":
            return st.sampled_from(world.values["int"]) | st.integers(0, 2**31 - 1).map(str)
        real = st.sampled_from(world.values.get(name, world.values["code"]))
        junk = TEXT.filter(lambda t: "/" not in t and t not in (".", "..") and t != "")
        return real | junk.map(lambda t: quote_from_bytes(t.encode("utf-8", "surrogatepass")))

    return st.tuples(*[part(p) for p in parts]).map("".join)


def encoded(pairs: list[tuple[str, bytes]]) -> bytes:
    """``application/x-www-form-urlencoded`` without any re-encoding of the value bytes."""
    return b"&".join(
        quote_from_bytes(k.encode("utf-8", "surrogatepass")).encode()
        + b"="
        + quote_from_bytes(v).encode()
        for k, v in pairs
    )


@pytest.fixture
def world(tmp_path: Path, quick_qr: None) -> World:
    return build_world(tmp_path)


@pytest.mark.parametrize(("method", "rule"), RULES, ids=[f"{m} {r}" for m, r in RULES])
@settings(
    max_examples=6,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_every_endpoint_refuses_garbage_without_500_or_change(
    world: World, method: str, rule: str, data: Any
) -> None:
    who = data.draw(st.sampled_from(["host", "player", "stranger"]), label="who")
    phone: Phone = getattr(world, who)
    url = data.draw(url_strategy(world, rule), label="url")
    field = st.sampled_from(world.fields) | TEXT.filter(bool)
    pairs = data.draw(st.lists(st.tuples(field, raw_values(world)), max_size=8), label="pairs")
    query = encoded(data.draw(st.lists(st.tuples(field, raw_values(world)), max_size=3)))
    url = f"{url}?{query.decode('ascii')}" if query else url
    if method == "POST" and data.draw(st.integers(0, 9), label="token?") > 0:
        pairs.append(("csrf_token", world.token(phone).encode()))
    before = snapshot(world.app)
    hx = {"HX-Request": "true"} if data.draw(st.booleans(), label="hx") else {}
    if method == "GET":
        response = phone.client.get(url, headers=hx)
    else:
        response = phone.client.post(
            url, data=encoded(pairs), headers=hx,
            content_type="application/x-www-form-urlencoded",
        )  # fmt: skip
    text = response.get_data(as_text=True)
    response.close()
    assert response.status_code < 500, (method, url, pairs, text[:500])
    if response.status_code >= 400 or (method == "POST" and response.status_code == 200):
        assert snapshot(world.app) == before, f"refused {method} {url} changed the database"


@pytest.mark.parametrize("rule", sorted({r for m, r in RULES if m == "POST"}))
def test_an_oversized_body_is_refused_by_its_size(world: World, rule: str) -> None:
    url = re.sub(r"<[^>]*>", lambda m: "1" if "int:" in m.group(0) else "heads", rule)
    url = url.replace("/1", f"/{world.match_id}", 1) if url.startswith("/m/") else url
    before = snapshot(world.app)
    config = world.app.config
    limit = config["IMPORT_MAX_BYTES"] if rule == "/g/import" else config["MAX_CONTENT_LENGTH"]
    body = b"name=" + b"x" * (limit + 1)
    for lang in ("en", "it", "de"):
        response = world.host.client.post(
            url, data=body, content_type="application/x-www-form-urlencoded",
            headers={"Accept-Language": lang},
        )  # fmt: skip
        assert response.status_code == 413, (url, response.status_code)
        text = response.get_data(as_text=True)
        english = "That is far more than a score sheet needs."
        assert (english in text) is (lang == "en"), "the refusal is translated"
    assert snapshot(world.app) == before


def test_the_walk_covers_every_endpoint() -> None:
    """A guard for the walk itself: the known doors are all in it."""
    walked = {rule for _, rule in RULES}
    for rule in ("/m/<int:match_id>/entry/<key>", "/g/<int:group_id>", "/j", "/new/<slug>"):
        assert rule in walked
    assert not any(STREAMS.search(rule) for rule in walked)
