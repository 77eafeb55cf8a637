"""Undoing a Nuota per la vita round: what was entered comes back to be corrected (every hand, or
the typed totals), and only for the round that is still current."""

from __future__ import annotations

import re
from html import unescape

from companion.models import Entry

from ..conftest import Phone, count, hidden_fields
from .helpers import parse, undo
from .nuota_helpers import ANN, BOB, CY, hand, hand_form, lives, page, table, text, totals


def test_undoing_a_round_scored_from_the_hands_gives_every_hand_back(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    wrong = {"giraffe": 3, "goat": 4, "bear": 2, "mouse": 1}  # Bob's three sheep mistyped
    hand(phone, match_id, 0, ANN)
    hand(other, match_id, 1, wrong)
    hand(phone, match_id, 2, CY)
    assert lives(phone, match_id) == [5, 3, 4]  # Bob scored only his goats: 7 against Cy's 9
    assert undo(phone, match_id, 1).status_code in (200, 303)
    assert lives(phone, match_id) == [5, 5, 5]

    bobs = page(other, match_id)
    assert "Ann ✓ entered Bob ✓ entered Cy ✓ entered" in text(bobs)
    assert "The round was undone: every hand is back." in bobs
    assert re.search(r'name="hands-bear"[^>]*value="2"', bobs)  # his hand, to correct
    assert "Show my hand again" in bobs  # as it is, or corrected: the hint says either
    assert "Correct my hand" not in bobs
    assert "The round was undone: every hand is back." in page(phone, match_id)

    hand(other, match_id, 1, BOB)  # one correction scores the round again, with Bob's sheep
    assert lives(phone, match_id) == [5, 4, 3]
    again = text(page(other, match_id))
    assert "Hands shown: Ann 16 · Bob 13 · Cy 9" in again
    assert "every hand is back" not in again and "Hands shown so far" not in again


def test_undoing_a_round_typed_as_totals_puts_its_totals_back_in_the_boxes(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    totals(phone, match_id, {0: 16, 1: 9, 2: 13})  # Bob's and Cy's swapped
    assert lives(phone, match_id) == [5, 3, 4]
    answer = unescape(undo(phone, match_id, 1, hx=True).get_data(as_text=True))
    panel = parse(answer).by_id("entry").text()  # the undo's answer opens the totals form
    assert "The round was undone: its totals are back in the boxes." in panel
    boxes = page(other, match_id, "totals")
    assert "The round was undone: its totals are back in the boxes." in boxes
    for seat, points in enumerate([16, 9, 13]):
        assert re.search(rf'name="totals-seat{seat}"[^>]*value="{points}"', boxes), seat

    fields = hidden_fields(boxes, "totals")  # one correction, as the boxes show it
    fields.update({"totals-seat0": "16", "totals-seat1": "13", "totals-seat2": "9"})
    assert other.post(f"/m/{match_id}/entry/totals", fields).status_code == 303
    assert lives(phone, match_id) == [5, 4, 3]
    assert "its totals are back" not in page(other, match_id, "totals")


def test_hands_do_not_come_back_for_a_round_that_is_no_longer_the_current_one(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    totals(phone, match_id, {0: 16, 1: 13, 2: 9})
    hand(phone, match_id, 0, ANN)
    hand(other, match_id, 1, BOB)
    hand(phone, match_id, 2, CY)
    assert count(phone.app, Entry) == 2
    undo(phone, match_id, 1)  # the typed round 1 goes: the hands' round becomes round 1
    assert "Hands shown so far" not in page(other, match_id)
    assert "every hand is back" not in page(other, match_id)


def test_a_player_out_follows_the_sheet_and_gets_the_form_back_when_an_undo_revives_them(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    cys = Phone(phone.app)
    cys.join(match_id)
    cys.claim(match_id, 2)
    for _round in range(3):  # Cy lowest three times: 5 → 3 → 1 → out
        totals(phone, match_id, {0: 20, 1: 10, 2: 0})
    sheet = parse(page(cys, match_id))
    out = sheet.find(data_entry_waiting=True)
    assert out is not None and "You are out of the game" in out.text()
    assert out.attrs["data-refresh"] == f"/m/{match_id}/entry?entry=hands"  # the page follows
    assert out.attrs["data-version"] == sheet.by_id("scoreboard").attrs["data-version"]
    undo(phone, match_id, 3)
    assert lives(phone, match_id) == [5, 3, 1]
    back = cys.get(f"/m/{match_id}/entry?entry=hands", hx=True).get_data(as_text=True)
    assert "Round 3: your hand, Cy" in back and "You are out" not in back


def test_the_hand_a_form_opened_with_is_not_saved_as_another_players(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    hand(phone, match_id, 0, ANN)
    hand(other, match_id, 1, BOB)
    hand(phone, match_id, 2, CY)
    undo(phone, match_id, 1)  # every hand is back; the host's form opens on Ann's
    fields = hand_form(phone, match_id)
    shown = re.search(r'name="hands-shown"[^>]*value="(\d*)"', page(phone, match_id))
    assert shown and shown.group(1) == "0"
    fields["hands-shown"] = "0"
    fields.update({"hands-seat": "2", **{f"hands-{name}": str(n) for name, n in ANN.items()}})
    refused = text(
        unescape(phone.post(f"/m/{match_id}/entry/hands", fields, hx=True).get_data(as_text=True))
    )
    assert "These are Ann's cards, as the form opened with them: enter Cy's cards" in refused
    assert lives(phone, match_id) == [5, 5, 5] and count(phone.app, Entry) == 2
    assert hand(phone, match_id, 2, CY).status_code == 200  # Cy's own cards score the round
    assert lives(phone, match_id) == [5, 4, 3]
