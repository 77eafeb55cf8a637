"""A changed poll's answer is rendered once per version and shared by the phones of a table that
would read the same (:mod:`companion.views.shared_poll`): every phone gets the same bytes,
compressed once, which read as the phone's own render would apart from what no other phone may
be given: the forms' token and keys are empty (the page sends its token in a header and its
script makes a key per form) and the seat is not in it (the page's seats panel says it). Its
forms work when sent as the page sends them; answers that differ per phone are never shared."""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask_compress import flask_compress

from companion.caches import Kept
from companion.fragments import EXTENSION as FRAGMENTS
from companion.views import shared_poll
from companion.views.shared_poll import EXTENSION, answers

from ..bench.browser import ACCEPT, TokenPhone, body_of, text_of
from ..conftest import Phone, make_app
from .helpers import parse
from .nuota_helpers import start as start_nuota
from .nuota_helpers import totals
from .test_fragments import comparable
from .test_shared_entry import panel_fields, version_of


def own_render(app: Flask, phone: Phone, url: str) -> str:
    """The phone's answer rendered with nothing shared (both caches empty for that request)."""
    warm = {name: app.extensions[name] for name in (EXTENSION, FRAGMENTS)}
    app.extensions.update({name: Kept(8) for name in warm})
    try:
        return str(phone.get(url, hx=True).get_data(as_text=True))
    finally:
        app.extensions.update(warm)


def poll(phone: Phone, url: str) -> str:
    html = str(phone.get(url, hx=True).get_data(as_text=True))
    assert "\x00" not in html, "a hole was sent"
    return html


def seated_four(app: Flask, make: type[Phone] = Phone) -> tuple[Phone, Phone, Phone, Phone, int]:
    """Ann (host, seat 0), Bob (seat 1), Cy (seat 2) and Dee (joined, no seat) at 6 nimmt!,
    one round played (a poll from an empty log sends the whole log, not new lines)."""
    ann, bob, cy, dee = (make(app) for _ in range(4))
    match_id = ann.new_match(["Ann", "Bob", "Cy"])
    for phone in (bob, cy, dee):
        phone.join(match_id)
    for seat, phone in enumerate((ann, bob, cy)):
        phone.claim(match_id, seat)
    ann.enter_heads(match_id, [1, 2, 3])
    return ann, bob, cy, dee, match_id


def you(html: str) -> str | None:
    found = re.search(r'data-you="([^"]*)"', html)
    return found.group(1) if found else None


FORM = re.compile(r"<form\b[^>]*>")


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("panel", ["&entry=heads", "&entry=cards", "", "&entry=heads&log=all"])
def test_each_phone_copy_reads_as_its_own_render(tmp_path: Path, language: str, panel: str) -> None:
    app = make_app(tmp_path)
    ann, bob, cy, dee, match_id = seated_four(app)
    for phone in (ann, bob, cy, dee):
        phone.get(f"/lang/{language}")
    known = version_of(bob, match_id)
    ann.enter_heads(match_id, [3, 0, 7])
    url = f"/m/{match_id}/live?v={known}{panel}"
    kept = answers(app)
    bob_answer = poll(bob, url)  # the first phone of the version: rendered and kept
    hits = kept.hits
    cy_answer = poll(cy, url)
    assert kept.hits == hits + 2, "Cy reads what Bob read: the kept answer is shared"
    assert cy_answer == bob_answer, "every phone it fits gets the same bytes"
    dee_answer = poll(dee, url)  # no seat: may not write, an answer of its own
    for phone, answer in ((bob, bob_answer), (cy, cy_answer), (dee, dee_answer)):
        assert you(answer) is None, "the seat is the seats panel's, never in a poll's answer"
        assert comparable(answer) == comparable(own_render(app, phone, url))
    assert parse(cy_answer).by_id("log-2") is not None, "the new line is in the copy"
    for form in FORM.findall(cy_answer):  # an empty token is only ever sent by htmx, with its own
        assert "hx-post=" in form, f"a form the page would send without its token: {form}"
    keys = re.findall(r'name="(?:[a-z]+-)?idem"[^>]*value="([^"]*)"', cy_answer)
    assert set(keys) <= {""}, "a key in bytes every phone gets"
    if "entry=heads" in panel:
        assert panel_fields(cy_answer)["heads-idem"] == ""


def test_a_line_made_by_this_phone_asks_no_confirmation_in_its_copy(app: Flask) -> None:
    ann, bob, cy, _, match_id = seated_four(app)
    known = version_of(bob, match_id)
    bob.enter_heads(match_id, [3, 0, 7])
    url = f"/m/{match_id}/live?v={known}&entry=heads"
    confirm = "Bob's phone made this entry"
    assert confirm in poll(ann, url)
    cy_answer = poll(cy, url)
    assert confirm in cy_answer
    bob_answer = poll(bob, url)  # Bob's own line: his undo needs no confirmation
    assert confirm not in bob_answer
    assert comparable(bob_answer) == comparable(own_render(app, bob, url))
    assert comparable(cy_answer) == comparable(own_render(app, cy, url))


def test_a_copy_sent_as_the_page_sends_it_is_stored_once(csrf_app: Flask) -> None:
    """The page sends its own token in a header and gives the form a key when first sent: the
    round is stored, a second tap with that key stores nothing more, and without the token
    nothing is stored."""
    ann, bob, cy, _, match_id = seated_four(csrf_app, TokenPhone)
    known = version_of(bob, match_id)
    ann.enter_heads(match_id, [3, 0, 7])
    url = f"/m/{match_id}/live?v={known}&entry=heads"
    poll(bob, url)
    cy_fields = panel_fields(poll(cy, url))
    assert cy_fields["heads-csrf_token"] == "" and cy_fields["heads-idem"] == ""
    sent = {**cy_fields, "heads-seat0": "1", "heads-seat1": "2", "heads-seat2": "0"}
    entry = f"/m/{match_id}/entry/heads"
    refused = Phone.post(cy, entry, {**sent, "heads-idem": "k" * 22}, hx=True)  # no token at all
    assert refused.status_code == 400
    assert version_of(cy, match_id) == cy_fields["heads-version"]
    sent["heads-idem"] = "a-key-the-page-made-00"
    for _tap in range(2):
        answer = cy.post(entry, sent, hx=True)  # the page's token, in X-CSRFToken
        assert answer.status_code == 200
        assert int(version_of(cy, match_id)) == int(cy_fields["heads-version"]) + 1


def test_phones_of_a_table_get_one_compression_of_a_shared_answer(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Phones the kept answer fits get its bytes compressed once per encoding; other answers
    are compressed each time, as before."""
    ann, bob, cy, _dee, match_id = seated_four(app)
    known = version_of(bob, match_id)
    ann.enter_heads(match_id, [3, 0, 7])
    url = f"/m/{match_id}/live?v={known}&entry=heads"
    real = flask_compress._compress_data
    compressed: list[str] = []

    def counted(app_: Flask, data: bytes, algorithm: str) -> bytes:
        compressed.append(algorithm)
        return bytes(real(app_, data, algorithm))

    monkeypatch.setattr(flask_compress, "_compress_data", counted)
    sent = [bob.get(url, hx=True, headers=ACCEPT), cy.get(url, hx=True, headers=ACCEPT)]
    assert compressed == ["br"], "the second phone's copy is the first one's bytes"
    assert [answer.headers["Content-Encoding"] for answer in sent] == ["br", "br"]
    assert body_of(sent[0]) == body_of(sent[1])
    gzip = cy.get(url, hx=True, headers={"Accept-Encoding": "gzip"})
    assert compressed == ["br", "gzip"] and gzip.headers["Content-Encoding"] == "gzip"
    assert text_of(gzip) == text_of(sent[0])
    page = bob.get(f"/m/{match_id}", headers=ACCEPT)  # an untagged answer: compressed each time
    bob.get(f"/m/{match_id}", headers=ACCEPT)
    assert compressed == ["br", "gzip", "br", "br"] and page.status_code == 200


def test_an_answer_that_brings_seats_is_never_kept(app: Flask) -> None:
    ann, bob, cy, dee, match_id = seated_four(app)
    known = version_of(dee, match_id)
    assert bob.post(f"/m/{match_id}/seat/leave", {"confirm": "1"}).status_code == 303
    assert version_of(dee, match_id) != known, "leaving a seat makes a new version"
    url = f"/m/{match_id}/live?v={known}&entry=heads"
    for phone in (ann, cy, dee):
        assert 'id="seats"' in poll(phone, url)
    assert len(answers(app)) == 0


def test_an_entry_kind_not_declared_shared_keeps_its_panel_per_phone(app: Flask) -> None:
    ann, bob = Phone(app), Phone(app)
    match_id = start_nuota(ann, ["Ann", "Bob", "Cy"])
    ann.claim(match_id, 0)
    bob.join(match_id)
    bob.claim(match_id, 1)
    assert totals(ann, match_id, {0: 16, 1: 13, 2: 9}).status_code == 303
    known = version_of(bob, match_id)
    assert totals(ann, match_id, {0: 13, 1: 16, 2: 9}).status_code == 303
    with_panel = f"/m/{match_id}/live?v={known}&entry=totals"
    assert comparable(poll(bob, with_panel)) == comparable(own_render(app, bob, with_panel))
    assert len(answers(app)) == 0
    without = f"/m/{match_id}/live?v={known}"
    assert comparable(poll(ann, without)) == comparable(own_render(app, ann, without))
    assert comparable(poll(bob, without)) == comparable(own_render(app, bob, without))
    assert len(answers(app)) > 0, "the scoreboard and log alone are shared"


def test_phones_that_ask_at_once_wait_for_the_first_phones_render(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rung together, the phones of a table ask at once; in one worker, only the first renders."""
    ann, bob, cy, _dee, match_id = seated_four(app)
    known = version_of(bob, match_id)
    ann.enter_heads(match_id, [3, 0, 7])
    url = f"/m/{match_id}/live?v={known}&entry=heads"
    begun, go = threading.Event(), threading.Event()
    rendered: list[str] = []
    real = shared_poll.render_template

    def held(*args: Any, **kwargs: Any) -> str:
        rendered.append(args[0])
        begun.set()
        assert go.wait(30), "the test never let the first render finish"
        return str(real(*args, **kwargs))

    monkeypatch.setattr(shared_poll, "render_template", held)
    monkeypatch.setattr(shared_poll, "WAIT_SECONDS", 30.0)
    got: dict[str, str] = {}
    bob_asks = threading.Thread(target=lambda: got.update(bob=poll(bob, url)))
    bob_asks.start()
    assert begun.wait(30), "Bob's poll did not render"
    cy_asks = threading.Thread(target=lambda: got.update(cy=poll(cy, url)))
    cy_asks.start()
    deadline = time.monotonic() + 30
    while app.extensions[shared_poll.RENDERS].waiting < 1:  # Cy waits for Bob's render
        assert time.monotonic() < deadline, "Cy's poll did not wait for Bob's render"
        time.sleep(0.01)
    go.set()
    bob_asks.join(30)
    cy_asks.join(30)
    assert rendered == [shared_poll.ANSWER], "one render for both phones"
    assert got["bob"] == got["cy"]
    monkeypatch.setattr(shared_poll, "render_template", real)
    assert comparable(got["cy"]) == comparable(own_render(app, cy, url))


def test_a_phone_in_another_language_gets_an_answer_in_its_own(app: Flask) -> None:
    """The language is in the kept answer's key."""
    ann, bob, cy, _dee, match_id = seated_four(app)
    known = version_of(bob, match_id)
    ann.enter_heads(match_id, [3, 0, 7])
    url = f"/m/{match_id}/live?v={known}&entry=heads"
    english = poll(bob, url)
    cy.get("/lang/de")
    german = poll(cy, url)
    assert "Save round 3" in english and "Runde 3 speichern" in german
    assert german == poll(cy, url), "the German answer is kept for German phones in its turn"


def test_a_page_older_than_its_script_gets_forms_with_its_own_token_and_key(
    csrf_app: Flask,
) -> None:
    """A sheet opened before an upgrade runs the old script, which neither sends its token in a
    header nor fills in empty keys: it never gets the table's answer, only its own."""
    ann, bob, cy, _, match_id = seated_four(csrf_app, TokenPhone)
    known = version_of(bob, match_id)
    ann.enter_heads(match_id, [3, 0, 7])
    url = f"/m/{match_id}/live?v={known}&entry=heads"
    poll(bob, url)
    hits = answers(csrf_app).hits
    older = {"X-Own-Keys": ""}
    answer = str(cy.get(url, hx=True, headers=older).get_data(as_text=True))
    assert answers(csrf_app).hits == hits, "the kept answer is not the older page's"
    fields = panel_fields(answer)
    assert fields["heads-csrf_token"] and fields["heads-idem"]
    assert comparable(answer) == comparable(poll(bob, url))
