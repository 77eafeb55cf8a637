"""Nuota per la vita on the sheet: each player's hand entered from several phones, refused in
place when it cannot be right, corrected, and scored when the last one is in."""

from __future__ import annotations

import re
from html import unescape

from companion.models import Entry, Match

from ..conftest import Phone, count
from .nuota_helpers import (
    ANN,
    BOB,
    CY,
    hand,
    hand_form,
    lives,
    page,
    stale_hand,
    start,
    table,
    text,
    totals,
)


def test_a_new_match_takes_variant_and_starter_checked_against_the_players(phone: Phone) -> None:
    form = phone.get("/new/nuota").get_data(as_text=True)
    assert "Who starts the first round" in form and "Expert" in form
    refused = phone.post(
        "/new/nuota", {"p0": "Ann", "p1": "Bob", "p2": "Cy", "group": "new", "first": "4"}
    )
    assert refused.status_code == 200
    assert "Only 3 players are at the table." in refused.get_data(as_text=True)
    assert count(phone.app, Match) == 0
    match_id = start(phone, ["Ann", "Bob", "Cy", "Dee"], variant="expert", first="3")
    html = page(phone, match_id)
    assert "Expert variant" in html
    assert "Round 1 · Dee starts" in text(html)


def test_hands_entered_on_two_phones_are_scored_when_the_last_one_is_in(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    assert hand(phone, match_id, 0, ANN).status_code == 200
    assert count(phone.app, Entry) == 0
    bobs = text(page(other, match_id))
    assert "Hands shown so far: Ann ✓ entered Bob …waiting Cy …waiting" in bobs
    assert "Round 1: your hand, Bob" in bobs
    assert 'name="hands-seat" value="1"' in page(other, match_id)  # a player enters only their own

    refused = unescape(hand(other, match_id, 2, CY).get_data(as_text=True))
    assert "Enter your own hand" in refused
    assert hand(other, match_id, 1, BOB).status_code == 200
    assert count(phone.app, Entry) == 0
    assert "Ann ✓ entered Bob ✓ entered Cy …waiting" in text(page(phone, match_id))

    # The host enters Cy's hand (no phone): the round is scored at once.
    scored = text(unescape(hand(phone, match_id, 2, CY).get_data(as_text=True)))
    assert count(phone.app, Entry) == 1
    assert lives(phone, match_id) == [5, 4, 3]
    assert "Round 1: the result" in scored
    assert "Giraffe worth 9 4 +9 3 1" in scored
    assert "Bear worth 8 · tie: nobody scores 3 · 3" in scored
    assert "Points 16 13 9" in scored
    assert "Lives ±0 5 ♥ 5 left −1 4 ♥ 4 left −2 3 ♥ 3 left" in scored  # hearts shown, words read
    bobs = text(page(other, match_id))
    assert "Round 2 · Bob starts" in bobs
    assert "Hands shown: Ann 16 · Bob 13 · Cy 9" in bobs  # the log line
    assert "Hands shown so far" not in bobs


def test_a_bad_hand_is_refused_in_place_and_nothing_is_held(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    short = unescape(hand(phone, match_id, 0, {"giraffe": 4, "bear": 5}).get_data(as_text=True))
    assert "A hand holds exactly 10 cards: Ann has 9." in short
    assert 'value="5"' in short  # kept as typed
    cats = unescape(hand(phone, match_id, 0, {"cat": 5, "bear": 5}).get_data(as_text=True))
    assert "There are only 4 cat cards in the game." in cats
    typo = unescape(hand(phone, match_id, 0, {"giraffe": -1}).get_data(as_text=True))
    assert "A count cannot be below 0." in typo and "Tra" not in typo
    giraffes = unescape(hand(phone, match_id, 0, {"giraffe": 10}).get_data(as_text=True))
    assert "There are only 9 giraffe cards in the game." in giraffes
    assert "Hands shown so far" not in page(other, match_id)

    assert hand(phone, match_id, 0, {"giraffe": 5, "bear": 5}).status_code == 200
    over = unescape(hand(other, match_id, 1, {"giraffe": 5, "mole": 5}).get_data(as_text=True))
    assert "There are only 9 giraffe cards, but the hands hold 10." in over
    assert "Ann ✓ entered Bob …waiting" in text(page(other, match_id))
    assert count(phone.app, Entry) == 0


def test_every_mistake_of_a_hand_is_said_at_once_and_none_reads_as_a_full_hand(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    html = unescape(hand(phone, match_id, 0, {"cat": -1, "bear": 11}).get_data(as_text=True))
    assert "A count cannot be below 0." in html
    assert "There are only 8 bear cards in the game." in html
    count_line = text(html[html.index('id="hand-count"') :].split("</p>")[0].split(">", 1)[1])
    assert "10 cards · some counts are impossible" in count_line and "full hand" not in count_line
    # Exactly four cats, but another count is impossible: a mistake, not a sudden death.
    html = unescape(
        hand(phone, match_id, 0, {"cat": 4, "bear": 7, "mouse": -1}).get_data(as_text=True)
    )
    notice = re.search(r"<p [^>]*data-shows-when='\{\"cat\": 4\}'[^>]*>", html)
    assert notice is not None and " hidden" in notice.group(0)
    assert "10 cards · a count is impossible" in text(html)


def test_five_cats_are_a_mistake_not_a_sudden_death(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    html = unescape(hand(phone, match_id, 0, {"cat": 5, "bear": 5}).get_data(as_text=True))
    assert "There are only 4 cat cards in the game." in html
    notice = re.search(r"<p [^>]*data-shows-when='\{\"cat\": 4\}'[^>]*>", html)
    assert notice is not None and " hidden" in notice.group(0)
    html = unescape(hand(phone, match_id, 0, {"cat": 4, "bear": 5}).get_data(as_text=True))
    notice = re.search(r"<p [^>]*data-shows-when='\{\"cat\": 4\}'[^>]*>", html)
    assert notice is not None and " hidden" not in notice.group(0)


def test_a_hand_can_be_corrected_and_survives_a_seat_being_claimed(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    hand(other, match_id, 1, {"giraffe": 9, "mouse": 1})
    mine = page(other, match_id)
    assert re.search(r'name="hands-giraffe"[^>]*value="9"', mine)  # the held hand, to correct
    assert "Your hand is in ✓." in mine and "Correct my hand" in mine
    hand(other, match_id, 1, BOB)
    third = Phone(phone.app)
    third.join(match_id)
    third.claim(match_id, 2)  # bumps the version, but the hands stay
    assert "Bob ✓ entered" in text(page(third, match_id))
    hand(phone, match_id, 0, ANN)
    hand(third, match_id, 2, CY)
    assert lives(phone, match_id) == [5, 4, 3]


def test_a_hand_typed_before_the_round_was_scored_is_refused_as_stale(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    stale = stale_hand(phone, other, match_id)
    assert "Ann entered round 1 a moment ago, so your round 1 was not saved." in stale
    assert "Hands shown so far" not in stale


def test_the_minus_and_plus_buttons_change_the_count_without_saving(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob", "Cy"])
    phone.claim(match_id, 0)
    fields = hand_form(phone, match_id)
    fields.update({"hands-seat": "0", "hands-giraffe": "4", "hands-step": "giraffe:1"})
    html = text(unescape(phone.post(f"/m/{match_id}/entry/hands", fields).get_data(as_text=True)))
    assert "5 cards · 5 more to go" in html
    fields.update({"hands-giraffe": "9", "hands-bear": "2", "hands-step": "giraffe:1"})
    capped = phone.post(f"/m/{match_id}/entry/hands", fields).get_data(as_text=True)
    assert re.search(r'name="hands-giraffe"[^>]*value="9"', capped)  # never past the copies
    assert "11 cards · 1 too many" in text(capped)
    fields.update({"hands-giraffe": "8", "hands-step": "count"})
    assert "a full hand ✓" in phone.post(f"/m/{match_id}/entry/hands", fields).get_data(
        as_text=True
    )
    # A box over its copies steps back down, and the other boxes still step.
    fields.update({"hands-giraffe": "10", "hands-bear": "0", "hands-step": "giraffe:-1"})
    down = phone.post(f"/m/{match_id}/entry/hands", fields).get_data(as_text=True)
    assert re.search(r'name="hands-giraffe"[^>]*value="9"', down)
    fields.update({"hands-giraffe": "10", "hands-bear": "1", "hands-step": "bear:1"})
    other_box = phone.post(f"/m/{match_id}/entry/hands", fields).get_data(as_text=True)
    assert re.search(r'name="hands-bear"[^>]*value="2"', other_box)
    assert "There are only 9 giraffe cards in the game." in unescape(other_box)
    assert count(phone.app, Entry) == 0
    assert "Hands shown so far" not in page(phone, match_id)


def test_forms_opened_together_all_count_and_a_double_tap_stores_one_round(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    totals(phone, match_id, {0: 16, 1: 13, 2: 9})
    forms = [hand_form(phone, match_id), hand_form(other, match_id)]  # both open at once
    forms[0].update({"hands-seat": "0", **{f"hands-{k}": str(v) for k, v in ANN.items()}})
    forms[1].update({"hands-seat": "1", **{f"hands-{k}": str(v) for k, v in BOB.items()}})
    assert phone.post(f"/m/{match_id}/entry/hands", forms[0]).status_code == 303
    assert other.post(f"/m/{match_id}/entry/hands", forms[1]).status_code == 303
    last = hand_form(phone, match_id)
    last.update({"hands-seat": "2", **{f"hands-{k}": str(v) for k, v in CY.items()}})
    assert phone.post(f"/m/{match_id}/entry/hands", last).status_code == 303
    assert phone.post(f"/m/{match_id}/entry/hands", last).status_code == 303  # the double tap
    assert count(phone.app, Entry) == 2
    assert lives(phone, match_id) == [5, 3, 1]


def test_a_hand_with_a_sudden_death_set_says_so_without_javascript_too(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other, variant="expert")
    fields = hand_form(other, match_id)
    fields.update({"hands-seat": "1", "hands-cat": "4", "hands-pig": "4", "hands-step": "pig:1"})
    stepped = unescape(other.post(f"/m/{match_id}/entry/hands", fields).get_data(as_text=True))
    assert re.search(r'value="5"', stepped)
    shown = [
        p for p in re.findall(r"<p [^>]*data-shows-when[^>]*>[^<]*", stepped) if " hidden" not in p
    ]
    assert len(shown) == 1 and "This hand holds all 5 pigs" in shown[0], shown
    assert "all 4 cats" not in stepped  # the expert variant has no sudden death with cats
    assert count(phone.app, Entry) == 0


def chosen_seat(phone: Phone, match_id: int) -> str:
    """The seat the host's "Whose hand" list has chosen in a fresh form."""
    html = page(phone, match_id)
    select = re.search(r'<select[^>]*name="hands-seat".*?</select>', html, re.S)
    assert select, "no whose-hand list"
    chosen = re.search(r'<option value="(\d+)" selected', select.group(0))
    assert chosen, "nothing chosen"
    return chosen.group(1)


def test_the_hosts_form_opens_on_a_player_without_a_phone_not_on_one_with_a_phone(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)  # Bob has a phone, Cy has none
    assert chosen_seat(phone, match_id) == "0"  # the host's own hand first
    hand(phone, match_id, 0, ANN)
    assert chosen_seat(phone, match_id) == "2"  # Cy, whose hand only the host can enter
    hand(phone, match_id, 2, CY)
    # Only Bob's hand is missing, and it comes from his phone: the host's own, to correct.
    assert chosen_seat(phone, match_id) == "0"


def log_by(phone: Phone, match_id: int, seq: int) -> str:
    """Who entered one line of the sheet's log, and when, in words."""
    html = page(phone, match_id)
    line = re.search(rf'<li id="log-{seq}".*?class="entry-meta muted">(.*?)</div>', html, re.S)
    assert line, f"no line #{seq}"
    return text(line.group(1))


def test_a_round_of_hands_from_several_phones_names_no_single_phone_in_the_log(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    hand(phone, match_id, 0, ANN)
    hand(phone, match_id, 2, CY)
    hand(other, match_id, 1, BOB)  # the last hand, from Bob's phone: not the others'
    by = log_by(phone, match_id, 1)
    assert "phone" not in by and "ago" in by, by  # the time stays
    totals(phone, match_id, {0: 10, 1: 20, 2: 30})
    assert "from Ann's phone" in log_by(phone, match_id, 2)  # one phone's entry says so
