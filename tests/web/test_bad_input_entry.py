"""Bad input in a 6 nimmt! round's heads or cards: every mistake said at its box, what was typed
kept, nothing stored, and the same form still good once corrected."""

from __future__ import annotations

import pytest
from flask import Flask

from ..conftest import Phone
from .bad_input_helpers import messages
from .helpers import enter_cards, match_row, parse, snapshot, table

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
