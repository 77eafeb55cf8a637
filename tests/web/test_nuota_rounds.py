"""Nuota per la vita rounds that are not hands: totals typed in, sudden deaths in both
variants, players running out of lives, and how the match ends with its winner."""

from __future__ import annotations

import re
from html import unescape

from companion.models import Entry

from ..conftest import Phone, count, hidden_fields
from .nuota_helpers import ANN, CY, hand, lives, page, sudden, table, text, totals


def test_totals_left_empty_say_their_message_once_and_mark_every_box(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    html = unescape(totals(phone, match_id, {}).get_data(as_text=True))
    assert html.count("Enter a total for every player (0 if none).") == 1
    assert html.count('aria-invalid="true"') == 3
    assert html.count('aria-describedby="totals-seat-err-0"') == 3  # each box points to it
    said = re.search(r'<p class="field-error" id="totals-seat-err-0">([^<]*)</p>', html)
    assert said is not None, "said once, under the grid"
    assert count(phone.app, Entry) == 0


def test_totals_are_entered_and_impossible_ones_refused(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    assert "Between 0 and 60." in totals(phone, match_id, {0: 61, 1: 0, 2: 0}).get_data(
        as_text=True
    )
    refused = unescape(totals(phone, match_id, {0: 59, 1: 0, 2: 0}).get_data(as_text=True))
    assert "No set of species adds up to 59" in refused
    too_much = unescape(totals(phone, match_id, {0: 30, 1: 20, 2: 20}).get_data(as_text=True))
    assert "All totals together can be at most 60" in too_much
    assert count(phone.app, Entry) == 0
    assert totals(other, match_id, {0: 16, 1: 13, 2: 9}).status_code == 303
    assert lives(phone, match_id) == [5, 4, 3]
    html = text(page(phone, match_id))
    assert "Totals: Ann 16 · Bob 13 · Cy 9" in html
    assert "Round 1: the result" in html and "Points 16 13 9" in html


def test_sudden_death_in_the_base_game(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    form = page(phone, match_id, "sudden")
    assert "all 4 cats" in form and "all 5 pigs" in form
    assert sudden(other, match_id, 1, "cats").status_code == 303
    assert lives(phone, match_id) == [4, 5, 4]
    html = text(page(phone, match_id))
    assert "Round 1: sudden death" in html
    assert "Bob held all 4 cats. Everyone else loses a life." in html
    assert "Sudden death: Bob with all 4 cats" in html


def test_after_a_sudden_death_the_panel_goes_back_to_the_hands(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    fields = hidden_fields(page(other, match_id, "sudden"), "sudden")
    fields.update({"sudden-seat": "1", "sudden-combo": "cats"})
    answer = other.post(f"/m/{match_id}/entry/sudden", fields, hx=True).get_data(as_text=True)
    assert lives(phone, match_id) == [4, 5, 4]
    assert 'name="hands-seen"' in answer  # the next round starts on the hands, as usual
    assert 'name="sudden-combo"' not in answer


def test_the_sudden_death_form_says_the_hands_shown_are_set_aside(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    assert "set aside" not in text(page(phone, match_id, "sudden"))
    assert hand(phone, match_id, 0, {"giraffe": 5, "bear": 5}).status_code == 200
    said = text(page(other, match_id, "sudden"))
    assert "Ann's hand is already shown: a sudden death sets it aside, unscored." in said
    assert sudden(other, match_id, 1, "cats").status_code == 303
    assert lives(phone, match_id) == [4, 5, 4]


def test_sudden_death_in_the_expert_variant_gains_a_life(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, variant="expert")
    form = page(phone, match_id, "sudden")
    assert "all 4 cats" not in form and "all 5 hares" in form
    assert "Not a valid choice" in sudden(phone, match_id, 0, "cats").get_data(as_text=True)
    assert sudden(phone, match_id, 0, "hares").status_code == 303
    assert lives(phone, match_id) == [6, 4, 4]
    html = text(page(phone, match_id))
    assert "Ann gains a life; everyone else loses one." in html
    assert "6 lives" in html


def test_a_player_out_is_shown_and_skipped_by_the_starter(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, first="1")
    for _round in range(3):  # Cy lowest three times: 5 → 3 → 1 → out
        assert totals(phone, match_id, {0: 20, 1: 10, 2: 0}).status_code == 303
    assert lives(phone, match_id) == [5, 2, 0]
    html = page(phone, match_id)
    # Rounds were started by Bob, Cy, Ann; left of Ann is Bob (Cy is out).
    assert "Round 4 · Bob starts" in text(html)
    assert re.search(
        r'class="lives-seat out[^"]*" data-seat="2">\s*<span class="lives-name">Cy', html
    )
    totals_form = page(phone, match_id, "totals")
    assert 'name="totals-seat2"' not in totals_form
    assert '<option value="2">' not in page(phone, match_id)  # nobody enters Cy's hand
    assert "Not a valid choice" in hand(phone, match_id, 2, CY).get_data(as_text=True)


def test_the_last_player_standing_wins(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    for _round in range(3):
        totals(phone, match_id, {0: 20, 1: 10, 2: 0})
    # Two left: one card is no majority any more; Bob has the lower total and loses his last 2.
    hand(phone, match_id, 0, {"giraffe": 4, "bear": 1, "mole": 5})
    scored = text(
        unescape(
            hand(phone, match_id, 1, {"giraffe": 2, "goat": 3, "cat": 4, "mouse": 1}).get_data(
                as_text=True
            )
        )
    )
    assert "Bear worth 8 · 1 card is no majority with 2 players 1 ·" in scored
    assert lives(phone, match_id) == [5, 0, 0]
    html = text(page(other, match_id))
    assert "Winner: Ann" in html and "winner" in html
    assert "Show my hand" not in html  # no more entries
    assert phone.get(f"/m/{match_id}").status_code == 200


def test_the_viewer_follows_the_hands_and_ending_early_crowns_the_most_lives(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    sudden(other, match_id, 1, "pigs")  # Bob 5, Ann and Cy 4
    hand(phone, match_id, 0, ANN)
    viewer = re.search(r"(/v/\d+/[A-Za-z0-9_-]+)", page(phone, match_id))
    assert viewer is not None
    shared = text(unescape(Phone(phone.app).client.get(viewer.group(1)).get_data(as_text=True)))
    assert "Ann ✓ entered Bob …waiting" in shared
    assert "Show my hand" not in shared and "Save this hand" not in shared
    assert phone.post(f"/m/{match_id}/host/end").status_code == 303
    html = text(page(other, match_id))
    assert "Winner: Bob" in html
    assert "Bob (you) winner" in html
    assert html.count("(you)") == 1
    assert "Ann (you)" in text(page(phone, match_id))
    assert "Hands shown so far" not in html
