"""Cached sheet fragments (companion.fragments) are always what a fresh render would show.

Random sequences of rounds (some refused), undos and language switches are played by two phones
of one table; after every step each phone's whole sheet, served with the warm cache (which still
holds every older version), is compared with the same sheet rendered with an empty cache.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jinja2 import ChoiceLoader, DictLoader

from companion.caches import Kept
from companion.fragments import EXTENSION, SIZE, fragments
from companion.rules import REGISTRY

from ..conftest import Phone, make_app
from .helpers import table

IDEM = re.compile(r'(name="(?:[a-z]+-)?(?:idem|csrf_token)"[^>]*value=")[^"]*"')
TOKEN = re.compile(r'("X-CSRFToken": ")[^"]*"')
WHEN = re.compile(r'<div [^>]*class="entry-meta muted"[^>]*>.*?</div>', re.S)

FRAGMENTS = 3
"""Cached fragments per sheet page of a seated phone: the game's scoreboard, the chart and the
entry panel (6 nimmt!'s heads form is declared shared)."""

actions = st.one_of(
    st.tuples(st.just("enter"), st.lists(st.integers(0, 30), min_size=3, max_size=3)),
    st.tuples(st.just("undo"), st.just([])),
    st.tuples(st.just("lang"), st.sampled_from([["en"], ["it"], ["de"]])),
)


def comparable(html: str) -> str:
    """A page without what differs on every render anyway: one-time keys, form tokens signed
    with the time, "n seconds ago"."""
    return WHEN.sub("", TOKEN.sub(r'\1"', IDEM.sub(r'\1"', html)))


def rendered(app: Flask, phone: Phone, url: str) -> str:
    """The sheet as the phone gets it now."""
    return str(phone.get(url).get_data(as_text=True))


def fresh_page(app: Flask, phone: Phone, url: str) -> str:
    """The page rendered with an empty cache; the warm cache is put back afterwards."""
    warm = app.extensions[EXTENSION]
    app.extensions[EXTENSION] = Kept(SIZE)
    try:
        return rendered(app, phone, url)
    finally:
        app.extensions[EXTENSION] = warm


def act(phone: Phone, match_id: int, action: str, values: list[object]) -> None:
    """One step of the evening."""
    page = phone.get(f"/m/{match_id}").get_data(as_text=True)
    if action == "enter":
        if 'name="heads-version"' not in page:
            return  # the match is over (someone passed 66): nothing to enter any more
        phone.enter_heads(match_id, [int(str(v)) for v in values])
    elif action == "undo":
        found = re.search(rf'action="/m/{match_id}/undo/(\d+)"', page)
        version = re.search(r'data-version="(\d+)"', page)
        if found and version:
            phone.post(f"/m/{match_id}/undo/{found.group(1)}", {"version": version.group(1)})
    else:
        phone.get(f"/lang/{values[0]}")


Steps = list[tuple[int, tuple[str, list[object]]]]
STEPS = st.lists(st.tuples(st.integers(0, 1), actions), min_size=1, max_size=10)
"""An evening: which of the two phones acts, and what it does."""


def evening(app: Flask, steps: Steps) -> Iterator[tuple[Phone, int]]:
    """Two phones seated at one match play ``steps``; after each step, each phone in turn."""
    host, guest = Phone(app), Phone(app)
    match_id = table(host, guest, names=["Ann", "Bob", "Cy"])
    for who, (action, values) in steps:
        act([host, guest][who], match_id, action, values)
        for phone in (host, guest):
            yield phone, match_id


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=STEPS)
def test_cached_sheet_equals_a_fresh_render(
    tmp_path_factory: pytest.TempPathFactory, steps: Steps
) -> None:
    app = make_app(tmp_path_factory.mktemp("fragments"))
    for phone, match_id in evening(app, steps):
        url = f"/m/{match_id}"
        rendered(app, phone, url)
        hits = fragments(app).hits
        cached = rendered(app, phone, url)
        assert fragments(app).hits > hits
        assert comparable(cached) == comparable(fresh_page(app, phone, url))


def test_a_new_version_always_misses_and_an_unchanged_one_hits(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    phone = Phone(app)
    match_id = phone.new_match(["Ann", "Bob"])
    phone.claim(match_id, 0)
    cache = fragments(app)
    for heads in ([1, 2], [3, 0], [0, 5]):
        rendered(app, phone, f"/m/{match_id}")
        hits, misses = cache.hits, cache.misses
        rendered(app, phone, f"/m/{match_id}")
        assert (cache.hits, cache.misses) == (hits + FRAGMENTS, misses)
        phone.enter_heads(match_id, heads)
        hits, misses = cache.hits, cache.misses
        rendered(app, phone, f"/m/{match_id}")
        assert (cache.hits, cache.misses) == (hits, misses + FRAGMENTS)


def test_only_fragments_declared_shareable_are_kept(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.jinja_env.loader = ChoiceLoader(
        [
            DictLoader(
                {
                    "t/board.html": "<p>{{ match.version }} {{ me }}</p>",
                    "t/other.html": "<p>{{ me }}</p>",
                }
            ),
            app.jinja_env.loader,  # type: ignore[list-item]
        ]
    )
    match = SimpleNamespace(
        id=1, version=3, game="sixnimmt", seed=1, created_at=0, options={}, is_open=True,
        status="playing",
    )  # fmt: skip
    shared = SimpleNamespace(scoreboard_template="t/board.html", scoreboard_shared=lambda _s: True)
    private = SimpleNamespace(scoreboard_template="t/board.html", scoreboard_shared=lambda _s: 0)
    context = {"match": match, "sheet": SimpleNamespace(players=["Ann"]), "me": 0}
    page = app.jinja_env.from_string(
        "{{ cached_include('t/board.html') }}|{{ cached_include('t/other.html') }}"
    )
    with app.test_request_context("/"):
        assert page.render(**context, seam=private) == "<p>3 0</p>|<p>0</p>"
        assert len(fragments(app)) == 0
        # A shared fragment never sees the phone's seat: one copy serves every seat.
        assert page.render(**context, seam=shared) == "<p>3 None</p>|<p>0</p>"
        assert len(fragments(app)) == 1
        assert page.render(**dict(context, me=1), seam=shared) == "<p>3 None</p>|<p>1</p>"
        assert len(fragments(app)) == 1
        match.is_open = False
        assert page.render(**context, seam=shared) == "<p>3 0</p>|<p>0</p>"
        assert len(fragments(app)) == 1


SCOREBOARD = re.compile(r'<section id="scoreboard".*?</section>', re.S)


def scoreboard(html: str) -> str:
    """The scoreboard section of a page or answer."""
    found = SCOREBOARD.search(html)
    assert found is not None
    return found.group(0)


def seat_marked(html: str) -> str | None:
    """The seat the page's seats panel names as this phone's (``data-you``), if any."""
    found = re.search(r'<section id="seats"[^>]*?\sdata-you="(\d+)"', html)
    return found.group(1) if found else None


def test_phones_at_different_seats_share_one_scoreboard(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    ann, bob = Phone(app), Phone(app)
    match_id = table(ann, bob, names=["Ann", "Bob", "Cy"])
    before = int(re.findall(r'data-version="(\d+)"', rendered(app, ann, f"/m/{match_id}"))[0])
    ann.enter_heads(match_id, [3, 0, 7])
    poll = f"/m/{match_id}/live?v={before}"
    first = ann.get(poll, hx=True).get_data(as_text=True)
    hits, misses = fragments(app).hits, fragments(app).misses
    other = bob.get(poll, hx=True).get_data(as_text=True)
    shared = 2  # the scoreboard, and the chart's place (the first line is news to the table)
    assert (fragments(app).hits, fragments(app).misses) == (hits + shared, misses)
    assert scoreboard(first) == scoreboard(other)  # byte for byte
    assert "data-you" not in scoreboard(other), "whose phone it is: the seats panel says"
    assert re.search(r'<th [^>]*data-seat="1">\s*Bob', scoreboard(other))
    pages = [rendered(app, phone, f"/m/{match_id}") for phone in (ann, bob)]
    assert [seat_marked(page) for page in pages] == ["0", "1"]
    viewer = Phone(app)
    viewer.join(match_id)
    assert scoreboard(viewer.get(poll, hx=True).get_data(as_text=True)) == scoreboard(first)
    assert seat_marked(rendered(app, viewer, f"/m/{match_id}")) is None


def test_the_stylesheet_marks_every_seat_a_game_can_have() -> None:
    css = (Path(__file__).parents[2] / "static" / "css" / "app.css").read_text()
    seats = max(rules.info.max_players for rules in REGISTRY.values())
    for n in range(seats):
        for part in (".if-you", ".unless-you", ".score th"):
            assert f':root:has(#seats[data-you="{n}"]) {part}[data-seat="{n}"]' in css


def test_every_stylesheet_finds_the_phones_seat_in_its_seats_panel() -> None:
    """Only the seats panel says ``data-you``: a rule that looks for it on an element around
    the scoreboard would never match."""
    sheets = sorted((Path(__file__).parents[2] / "static" / "css").rglob("*.css"))
    assert any("games" in sheet.parts for sheet in sheets)
    for sheet in sheets:
        for found in re.finditer(r"[^\s,{}]*\[data-you=", sheet.read_text()):
            assert found.group(0).endswith("#seats[data-you="), (sheet.name, found.group(0))
