"""The entry panel a new version brings is rendered once and shared by the phones of a table
(:func:`companion.fragments.entry_fields`): every copy carries its own phone's CSRF token and a
fresh one-time key, never a hole, and works when sent; a form that came back refused keeps what
was typed and is never shared."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask_wtf.csrf import generate_csrf

from companion.extensions import db
from companion.fragments import fragments
from companion.games import EntryKind, seam_for
from companion.holes import CSRF_HOLE, KEY_HOLE, holes, one_time_key
from companion.models import Match
from companion.sheet import replay

from ..bench.browser import TokenPhone
from ..conftest import Phone, make_app
from .helpers import parse, table
from .test_fragments import comparable, fresh_page


def panel_fields(html: str) -> dict[str, str]:
    """The hidden fields of the heads form in an answer's entry panel."""
    panel = parse(html).by_id("entry")
    return {
        str(node.attrs["name"]): str(node.attrs.get("value", ""))
        for node in panel.find_all("input", type="hidden")
        if str(node.attrs.get("name", "")).startswith("heads-")
    }


def version_of(phone: Phone, match_id: int) -> str:
    """The version the phone's sheet shows."""
    html = phone.get(f"/m/{match_id}").get_data(as_text=True)
    return re.findall(r'data-version="(\d+)"', html)[0]


def seated_table(app: Flask) -> tuple[TokenPhone, TokenPhone, int]:
    """Ann's phone (the host, seat 0) and Bob's (seat 1) at a three-player 6 nimmt! match."""
    ann, bob = TokenPhone(app), TokenPhone(app)
    match_id = ann.new_match(["Ann", "Bob", "Cy"])
    bob.join(match_id)
    ann.claim(match_id, 0)
    bob.claim(match_id, 1)
    return ann, bob, match_id


def test_each_phone_gets_the_shared_panel_with_its_own_token_and_key(csrf_app: Flask) -> None:
    ann, bob, match_id = seated_table(csrf_app)
    known = version_of(bob, match_id)
    ann.enter_heads(match_id, [3, 0, 7])
    poll = f"/m/{match_id}/live?v={known}&entry=heads"
    first = ann.get(poll, hx=True).get_data(as_text=True)
    hits = fragments(csrf_app).hits
    second = bob.get(poll, hx=True).get_data(as_text=True)
    # The scoreboard, the entry panel and the chart's place (the first line is news to all).
    assert fragments(csrf_app).hits == hits + 3
    assert "\x00" not in first and "\x00" not in second
    ann_fields, bob_fields = panel_fields(first), panel_fields(second)
    assert ann_fields["heads-version"] == bob_fields["heads-version"] == version_of(bob, match_id)
    assert ann_fields["heads-idem"] != bob_fields["heads-idem"]
    assert ann_fields["heads-csrf_token"] != bob_fields["heads-csrf_token"]
    again = panel_fields(bob.get(poll, hx=True).get_data(as_text=True))
    assert again["heads-idem"] != bob_fields["heads-idem"]  # a fresh key on every answer

    # Bob's copy is sent as it came (its token in the form, no header): the round is stored.
    fields = {**bob_fields, "heads-seat0": "1", "heads-seat1": "2", "heads-seat2": "0"}
    answer = Phone.post(bob, f"/m/{match_id}/entry/heads", fields, hx=True)
    assert answer.status_code == 200
    assert int(version_of(bob, match_id)) == int(bob_fields["heads-version"]) + 1


def test_a_refused_form_keeps_what_was_typed_and_is_not_shared(csrf_app: Flask) -> None:
    ann, bob, match_id = seated_table(csrf_app)
    page = bob.get(f"/m/{match_id}").get_data(as_text=True)
    fields = {**panel_fields(page), "heads-seat0": "lots", "heads-seat1": "2", "heads-seat2": "0"}
    answer = bob.post(f"/m/{match_id}/entry/heads", fields, hx=True).get_data(as_text=True)
    assert 'value="lots"' in answer and 'class="field-error"' in answer
    assert "\x00" not in answer
    fresh = ann.get(f"/m/{match_id}").get_data(as_text=True)
    assert 'value="lots"' not in fresh
    assert 'value="lots"' in bob.post(f"/m/{match_id}/entry/heads", fields, hx=True).get_data(
        as_text=True
    )


def panel_of(html: str) -> str:
    """The entry panel of a page, keys and tokens left out."""
    found = re.search(r'<section id="entry".*?</section>', html, re.S)
    assert found is not None
    return comparable(found.group(0))


def private_panel(phone: Phone, url: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """The entry panel as the phone's own render, with every kind taken as not shared."""
    with monkeypatch.context() as patched:
        patched.setattr(EntryKind, "shared", property(lambda _k: False, lambda _k, _v: None))
        return panel_of(phone.get(url).get_data(as_text=True))


@pytest.mark.parametrize("language", ["en", "it"])
def test_every_kind_declared_shared_reads_as_each_phone_own_render(
    tmp_path: Path, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path)
    ann, bob = Phone(app), Phone(app)
    match_id = table(ann, bob, names=["Ann", "Bob", "Cy"])
    ann.enter_heads(match_id, [3, 0, 7])
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        kinds = [k.key for k in seam_for(match.game).entry_kinds(replay(match)) if k.shared]
    assert kinds == ["heads", "cards"]
    for phone in (ann, bob):
        phone.get(f"/lang/{language}")
    for kind in kinds:
        url = f"/m/{match_id}?entry={kind}"
        for phone in (ann, bob, ann):
            shared = panel_of(phone.get(url).get_data(as_text=True))
            assert shared == panel_of(fresh_page(app, phone, url))
            assert shared == private_panel(phone, url, monkeypatch)


def test_a_key_asked_for_outside_a_fragment_is_never_a_hole(csrf_app: Flask) -> None:
    assert "\x00" not in one_time_key()  # no app at all: a script, the bench's host
    with csrf_app.test_request_context("/"):
        assert "\x00" not in one_time_key()
        with holes():
            assert one_time_key() == KEY_HOLE
            assert generate_csrf() == CSRF_HOLE
        assert "\x00" not in one_time_key() and "\x00" not in generate_csrf()
