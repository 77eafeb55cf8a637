"""Nuota per la vita on the sheet: hands from several phones, totals, sudden death, the winner."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from companion.models import Entry, Match

from ..conftest import Phone, count, hidden_fields
from .helpers import parse, seen, undo

# Three hands of 10 (the rulebook's giraffes: 4, 3 and 1). Ann scores giraffe 9 + mole 7 = 16,
# Bob goat 7 + sheep 6 = 13, Cy dog 6 + mouse 3 = 9; bears are tied 3–3, so nobody scores them.
ANN = {"giraffe": 4, "bear": 3, "mole": 3}
BOB = {"giraffe": 3, "goat": 4, "sheep": 3}
CY = {"giraffe": 1, "bear": 3, "dog": 4, "mouse": 2}


def start(phone: Phone, names: list[str], **options: str) -> int:
    """A new Nuota match with these players; returns its id."""
    data = {f"p{i}": name for i, name in enumerate(names)}
    data.update({"group": "new", "variant": "base", "first": "0", **options})
    response = phone.post("/new/nuota", data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def table(phone: Phone, other: Phone, **options: str) -> int:
    """Ann (host), Bob (the other phone) and Cy (no phone)."""
    match_id = start(phone, ["Ann", "Bob", "Cy"], **options)
    phone.claim(match_id, 0)
    other.join(match_id)
    other.claim(match_id, 1)
    return match_id


def page(phone: Phone, match_id: int, kind: str = "hands") -> str:
    """The sheet as this phone shows it, with the given entry kind open."""
    return seen(unescape(phone.get(f"/m/{match_id}?entry={kind}").get_data(as_text=True)))


def text(html: str) -> str:
    """The visible words of a page, tags dropped and spaces squeezed."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def hand_form(phone: Phone, match_id: int) -> dict[str, str]:
    """The hidden fields of a fresh hand form, with the last log entry it has seen."""
    html = page(phone, match_id)
    fields = hidden_fields(html, "hands")
    seen = re.search(r'name="hands-seen"[^>]*value="(\d+)"', html)
    assert seen, "no hands-seen in the page"
    return {**fields, "hands-seen": seen.group(1)}


def hand(phone: Phone, match_id: int, seat: int, cards: dict[str, int], **extra: str) -> Any:
    """Enter one seat's hand with a fresh form (as htmx)."""
    fields = hand_form(phone, match_id)
    fields["hands-seat"] = str(seat)
    fields.update({f"hands-{name}": str(n) for name, n in cards.items()})
    fields.update(extra)
    return phone.post(f"/m/{match_id}/entry/hands", fields, hx=True)


def totals(phone: Phone, match_id: int, points: dict[int, int]) -> Any:
    """Enter the totals (seat → points) with a fresh form."""
    fields = hidden_fields(page(phone, match_id, "totals"), "totals")
    fields.update({f"totals-seat{seat}": str(p) for seat, p in points.items()})
    return phone.post(f"/m/{match_id}/entry/totals", fields)


def sudden(phone: Phone, match_id: int, seat: int, combo: str) -> Any:
    """Declare sudden death with a fresh form."""
    fields = hidden_fields(page(phone, match_id, "sudden"), "sudden")
    fields.update({"sudden-seat": str(seat), "sudden-combo": combo})
    return phone.post(f"/m/{match_id}/entry/sudden", fields)


def lives(phone: Phone, match_id: int) -> list[int]:
    """Lives per seat as the rules count them now."""
    from companion.extensions import db
    from companion.sheet import replay

    with phone.app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        return list(replay(match).standings)


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


def stale_hand(phone: Phone, other: Phone, match_id: int) -> str:
    """Bob's hand sent from a form drawn before Ann's totals scored the round: the answer."""
    old = hand_form(other, match_id)
    totals(phone, match_id, {0: 16, 1: 13, 2: 9})
    old.update({"hands-seat": "1", "hands-giraffe": "3", "hands-goat": "4", "hands-sheep": "3"})
    return unescape(other.post(f"/m/{match_id}/entry/hands", old, hx=True).get_data(as_text=True))


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
