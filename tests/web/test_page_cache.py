"""Whole sheet pages kept per version and phone (companion.page_cache).

A kept page must be exactly what a fresh render would show: random evenings of two phones are
compared after every step, and each thing the page shows without a new version (names, the
group's name, the clock) is changed on purpose. The holes must be filled on every answer: no
NUL character leaves the server, one-time keys are new each time, the form token works.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings

from companion import page_cache
from companion.extensions import db
from companion.models import Entry, Player
from companion.page_cache import pages

from ..conftest import Phone, count, make_app
from .helpers import group_of, table, text_of
from .helpers import shared_template_bytecode as shared_template_bytecode  # autouse
from .test_fragments import STEPS, Steps, comparable, evening, fresh_page

KEYS = re.compile(r'name="(?:[a-z]+-)?idem"[^>]*value="([^"]*)"')


def sheet(phone: Phone, match_id: int, query: str = "") -> str:
    """The sheet page as this phone gets it."""
    response = phone.get(f"/m/{match_id}{query}")
    assert response.status_code == 200
    return str(response.get_data(as_text=True))


def fresh(app: Flask, phone: Phone, match_id: int) -> str:
    """The same page rendered from scratch: no kept page, fragment or state is used."""
    pages(app).clear()
    return fresh_page(app, phone, f"/m/{match_id}")


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=STEPS)
def test_a_kept_page_equals_a_fresh_render(
    tmp_path_factory: pytest.TempPathFactory, steps: Steps
) -> None:
    app = make_app(tmp_path_factory.mktemp("pages"))
    for phone, match_id in evening(app, steps):
        sheet(phone, match_id)
        hits = pages(app).hits
        kept = sheet(phone, match_id)
        assert pages(app).hits == hits + 1
        assert comparable(kept) == comparable(fresh(app, phone, match_id))


def test_each_phone_gets_its_own_page(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    sheet(phone, match_id)
    sheet(other, match_id)
    assert "End the match now" in sheet(phone, match_id)
    assert "End the match now" not in sheet(other, match_id)
    assert len(pages(phone.app).states) == 2


def test_a_new_version_is_rendered_again(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    sheet(phone, match_id)
    assert phone.enter_heads(match_id, [4, 2]).status_code == 303
    cache = pages(phone.app)
    hits, misses = cache.hits, cache.misses
    assert "#1" in sheet(phone, match_id)
    assert (cache.hits, cache.misses) == (hits, misses + 1)
    assert "#1" in sheet(phone, match_id)
    assert (cache.hits, cache.misses) == (hits + 1, misses + 1)


def test_no_hole_leaves_the_server_and_keys_are_new_each_time(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    phone.enter_heads(match_id, [1, 2])
    first, second = sheet(phone, match_id), sheet(phone, match_id)
    assert "\x00" not in first + second
    assert KEYS.findall(first) and set(KEYS.findall(first)).isdisjoint(KEYS.findall(second))
    assert "\x00" in next(iter(pages(phone.app).states.values()))


def test_a_key_from_a_kept_page_stores_one_entry(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    sheet(phone, match_id)
    html = sheet(phone, match_id)
    version = re.search(r'name="heads-version"[^>]*value="(\d+)"', html)
    key = re.search(r'name="heads-idem"[^>]*value="([^"]+)"', html)
    assert version and key
    form = {"heads-version": version.group(1), "heads-idem": key.group(1)}
    form.update({"heads-seat0": "3", "heads-seat1": "1"})
    assert phone.post(f"/m/{match_id}/entry/heads", form).status_code == 303
    assert phone.post(f"/m/{match_id}/entry/heads", form).status_code == 303
    assert count(phone.app, Entry) == 1


def test_the_form_token_of_a_kept_page_is_accepted(tmp_path: Path) -> None:
    app = make_app(tmp_path, WTF_CSRF_ENABLED=True)
    phone = Phone(app)
    html = phone.get("/new/sixnimmt").get_data(as_text=True)
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', html)
    assert token
    created = phone.post(
        "/new/sixnimmt",
        {"csrf_token": token.group(1), "p0": "Ann", "p1": "Bob", "variant": "base",
         "end": "gt66", "group": "new"},
    )  # fmt: skip
    assert created.status_code == 303
    match_path = created.headers["Location"]
    phone.get(match_path)
    kept = phone.get(match_path).get_data(as_text=True)
    assert pages(app).hits == 1
    token = re.search(r'"X-CSRFToken": "([^"]+)"', kept)
    assert token and "\x00" not in token.group(1)
    headers = {"X-CSRFToken": token.group(1)}
    answer = phone.post(f"{match_path}/seat", {"seat": "0"}, headers=headers)
    assert answer.status_code == 303


def test_a_renamed_player_shows_at_once(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, names=["Ann", "Bob"])
    assert "Bob" in sheet(phone, match_id)
    with phone.app.app_context():
        bob = db.session.execute(db.select(Player).filter_by(name="Bob")).scalar_one()
        bob.name = "Roberto"
        db.session.commit()
    page = sheet(phone, match_id)
    assert "Roberto" in page and "Bob" not in page


def test_a_renamed_group_shows_at_once(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    sheet(phone, match_id)
    group_id = group_of(phone.app, match_id)
    assert other.post(f"/g/{group_id}", {"name": "Friday nights"}).status_code == 303
    assert "Friday nights" in text_of(phone.get(f"/m/{match_id}"))


def test_the_language_and_the_address_are_part_of_the_key(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    assert 'lang="en"' in sheet(phone, match_id)
    phone.get("/lang/it")
    assert '<html lang="it">' in sheet(phone, match_id)
    assert 'name="cards-idem"' not in sheet(phone, match_id)
    assert 'name="cards-idem"' in sheet(phone, match_id, "?entry=cards")


def test_times_in_the_log_follow_the_clock(
    phone: Phone, other: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id = table(phone, other)
    phone.enter_heads(match_id, [1, 2])
    sheet(phone, match_id)
    assert "minutes ago" not in text_of(phone.get(f"/m/{match_id}"))
    later = datetime.now(UTC) + timedelta(minutes=10)

    class Clock(datetime):
        @classmethod
        def now(cls, tz: object = None) -> Clock:  # type: ignore[override]
            return later  # type: ignore[return-value]

    monkeypatch.setattr(page_cache, "datetime", Clock)
    hits = pages(phone.app).hits
    assert "10 minutes ago" in text_of(phone.get(f"/m/{match_id}"))
    assert pages(phone.app).hits == hits + 1


def test_strangers_and_deleted_matches_get_404_after_a_page_was_kept(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    sheet(phone, match_id)
    assert Phone(phone.app).get(f"/m/{match_id}").status_code == 404
    confirm = phone.post(f"/m/{match_id}/delete", {})
    assert confirm.status_code == 303
    assert phone.get(f"/m/{match_id}").status_code == 404
    assert other.get(f"/m/{match_id}").status_code == 404


def test_a_page_that_changed_while_it_rendered_is_not_kept(
    phone: Phone, other: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.views import play

    match_id = table(phone, other, names=["Ann", "Bob"])
    real = play.sheet_context

    def renamed_meanwhile(*args: object, **kwargs: object) -> dict[str, object]:
        context = real(*args, **kwargs)  # type: ignore[arg-type]
        bob = db.session.execute(db.select(Player).filter_by(name="Bob")).scalar_one()
        bob.name = "Roberto"
        db.session.commit()
        return context

    monkeypatch.setattr(play, "sheet_context", renamed_meanwhile)
    pages(phone.app).clear()
    sheet(phone, match_id)
    assert not pages(phone.app).states


def test_a_finished_game_that_shows_other_matches_is_not_kept(phone: Phone) -> None:
    from .test_thegame import enter_result, start

    match_id = start(phone, ["Ann", "Bob"])
    assert enter_result(phone, match_id, 12).status_code == 303
    pages(phone.app).clear()
    assert "12" in sheet(phone, match_id)
    assert not pages(phone.app).states
