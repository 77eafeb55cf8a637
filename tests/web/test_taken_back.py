"""A round undone comes back in its form, as it was entered, so one correction saves it again:
6 nimmt!'s heads and cards, Auf der Pirsch's counts and picked cards (Nuota's totals and hands:
test_nuota_undo.py). Only while the undo is the newest entry: after anything else, the form opens
empty."""

from __future__ import annotations

import re
from html import unescape

from companion.models import Entry

from ..conftest import Phone, count, hidden_fields
from .helpers import parse, table, undo
from .pirsch_helpers import CLEAN_HUNT, dealt, enter_counts
from .pirsch_helpers import enter_cards as pick_cards
from .pirsch_helpers import start as start_pirsch

BACK = "Entry undone: its numbers are back in the boxes."


def sheet(phone: Phone, match_id: int, kind: str) -> str:
    """The sheet with the ``kind`` form open, entities decoded."""
    return unescape(phone.get(f"/m/{match_id}?entry={kind}").get_data(as_text=True))


def box(html: str, name: str) -> str | None:
    """The value a box of the page shows (None: the box is empty)."""
    found = parse(html).find("input", name=name)
    assert found is not None, name
    return found.attrs.get("value") or None


def test_an_undone_round_of_heads_comes_back_in_the_boxes(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, names=["Ann", "Bob", "Cy"])
    phone.enter_heads(match_id, [3, 0, 13])  # Cy's 13 should have been 12
    answer = unescape(undo(other, match_id, 1, hx=True).get_data(as_text=True))
    assert BACK in parse(answer).by_id("entry").text()  # the undo's answer opens it so
    page = sheet(phone, match_id, "heads")  # and every phone of the table
    assert BACK in page
    assert [box(page, f"heads-seat{i}") for i in range(3)] == ["3", "0", "13"]

    fields = {**hidden_fields(page, "heads"), "heads-seat0": "3", "heads-seat1": "0"}
    fields["heads-seat2"] = "12"  # the one correction
    assert phone.post(f"/m/{match_id}/entry/heads", fields).status_code == 303
    assert count(phone.app, Entry) == 3
    after = sheet(phone, match_id, "heads")
    assert BACK not in after
    assert [box(after, f"heads-seat{i}") for i in range(3)] == [None, None, None]


def test_an_undone_round_of_cards_comes_back_as_typed_numbers(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    fields = phone.entry_form(match_id, "cards")
    fields.update({"cards-seat0": "5.17 55", "cards-seat1": ""})
    assert phone.post(f"/m/{match_id}/entry/cards", fields).status_code == 303
    answer = unescape(undo(phone, match_id, 1, hx=True).get_data(as_text=True))
    panel = parse(answer).by_id("entry")  # the undo opens the form the round was typed in
    assert BACK in panel.text() and box(answer, "cards-seat0") == "5 17 55"
    page = sheet(other, match_id, "cards")
    assert BACK in page
    assert [box(page, "cards-seat0"), box(page, "cards-seat1")] == ["5 17 55", None]


def test_a_form_opens_empty_once_something_follows_the_undo(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    phone.enter_heads(match_id, [3, 13])
    phone.enter_heads(match_id, [1, 2])
    undo(other, match_id, 1)  # an older round: round 2 came after it
    assert BACK not in sheet(phone, match_id, "heads")
    undo(other, match_id, 2)
    phone.enter_heads(match_id, [4, 4])
    page = sheet(phone, match_id, "heads")
    assert BACK not in page and box(page, "heads-seat0") is None


def test_an_undone_hunt_comes_back_in_the_pirsch_grid(phone: Phone, other: Phone) -> None:
    match_id = start_pirsch(phone)
    assert enter_counts(phone, match_id, CLEAN_HUNT).status_code == 303
    undo(phone, match_id, 1)
    page = sheet(phone, match_id, "counts")
    assert BACK in page
    for seat, row in enumerate(CLEAN_HUNT):
        for animal in ("bear", "wolf", "boar", "mouflon"):
            shown = box(page, f"counts-s{seat}_{animal}")
            assert shown == (str(row[animal]) if animal in row else None), (seat, animal)
    assert re.search(r"Round 1 of 4", page)
    fields = hidden_fields(page, "counts")
    for seat, row in enumerate(CLEAN_HUNT):
        fields.update({f"counts-s{seat}_{a}": str(n) for a, n in row.items()})
    assert phone.post(f"/m/{match_id}/entry/counts", fields).status_code == 303
    assert BACK not in sheet(phone, match_id, "counts")


def test_an_undone_hunt_of_picked_cards_comes_back_ticked_in_the_picking_grid(phone: Phone) -> None:
    match_id = start_pirsch(phone, ["Ann", "Bob", "Cy"])
    hands = dealt(3)
    assert pick_cards(phone, match_id, hands).status_code == 303
    answer = unescape(undo(phone, match_id, 1, hx=True).get_data(as_text=True))
    ticked_back = "Entry undone: its cards are ticked again."
    assert ticked_back in parse(answer).by_id("entry").text()  # the undo opens the grid so
    page = sheet(phone, match_id, "cards")  # and on a reload
    assert ticked_back in page
    for seat, hand in enumerate(hands):
        ticked = [
            box.attrs["value"]
            for box in parse(page).find_all("input", name=f"cards-s{seat}")
            if "checked" in box.attrs
        ]
        assert sorted(ticked) == sorted(hand), seat
    counts = sheet(phone, match_id, "counts")  # the counts grid does not claim it holds them
    assert BACK not in counts and box(counts, "counts-s0_bear") is None
    fields = hidden_fields(page, "cards")
    fields.update({f"cards-s{seat}": hand for seat, hand in enumerate(hands)})
    assert phone.post(f"/m/{match_id}/entry/cards", fields).status_code == 303
    assert ticked_back not in sheet(phone, match_id, "cards")
