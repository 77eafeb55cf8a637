"""Bad input: a clear message in place and nothing changed; nothing ever answers 500."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ..conftest import Phone, code_of
from .helpers import (
    enter_cards,
    group_of,
    join_link,
    match_row,
    parse,
    snapshot,
    table,
)
from .helpers import quick_qr as quick_qr  # a fixture, used through usefixtures

NEW_MATCH_DEFAULTS = {"variant": "base", "end": "gt66", "group": "new"}


def messages(response: Any) -> str:
    """The error messages a page shows: alerts and the messages next to fields."""
    page = parse(response.get_data(as_text=True))
    found = page.find_all(role="alert") + page.find_all(class_="field-error")
    return " | ".join(node.text() for node in found)


def players(*names: str) -> dict[str, str]:
    return {f"p{i}": name for i, name in enumerate(names)}


NEW_MATCH_CASES = [
    pytest.param({}, "is for 2 to 10 players", id="no-names"),
    pytest.param(players("", "  ", ""), "is for 2 to 10 players", id="blank-names"),
    pytest.param(players("Ann"), "is for 2 to 10 players", id="one-player"),
    pytest.param(
        {"me": "0"}, "is for 2 to 10 players", id="no-names-with-this-phone-marked"
    ),  # the count, not "the player marked this phone has no name"
    pytest.param(
        players("Ann", "Ann"),
        "instance. | Same name as player 2. | Same name as player 1.",
        id="duplicate-names",
    ),
    pytest.param(
        players("Ann", "Bob", "aNN"),
        "Same name as player 3. | Same name as player 1.",
        id="duplicate-differing-in-case",
    ),
    pytest.param(players("Ann", "  Ann "), "both called “Ann”", id="duplicate-with-spaces"),
    pytest.param(players("A" * 41, "Bob"), "40 characters", id="name-over-40"),
    pytest.param(
        {**players(*"ABCDEFG"), "variant": "pro"}, "2 to 6 players", id="pro-with-7-players"
    ),
    pytest.param(
        {**players("Ann", "Bob"), "end": "limit"},
        "Enter the heads limit",
        id="limit-without-limit",
    ),
    pytest.param(
        {**players("Ann", "Bob"), "end": "rounds"},
        "Enter the number of rounds",
        id="rounds-without-rounds",
    ),
    pytest.param(
        {**players("Ann", "Bob"), "end": "gt66", "limit": "10"},
        "Choose this option to use the number",
        id="limit-typed-beside-another-end",
    ),
    pytest.param(
        {**players("Ann", "Bob"), "end": "limit", "limit": "80", "rounds": "3"},
        "Choose this option to use the number",
        id="rounds-typed-beside-the-limit",
    ),
    pytest.param(
        {**players("Ann", "Bob"), "end": "rounds", "rounds": "0"},
        "Between 1 and 100",
        id="rounds-0",
    ),
    pytest.param(
        {**players("Ann", "Bob"), "end": "rounds", "rounds": "101"},
        "Between 1 and 100",
        id="rounds-101",
    ),
    pytest.param(
        {**players("Ann", "Bob"), "end": "limit", "limit": "-5"},
        "Between 1 and 1000",
        id="limit-neg",
    ),
    pytest.param(
        {**players("Ann", "Bob"), "end": "limit", "limit": "abc"},
        "Type a whole number",
        id="limit-not-a-number",
    ),
    pytest.param(
        {**players("Ann", "Bob"), "end": "limit", "limit": "1.5"},
        "Type a whole number",
        id="limit-fraction",
    ),
    pytest.param({**players("Ann", "Bob"), "variant": "turbo"}, "Not a valid choice", id="variant"),
    pytest.param({**players("Ann", "Bob"), "end": "never"}, "Not a valid choice", id="end-value"),
    pytest.param({**players("Ann", "Bob"), "group": "12345"}, "Not a valid choice", id="group"),
    pytest.param(
        {**players("Ann", "Bob"), "group_name": "G" * 61}, "60 characters", id="group-name-long"
    ),
]


@pytest.mark.parametrize(("fields", "message"), NEW_MATCH_CASES)
def test_new_match_refuses_bad_input(
    app: Flask, phone: Phone, fields: dict[str, str], message: str
) -> None:
    phone.get("/new/sixnimmt")
    before = snapshot(app)
    response = phone.post("/new/sixnimmt", {**NEW_MATCH_DEFAULTS, **fields})
    assert response.status_code == 200
    assert message in messages(response), messages(response)
    assert snapshot(app) == before
    form = parse(response.get_data(as_text=True)).find("form", id="new-match")
    assert form is not None, "the form comes back in place"
    if fields.get("p0"):
        box = form.find("input", name="p0")
        assert box is not None and box.attrs.get("value") == fields["p0"], "typed names are kept"


def test_new_match_for_a_group_of_another_device_is_refused(
    app: Flask, phone: Phone, other: Phone
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    group_id = group_of(app, match_id)
    other.get("/")
    before = snapshot(app)
    response = other.post("/new/sixnimmt", {**NEW_MATCH_DEFAULTS, **players("Eve", "Mal"),
                                            "group": str(group_id)})  # fmt: skip
    assert response.status_code == 200 and "Not a valid choice" in messages(response)
    assert snapshot(app) == before


HEADS_CASES = [
    pytest.param(["", "3"], "Enter a number for every player", id="empty"),
    pytest.param(["  ", "3"], "Not a valid integer", id="blank"),
    pytest.param(["-1", "3"], "Bull heads cannot be negative.", id="negative"),
    pytest.param(["abc", "3"], "Type a whole number", id="abc"),
    pytest.param(["1.5", "3"], "Type a whole number", id="fraction"),
    pytest.param(["999", "3"], "At most 167", id="too-large"),
    pytest.param(["9" * 40, "3"], "At most 167", id="huge"),
    pytest.param(["100", "68"], "cannot give more than 167", id="over-167-in-total"),
    pytest.param(["0", "0"], "Someone takes a row in every round", id="nobody-took-anything"),
]


@pytest.mark.parametrize(("heads", "message"), HEADS_CASES)
@pytest.mark.parametrize("hx", [False, True], ids=["plain", "htmx"])
def test_heads_entry_refuses_bad_input(
    app: Flask, phone: Phone, other: Phone, heads: list[str], message: str, hx: bool
) -> None:
    match_id = table(phone, other)
    form = phone.entry_form(match_id)
    before = snapshot(app)
    response = phone.enter_heads(match_id, heads, hx=hx, form=form)  # type: ignore[arg-type]
    assert response.status_code == 200
    assert message in messages(response), messages(response)
    assert snapshot(app) == before
    html = response.get_data(as_text=True)
    assert ("<html" in html) is not hx
    typed = parse(html).find("input", name="heads-seat1")
    assert typed is not None and typed.attrs.get("value") == heads[1], (
        "the form keeps what was typed"
    )
    # The same form, corrected, still goes through: the refusal used nothing up.
    assert phone.enter_heads(match_id, [1, 2], form=form).status_code == 303


CARDS_CASES = [
    pytest.param(["0", "1"], "Card 0 does not exist", id="card-0"),
    pytest.param(["105", "1"], "Card 105 does not exist", id="card-105"),
    pytest.param(["5 5", "1"], "Card 5 is entered twice", id="same-card-twice"),
    pytest.param(["5", "5"], "Card 5 is entered twice", id="same-card-two-players"),
    pytest.param(
        [" ".join(map(str, range(1, 12))), " ".join(map(str, range(12, 22)))],
        "At most 20 cards",
        id="more-than-10n-cards",
    ),
    pytest.param(["abc", "1"], "is not a card number", id="abc"),
    pytest.param(["-3", "1"], "is not a card number", id="negative"),
    pytest.param(["1/5", "2"], "is not a card number", id="slash"),
    pytest.param(["1.5", "5"], "Card 5 is entered twice", id="dots-separate-cards"),
    pytest.param(["1" * 300, "2"], "is not a card number", id="huge"),
    pytest.param(["", " "], "Someone takes a row in every round", id="nobody-took-a-card"),
]


@pytest.mark.parametrize(("cards", "message"), CARDS_CASES)
def test_cards_entry_refuses_bad_input(
    app: Flask, phone: Phone, other: Phone, cards: list[str], message: str
) -> None:
    match_id = table(phone, other)
    before = snapshot(app)
    response = enter_cards(phone, match_id, cards)
    assert response.status_code == 200
    assert message in messages(response), messages(response)
    assert snapshot(app) == before


def test_every_mistake_of_a_cards_round_is_said_at_once_at_its_box(
    app: Flask, phone: Phone, other: Phone
) -> None:
    """A card typed twice, a card not in the deck and a word: the three at once, each at its
    box, not one per save."""
    match_id = phone.new_match(["Ann", "Bob", "Cy"])
    before = snapshot(app)
    response = enter_cards(phone, match_id, ["10 55", "55 105", "x"])
    page = parse(response.get_data(as_text=True))
    said = {i: page.find("input", name=f"cards-seat{i}") for i in range(3)}
    assert all(box is not None and box.attrs.get("aria-invalid") == "true" for box in said.values())
    text = messages(response)
    for message in ("Card 55 is entered twice", "Card 105 does not exist", "is not a card number"):
        assert message in text, text
    assert snapshot(app) == before


@pytest.mark.parametrize("card", ["²", "①", "5 ³"])
def test_cards_entry_refuses_digit_lookalikes(
    app: Flask, phone: Phone, other: Phone, card: str
) -> None:
    match_id = table(phone, other)
    before = snapshot(app)
    response = enter_cards(phone, match_id, [card, "1"])
    assert response.status_code == 200
    assert "is not a card number" in messages(response)
    assert snapshot(app) == before


def test_pro_variant_cards_stop_at_10n_plus_4(app: Flask, phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob", "Cy", "Dee"], variant="pro")
    before = snapshot(app)
    response = enter_cards(phone, match_id, ["45", "", "", ""])
    assert response.status_code == 200
    assert "Card 45 does not exist: cards go from 1 to 44" in messages(response)
    assert snapshot(app) == before
    assert enter_cards(phone, match_id, ["44", "", "", ""]).status_code == 303


@pytest.mark.parametrize("kind", ["heads", "cards"])
def test_entry_after_the_end_is_refused(app: Flask, phone: Phone, other: Phone, kind: str) -> None:
    match_id = table(phone, other, end="rounds", rounds="1")
    phone.enter_heads(match_id, [1, 2])
    assert match_row(app, match_id)["status"] == "finished"
    before = snapshot(app)
    version = str(match_row(app, match_id)["version"])
    data = {f"{kind}-version": version, f"{kind}-idem": "late", f"{kind}-seat0": "1",
            f"{kind}-seat1": "2"}  # fmt: skip
    for hx in (False, True):
        response = other.post(f"/m/{match_id}/entry/{kind}", data, hx=hx)
        assert response.status_code == 200
        assert "The match is over" in messages(response), messages(response)
    assert snapshot(app) == before


def test_entry_kind_that_does_not_exist_is_404(app: Flask, phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    before = snapshot(app)
    assert phone.post(f"/m/{match_id}/entry/points", {"points-seat0": "1"}).status_code == 404
    assert snapshot(app) == before


@pytest.mark.parametrize("seat", ["2", "99", "-1", "x", "1.0", " 1"])
def test_claiming_a_seat_that_does_not_exist_changes_nothing(
    app: Flask, phone: Phone, seat: str
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    before = snapshot(app)
    response = phone.post(f"/m/{match_id}/seat", {"seat": seat})
    assert response.status_code == 400
    assert snapshot(app) == before


@pytest.mark.parametrize(
    ("name", "message"),
    [("", "Enter a name"), ("   ", "Enter a name"), ("N" * 61, "60 characters")],
)
def test_renaming_the_group_refuses_bad_names(
    app: Flask, phone: Phone, name: str, message: str
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    group_id = group_of(app, match_id)
    before = snapshot(app)
    response = phone.post(f"/g/{group_id}", {"name": name})
    assert response.status_code == 200
    assert message in messages(response), messages(response)
    assert snapshot(app) == before


# --- codes -------------------------------------------------------------------------------------


def finished_code(phone: Phone) -> str:
    match_id = phone.new_match(["Cy", "Dee"], end="rounds", rounds="1")
    code = code_of(phone.app, match_id)
    phone.enter_heads(match_id, [1, 2])
    return code


CODE_CASES = [
    pytest.param(lambda code, phone: "ZZZZZZ", "No open match", id="unknown"),
    pytest.param(lambda code, phone: code[:5], "6 characters", id="too-short"),
    pytest.param(lambda code, phone: "", "6 characters", id="empty"),
    pytest.param(lambda code, phone: code + "Z", "6 characters", id="too-long"),
    pytest.param(lambda code, phone: "X" * 21, "20 characters", id="far-too-long"),
    pytest.param(lambda code, phone: finished_code(phone), "This match is over", id="finished"),
]


@pytest.mark.parametrize(("make", "message"), CODE_CASES)
def test_joining_with_a_bad_code_is_refused(
    app: Flask, phone: Phone, other: Phone, make: Any, message: str
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    typed = make(code_of(app, match_id), phone)
    other.get("/j")
    before = snapshot(app)
    response = other.post("/j", {"code": typed})
    assert response.status_code == 200
    assert message in messages(response), messages(response)
    assert snapshot(app) == before
    field = parse(response.get_data(as_text=True)).find("input", name="code")
    assert field is not None, "the code form comes back in place"


@pytest.mark.parametrize(
    "shape", [str.lower, lambda c: f" {c[:3]}-{c[3:]} ", lambda c: c[:3].lower() + c[3:]]
)
def test_a_code_typed_in_lower_case_or_with_spaces_is_accepted(
    phone: Phone, other: Phone, shape: Any
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    response = other.post("/j", {"code": shape(code_of(phone.app, match_id))})
    assert response.status_code == 303
    assert other.get(f"/m/{match_id}").status_code == 200


@pytest.mark.parametrize(
    ("make", "message"),
    [
        pytest.param(lambda link, code: "/j/ZZZZZZ" + link[9:], "No open match", id="unknown"),
        pytest.param(lambda link, code: "/j/ABC?k=1", "6 characters", id="too-short"),
        pytest.param(lambda link, code: link[:-1] + "x", "not valid", id="bad-token"),
    ],
)
def test_a_bad_qr_link_is_404_with_a_message(
    app: Flask, phone: Phone, other: Phone, make: Any, message: str
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    link = join_link(app, match_id)
    before = snapshot(app)
    response = other.get(make(link, code_of(app, match_id)))
    assert response.status_code == 404
    assert message in messages(response), messages(response)
    assert snapshot(app)["Membership"] == before["Membership"]


def test_a_qr_link_in_lower_case_is_accepted(phone: Phone, other: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    code = code_of(phone.app, match_id)
    link = join_link(phone.app, match_id).replace(code, code.lower())
    assert other.get(link).status_code == 303
    assert other.get(f"/m/{match_id}").status_code == 200


# --- garbage never answers 500 -----------------------------------------------------------------

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


# --- the user's language -----------------------------------------------------------------------


def test_a_refusal_comes_back_in_italian(phone: Phone) -> None:
    italian = {"Accept-Language": "it-IT,it;q=0.9"}
    response = phone.client.post("/j", data={"code": "ABC"}, headers=italian)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert '<html lang="it"' in html
    text = messages(response)
    assert text, "a message is shown"
    assert "A code has 6 characters" not in text
    assert "6" in text and ("caratteri" in text or "codice" in text.lower())


def test_a_refused_page_without_script_brings_its_first_refused_box_into_view(
    phone: Phone, other: Phone
) -> None:
    """Without JavaScript the refusal is a new page, which opens at its top: the first refused
    box says autofocus, so the browser scrolls to it (and only that one box does)."""
    match_id = table(phone, other)
    html = phone.enter_heads(match_id, ["-1", "abc"]).get_data(as_text=True)
    focused = parse(html).find_all("input", autofocus="")
    assert [i.attrs["name"] for i in focused] == ["heads-seat0"]
    fragment = phone.enter_heads(match_id, ["-1", "abc"], hx=True).get_data(as_text=True)
    assert not parse(fragment).find_all("input", autofocus=""), "htmx: app.js scrolls instead"
