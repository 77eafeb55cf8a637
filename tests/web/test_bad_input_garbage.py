"""Garbage sent to any form or URL never answers 500: odd values, absurd numbers and random
posts all get a proper answer, so no input can crash the server."""

from __future__ import annotations

import pytest
from flask import Flask
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ..conftest import Phone, code_of
from .bad_input_helpers import messages
from .helpers import group_of, snapshot, table
from .helpers import quick_qr as quick_qr  # a fixture, used through usefixtures

GARBAGE = [
    "",
    " ",
    "-1",
    "0",
    "1.5",
    "1e9",
    "99999999999999999999999999",
    "abc",
    "null",
    "[]",
    '{"a": 1}',
    "%s %d %(x)s",
    "{{ 7*7 }}",
    "<script>alert(1)</script>",
    "'; DROP TABLE matches; --",
    "\x00",
    "a\x00b",
    "\u202e\u200b",
    "①²³",
    "💥" * 50,
    "x" * 5000,
]


ENDPOINTS = {
    "/new/sixnimmt": ["p0", "p1", "p2", "variant", "end", "limit", "rounds", "group",
                      "group_name"],
    "/j": ["code"],
    "/m/{id}/entry/heads": ["heads-seat0", "heads-seat1", "heads-version", "heads-idem"],
    "/m/{id}/entry/cards": ["cards-seat0", "cards-seat1", "cards-version", "cards-idem"],
    "/m/{id}/undo/1": ["version", "idem"],
    "/m/{id}/undo/2147483648": ["version", "idem"],
    "/m/{id}/seat": ["seat"],
    "/m/{id}/host/lock": ["locked"],
    "/m/{id}/host/rotate": ["code"],
    "/m/{id}/host/handover": ["seat"],
    "/m/{id}/rematch": ["seat"],
    "/g/{group}": ["name"],
    "/m/{id}/host/end": ["seat"],
    "/m/{id}/host/abandon": ["seat"],
}  # fmt: skip


# No known 500s: every garbage value on every endpoint must get a proper answer.
KNOWN_500: set[tuple[str, str]] = set()


@pytest.mark.usefixtures("quick_qr")
@pytest.mark.parametrize("endpoint", list(ENDPOINTS))
def test_garbage_posts_never_answer_500(
    app: Flask, phone: Phone, other: Phone, endpoint: str
) -> None:
    match_id = table(phone, other)
    phone.enter_heads(match_id, [1, 2])
    url = endpoint.format(id=match_id, group=group_of(app, match_id))
    names = ENDPOINTS[endpoint]
    failures = []
    for n, value in enumerate(GARBAGE):
        if (endpoint, value) in KNOWN_500:
            continue
        # Every field garbage from the host's phone, one field from the other (seated) phone.
        for who, data in ((phone, dict.fromkeys(names, value)), (other, {names[-1]: value})):
            response = who.post(url, data, hx=bool(n % 2))
            if response.status_code >= 500:
                failures.append((repr(value), sorted(data), response.status_code))
    assert not failures, (url, failures)


@pytest.mark.parametrize("action", ["seat", "host/handover"])
def test_a_seat_number_in_digit_lookalikes_is_400(app: Flask, phone: Phone, action: str) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    before = snapshot(app)
    assert phone.post(f"/m/{match_id}/{action}", {"seat": "²"}).status_code == 400
    assert snapshot(app) == before


HUGE = "9" * 27


@pytest.mark.parametrize(
    ("path", "data"),
    [
        pytest.param("entry/heads", {"heads-version": HUGE}, id="entry+"),
        pytest.param("entry/heads", {"heads-version": "-" + HUGE}, id="entry-"),
        pytest.param("undo/1", {"version": HUGE}, id="undo"),
        pytest.param("host/handover", {"seat": HUGE}, id="handover"),
        pytest.param("entry/heads", {"heads-version": "0"}, id="entry-0"),
        pytest.param("entry/heads", {"heads-version": "-1"}, id="entry-neg"),
        pytest.param("entry/heads", {"heads-version": "abc"}, id="entry-abc"),
        pytest.param("entry/heads", {"heads-version": ""}, id="entry-empty"),
        pytest.param("undo/1", {"version": "-1"}, id="undo-neg"),
        pytest.param("seat", {"seat": HUGE}, id="seat"),
    ],
)  # fmt: skip
def test_absurd_numbers_are_refused_not_500(
    app: Flask, phone: Phone, other: Phone, path: str, data: dict[str, str]
) -> None:
    match_id = table(phone, other)
    phone.enter_heads(match_id, [1, 2])
    fields = {"heads-seat0": "3", "heads-seat1": "4", "heads-idem": "absurd", "idem": "absurd",
              **data}  # fmt: skip
    response = phone.post(f"/m/{match_id}/{path}", fields)
    assert response.status_code in (200, 303, 400), response.status_code


@pytest.mark.parametrize(
    "path",
    [
        "/m/{id}?entry={g}",
        "/m/{id}/live?v={g}",
        "/m/{id}/entry?entry={g}",
        "/j/{g}",
        "/j/{g}?k={g}",
        "/new?group={g}",
        "/new/sixnimmt?group={g}",
        "/lang/{g}?next={g}",
        "/v/{id}/{g}",
        "/g/{group}?page={g}",
        "/g/{group}?before={g}&after={g}",
    ],
)  # fmt: skip
@pytest.mark.usefixtures("quick_qr")
def test_garbage_in_urls_never_answers_500(app: Flask, phone: Phone, path: str) -> None:
    from urllib.parse import quote

    match_id = phone.new_match(["Ann", "Bob"])
    group_id = group_of(app, match_id)
    failures = []
    for value in GARBAGE:
        url = path.format(id=match_id, group=group_id, g=quote(value, safe="") or "x")
        response = phone.get(url, hx="{id}" in path and "?" in path)
        if response.status_code >= 500:
            failures.append((url[:80], response.status_code))
    assert not failures


def test_a_qr_link_with_a_non_ascii_token_is_404(app: Flask, phone: Phone, other: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    response = other.get(f"/j/{code_of(app, match_id)}?k=%C3%A9t%C3%A9")
    assert response.status_code == 404
    assert "not valid" in messages(response)


FIELD_NAMES = st.sampled_from(
    sorted({name for names in ENDPOINTS.values() for name in names} | {"csrf_token", "k", "v"})
)
VALUES = st.one_of(
    st.text(max_size=30),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.sampled_from(GARBAGE),
)


@pytest.mark.usefixtures("quick_qr")
@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    endpoint=st.sampled_from(sorted(ENDPOINTS)),
    form=st.dictionaries(FIELD_NAMES | st.text(min_size=1, max_size=8), VALUES, max_size=6),
    hx=st.booleans(),
)
@example(endpoint="/m/{id}/entry/heads", form={"heads-version": "-99999999999999999999"}, hx=False)
@example(endpoint="/m/{id}/entry/cards", form={"cards-idem": "k" * 200}, hx=True)
def test_random_posts_never_answer_500(
    app: Flask, phone: Phone, endpoint: str, form: dict[str, str], hx: bool
) -> None:
    match_id = first_match(app) or phone.new_match(["Ann", "Bob"])
    url = endpoint.format(id=match_id, group=group_of(app, match_id))
    response = phone.post(url, form, hx=hx)
    assert response.status_code < 500, (url, form, response.status_code)


def first_match(app: Flask) -> int | None:
    """The match an earlier example created (hypothesis reuses the app between examples)."""
    from companion.extensions import db
    from companion.models import Match

    with app.app_context():
        return db.session.execute(db.select(db.func.min(Match.id))).scalar()
