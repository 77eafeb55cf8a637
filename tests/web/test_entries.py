"""Writing to the log: heads and cards rounds, stale forms, double taps, and the fragments an entry
answers with. A round must be stored exactly once, however many phones or taps send it."""

from __future__ import annotations

import pytest

from companion.models import Entry

from ..conftest import Phone, count
from .helpers import (
    cards_form,
    enter_cards,
    entries,
    match_row,
    parse,
    table,
    text_of,
    top_elements,
)


def totals(phone: Phone, match_id: int) -> list[str]:
    """The totals row of the scoreboard as this phone sees it."""
    page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True))
    row = page.by_id("scoreboard").find("tr", class_="totals")
    assert row is not None
    return [td.text() for td in row.find_all("td")]


def test_a_heads_round_is_stored_as_the_round_move(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, names=["Ann", "Bob", "Cy"])
    response = phone.enter_heads(match_id, [3, 0, 11])
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/m/{match_id}#scoreboard")
    log = entries(phone.app, match_id)
    assert [e["move"] for e in log] == [{"type": "round", "heads": [3, 0, 11]}]
    assert log[0]["seat"] == 0
    assert totals(other, match_id) == ["3", "0", "11"]


@pytest.mark.parametrize(
    ("cards", "heads"),
    [
        (["55", "10"], [7, 3]),
        (["11 22", "5 15"], [10, 4]),
        (["1 2 3", ""], [3, 0]),
        (["55, 66; 100", "104"], [7 + 5 + 3, 1]),
    ],
)
def test_a_cards_round_counts_the_heads_from_the_card_numbers(
    phone: Phone, other: Phone, cards: list[str], heads: list[int]
) -> None:
    match_id = table(phone, other)
    response = enter_cards(phone, match_id, cards)
    assert response.status_code == 303, text_of(response)
    (stored,) = entries(phone.app, match_id)
    assert stored["move"]["type"] == "round"
    assert [sum(1 for _ in c) for c in stored["move"]["cards"]] == [
        len(c.replace(",", " ").replace(";", " ").split()) for c in cards
    ]
    assert totals(phone, match_id) == [str(h) for h in heads]


def test_two_phones_enter_the_same_round_one_wins_the_other_is_told(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    form_a = phone.entry_form(match_id)
    form_b = other.entry_form(match_id)
    assert phone.enter_heads(match_id, [3, 13], form=form_a).status_code == 303
    response = other.enter_heads(match_id, [4, 14], form=form_b)
    assert response.status_code == 200
    assert count(phone.app, Entry) == 1
    assert [e["move"]["heads"] for e in entries(phone.app, match_id)] == [[3, 13]]
    page = parse(response.get_data(as_text=True))
    notice = page.find(class_="notice")
    assert notice is not None and "Ann" in notice.text(), "the notice names who entered first"
    totals_row = page.by_id("scoreboard").find("tr", class_="totals")
    assert totals_row is not None and totals_row.text().split()[-2:] == ["3", "13"]
    # B's form is fresh again: entering now works.
    assert other.enter_heads(match_id, [4, 14]).status_code == 303
    assert count(phone.app, Entry) == 2


def test_stale_htmx_entry_gets_the_notice_and_the_fresh_sheet_fragments(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    form_b = other.entry_form(match_id)
    phone.enter_heads(match_id, [3, 13])
    response = other.enter_heads(match_id, [4, 14], hx=True, form=form_b)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<html" not in html
    first = top_elements(html)[0]
    assert first.attrs["id"] == "entry"
    assert "Ann" in first.find(class_="notice").text()  # type: ignore[union-attr]
    board = parse(html).by_id("scoreboard")
    assert board.attrs.get("hx-swap-oob") == "true"
    assert "13" in board.text()
    new_version = str(match_row(phone.app, match_id)["version"])
    version_input = first.find("input", name="heads-version")
    assert version_input is not None and version_input.attrs["value"] == new_version
    assert count(phone.app, Entry) == 1
    fresh = {i.attrs["name"]: i.attrs.get("value") for i in first.find_all("input")}
    boxes = (fresh.get("heads-seat0") or "", fresh.get("heads-seat1") or "")
    assert boxes == ("", ""), "typed for round 1: not offered as round 2's"
    notice = first.find(class_="notice")
    assert notice is not None and notice.attrs.get("data-kept") is None
    assert "What you had typed: Round: Ann 4 · Bob 14." in notice.text()
    again = {k: v or "" for k, v in fresh.items() if k.startswith("heads-")}
    again.update({"heads-seat0": "4", "heads-seat1": "14"})
    assert other.post(f"/m/{match_id}/entry/heads", again, hx=True).status_code == 200
    assert count(phone.app, Entry) == 2, "entered again as the next round"


def test_a_double_tap_stores_one_entry_and_both_answers_are_ok(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    form = phone.entry_form(match_id)
    first = phone.enter_heads(match_id, [3, 13], form=form)
    second = phone.enter_heads(match_id, [3, 13], form=form)
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"]
    assert count(phone.app, Entry) == 1
    first_hx = phone.enter_heads(match_id, [1, 1], hx=True)
    form = phone.entry_form(match_id)
    a = phone.enter_heads(match_id, [2, 2], hx=True, form=form)
    b = phone.enter_heads(match_id, [2, 2], hx=True, form=form)
    assert first_hx.status_code == a.status_code == b.status_code == 200
    assert "notice" not in b.get_data(as_text=True).split('id="scoreboard"')[0]
    assert count(phone.app, Entry) == 3


def test_the_same_key_from_another_phone_still_stores_one_entry(phone: Phone, other: Phone) -> None:
    """A retried request (lost answer, second tap from the history) never doubles an entry."""
    match_id = table(phone, other)
    form = phone.entry_form(match_id)
    phone.enter_heads(match_id, [3, 13], form=form)
    other.enter_heads(match_id, [3, 13], form=form)
    assert count(phone.app, Entry) == 1


def test_a_seat_claim_between_render_and_submit_does_not_make_the_form_stale(
    phone: Phone, other: Phone
) -> None:
    match_id = phone.new_match(["Ann", "Bob", "Cy"])
    phone.claim(match_id, 0)
    form = phone.entry_form(match_id)
    before = match_row(phone.app, match_id)["version"]
    other.join(match_id)
    other.claim(match_id, 1)
    phone.post(f"/m/{match_id}/host/lock", {"locked": "1"})
    assert match_row(phone.app, match_id)["version"] > before
    response = phone.enter_heads(match_id, [1, 2, 3], form=form)
    assert response.status_code == 303, text_of(response)
    assert count(phone.app, Entry) == 1


def test_htmx_entry_answers_with_the_entry_fragment_and_oob_scoreboard_and_log(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    response = phone.enter_heads(match_id, [3, 13], hx=True)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<html" not in html
    tops = top_elements(html)
    assert tops[0].attrs["id"] == "entry" and "hx-swap-oob" not in tops[0].attrs
    oob = {t.attrs["id"]: t for t in tops[1:] if t.attrs.get("hx-swap-oob") == "true"}
    assert {"scoreboard", "log"} <= set(oob)
    assert "13" in oob["scoreboard"].text()
    assert "#1" in oob["log"].text()
    # The new form is for the next round, at the new version, with a new key.
    form = tops[0].find("form")
    assert form is not None and "Round 2" in form.text()
    version = form.find("input", name="heads-version")
    assert version is not None
    assert version.attrs["value"] == str(match_row(phone.app, match_id)["version"])


def test_htmx_cards_entry_answers_with_fragments(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    response = enter_cards(phone, match_id, ["55", "10"], hx=True, form=cards_form(phone, match_id))
    tops = top_elements(response.get_data(as_text=True))
    assert tops[0].attrs["id"] == "entry"
    assert tops[0].find("form", action=f"/m/{match_id}/entry/cards") is not None
    assert "7" in parse(response.get_data(as_text=True)).by_id("scoreboard").text()


def test_the_log_attributes_each_entry(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    other.enter_heads(match_id, [3, 13])
    log = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("log")
    assert "from Bob's phone" in log.text()
    assert "Ann 3" in log.text() and "Bob 13" in log.text()


def test_an_entry_is_stamped_with_the_version_it_created(phone: Phone, other: Phone) -> None:
    """A form rendered right after an entry, then a seat claim, is still fresh for the next
    round: the entry's version is the match version it made, not one more."""
    from companion.extensions import db
    from companion.models import Entry, Match

    match_id = phone.new_match(["Ann", "Bob"])
    phone.claim(match_id, 0)
    phone.enter_heads(match_id, [1, 2])
    with phone.app.app_context():
        match = db.session.get(Match, match_id)
        entry = db.session.execute(db.select(Entry).filter_by(match_id=match_id)).scalar_one()
        assert match is not None and entry.version == match.version
    form = phone.entry_form(match_id)
    other.join(match_id)
    other.claim(match_id, 1)
    assert phone.enter_heads(match_id, [3, 4], form=form).status_code == 303
    assert count(phone.app, Entry) == 2


def test_the_round_that_ends_the_match_sent_again_is_answered_as_saved(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    form = phone.entry_form(match_id)
    form.update({"heads-seat0": "70", "heads-seat1": "2"})
    assert phone.post(f"/m/{match_id}/entry/heads", form, hx=True).status_code == 200
    assert match_row(phone.app, match_id)["status"] == "finished"
    # Its answer was lost on the way: the outbox sends the same tap again.
    again = parse(phone.post(f"/m/{match_id}/entry/heads", form, hx=True).get_data(as_text=True))
    assert "The match is over" not in again.text() and not again.find_all(class_="error")
    assert "Winner: Bob" in again.by_id("scoreboard").text()
    assert len(entries(phone.app, match_id)) == 1
