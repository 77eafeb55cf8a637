"""The Game's live tracker: legal and illegal plays, ending a turn, We are stuck, On Fire, undo,
and other phones following along. It must refuse what the rules refuse, with the reason, so a
table can play from the phones alone."""

from __future__ import annotations

import re
from html import unescape

from companion.extensions import db
from companion.models import Entry, Match

from ..conftest import Phone, count, hidden_fields
from .helpers import seen
from .test_thegame import end_turn, page, piles, play, plays, start, status, track


def test_legal_plays_move_the_piles_and_the_backward_move_by_ten(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob"])
    plays(phone, match_id, (47, 0), (37, 0), (65, 2), (75, 2))  # the rulebook's examples

    html = page(phone, match_id)
    assert piles(html) == ["37", "1", "75", "100"]
    assert 'class="tg-met" aria-label="minimum reached"> ✓' in html and "at least 2" in html
    assert 'class="tg-met" aria-label="minimum reached" hidden' in page(
        phone, start(phone, ["Cy", "Di"])
    )
    assert "Cards left" in html and ">94<" in html
    assert "75 on falling pile 1" in html  # the log and the undo button
    assert "Result only" not in html  # a tracked match never takes a typed result
    # Without JavaScript each card comes back to the tracker, where the next one is typed.
    assert play(phone, match_id, 70, 2).headers["Location"].endswith(f"/m/{match_id}#entry")


def test_illegal_plays_come_back_with_the_rules_reason(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob"])
    plays(phone, match_id, (47, 0), (65, 2))
    cases = [
        (40, 0, "On a rising pile a card must be higher than 47, or exactly 10 lower."),
        (70, 2, "On a falling pile a card must be lower than 65, or exactly 10 higher."),
        (47, 1, "Card 47 is already on a pile."),
        (100, 1, "Card 100 does not exist: the cards go from 2 to 99."),
        (5, 9, "Choose one of the four piles."),
    ]
    for card, pile, reason in cases:
        response = play(phone, match_id, card, pile, hx=True)
        assert response.status_code == 200
        text = unescape(response.get_data(as_text=True))
        assert reason in text, text
        assert f'value="{card}"' in text  # the typed card stays in the box
    assert count(phone.app, Entry) == 2


def test_a_card_without_a_pile_asks_for_the_pile(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob"])
    text = unescape(track(phone, match_id, hx=True, card=30).get_data(as_text=True))
    assert "Tap the pile the card goes on." in text
    text = unescape(track(phone, match_id, hx=True, pile=0).get_data(as_text=True))
    assert "Type the number of the card you put down." in text
    assert count(phone.app, Entry) == 0


def test_end_turn_below_the_minimum_is_refused(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob"], variant="pro")
    plays(phone, match_id, (10, 0), (20, 0))
    html = page(phone, match_id)
    assert "Put down 1 more card to end the turn." in html
    # End turn is there only for a card kept offline to open (the page's script does that)
    assert re.search(r'<form[^>]* data-next-online="entry" hidden data-kept-from="1"', html)
    text = unescape(end_turn(phone, match_id, hx=True).get_data(as_text=True))
    assert "Play at least 3 cards before ending the turn (2 so far" in text
    plays(phone, match_id, (30, 0))
    assert 'value="end"' in page(phone, match_id)
    assert "data-kept-from" not in page(phone, match_id)
    assert "End Ann's turn: Bob plays next" in page(phone, match_id)
    assert end_turn(phone, match_id).status_code == 303
    html = page(phone, match_id)
    assert "Bob's turn" in html
    assert "Enter for Bob" in html  # Ann's phone keeps the form folded away
    assert "Ann 7" in html  # refilled to the hand of 7 (two players)


def test_we_are_stuck_ends_the_game_with_the_cards_left(phone: Phone, other: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob"])
    other.join(match_id)
    other.claim(match_id, 1)
    plays(phone, match_id, (30, 0), (40, 1))
    assert "We are stuck" not in page(phone, match_id)  # a pile is still empty
    plays(phone, match_id, (60, 2), (70, 3))
    end_turn(phone, match_id)
    html = page(other, match_id)
    board = html[html.index('id="scoreboard"') : html.index('id="entry"')]
    assert "Your turn, Bob" in board and "Bob's turn" not in board
    mine = page(phone, match_id)
    assert "Bob's turn" in mine and "Your turn" not in mine
    assert "Bob cannot put down the minimum: the game ends with 94 cards left." in html
    assert track(other, match_id, action="stuck").status_code == 303
    html = page(phone, match_id)
    assert status(phone.app, match_id) == ("finished", [])
    assert "94" in html and "cards left" in html
    assert "Bob could not play the minimum." in html
    assert "We are stuck: the game ends" in html


def test_stuck_is_refused_once_the_minimum_is_played(phone: Phone) -> None:
    match_id = start(phone, ["Ann"])
    plays(phone, match_id, (30, 0), (40, 1), (60, 2), (70, 3))
    text = unescape(track(phone, match_id, hx=True, action="stuck").get_data(as_text=True))
    assert "has played the minimum: end the turn" in text
    assert status(phone.app, match_id)[0] == "playing"


def test_on_fire_a_fire_card_left_uncovered_loses_the_game(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob"], on_fire="y")
    plays(phone, match_id, (33, 0), (90, 2))
    html = page(phone, match_id)
    assert "Fire card 33 on rising pile 1: cover it by the end of the next turn (Bob)." in html
    end_turn(phone, match_id)
    html = page(phone, match_id)
    assert "Fire card 33 on rising pile 1: cover it this turn (Bob), or the game is lost." in html
    plays(phone, match_id, (50, 1), (80, 2))
    html = page(phone, match_id)
    assert "End Bob's turn anyway: the game is lost" in html
    assert end_turn(phone, match_id).status_code == 303
    html = page(phone, match_id)
    assert status(phone.app, match_id) == ("finished", [])
    assert "Lost to the fire." in html
    assert "A fire card stayed uncovered past its deadline." in html


def test_on_fire_a_fire_card_covered_in_time_is_fine(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob"], on_fire="y")
    plays(phone, match_id, (33, 0), (90, 2))
    end_turn(phone, match_id)
    plays(phone, match_id, (35, 0), (80, 2))
    html = page(phone, match_id)
    assert "Fire card 33" not in html
    assert end_turn(phone, match_id).status_code == 303
    assert status(phone.app, match_id)[0] == "playing"
    assert "Your turn, Ann" in page(phone, match_id)


def test_on_fire_solo_the_reminder_names_your_next_turn(phone: Phone) -> None:
    """Alone at the table there is no next player: a fire card waits for your next turn."""
    alone = start(phone, ["Ann"], on_fire="y")
    solo = page(phone, alone)
    assert "cover them by the end of your next turn" in solo
    assert "next player's turn" not in solo
    plays(phone, alone, (33, 0))
    played = page(phone, alone)
    assert "Fire card 33 on rising pile 1: cover it by the end of your next turn." in played
    assert "(Ann)" not in played
    assert "next player's turn" in page(phone, start(phone, ["Ann", "Bob"], on_fire="y"))


def test_undo_the_last_play_puts_the_card_back(phone: Phone, other: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob"])
    other.join(match_id)
    plays(phone, match_id, (20, 0), (37, 0))
    html = page(phone, match_id)
    assert "Undo the last entry: 37 on rising pile 1" in html
    action = re.search(r'<form method="post" action="([^"]+)"[^>]*class="undo-last"', html)
    version = re.search(r'data-version="(\d+)"', html)
    assert action and version
    assert phone.post(action.group(1), {"version": version.group(1)}).status_code == 303
    html = page(other, match_id)
    assert piles(html)[0] == "20"
    assert re.search(
        r"This turn</dt>\s*<dd><span[^>]*>1</span><span class=\"tg-met\"[^>]*hidden", html
    )
    assert "Undo the last entry: 20 on rising pile 1" in page(phone, match_id)
    plays(phone, match_id, (37, 0))  # the card is free again
    assert piles(page(other, match_id))[0] == "37"


def test_other_phones_follow_the_piles_live(phone: Phone, other: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob"])
    other.join(match_id)
    other.claim(match_id, 1)
    html = page(other, match_id)
    version = re.search(r'data-version="(\d+)"', html)
    assert version
    plays(phone, match_id, (12, 1))
    live = other.get(f"/m/{match_id}/live?v={version.group(1)}", hx=True)
    assert live.status_code == 200
    assert piles(unescape(live.get_data(as_text=True)) + 'id="entry"') == ["1", "12", "100", "100"]
    assert "Ann's turn" in seen(unescape(live.get_data(as_text=True)), seat=1)
    assert "Your turn" not in seen(unescape(live.get_data(as_text=True)), seat=1)
    assert "Your turn" in seen(unescape(live.get_data(as_text=True)), seat=0)


def test_a_host_ending_early_records_no_winners(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob"])
    plays(phone, match_id, (12, 1))
    assert phone.post(f"/m/{match_id}/host/end").status_code == 303
    assert status(phone.app, match_id) == ("finished", [])
    html = page(phone, match_id)
    assert "The host ended the match early." in html
    assert "97" in html


def test_the_form_is_marked_and_keeps_its_version(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob"])
    html = page(phone, match_id)
    assert hidden_fields(html, "tracker")
    assert html.count('name="tracker-pile"') == 4
    assert '<button type="submit" hidden' in html  # Enter never plays on a pile by accident


def test_the_viewer_and_the_history_show_the_game(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob"])
    plays(phone, match_id, (12, 1))
    html = page(phone, match_id)
    viewer = re.search(r'href="https?://[^/"]+(/v/\d+/[^"]+)"', html)
    assert viewer
    shared = Phone(phone.app).get(viewer.group(1))
    assert shared.status_code == 200
    assert piles(unescape(shared.get_data(as_text=True)) + 'id="entry"')[1] == "12"
    plays(phone, match_id, (30, 0), (60, 2), (70, 3))
    end_turn(phone, match_id)
    track(phone, match_id, action="stuck")
    with phone.app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        group_id = match.group_id
    assert phone.get(f"/g/{group_id}").status_code == 200


def test_undoing_we_are_stuck_reopens_the_game(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob"])
    plays(phone, match_id, (30, 0), (40, 1), (60, 2), (70, 3))
    end_turn(phone, match_id)
    track(phone, match_id, action="stuck")
    assert status(phone.app, match_id)[0] == "finished"
    html = page(phone, match_id)
    version = re.search(r'data-version="(\d+)"', html)
    assert version
    confirmed = {"version": version.group(1), "after_end": "1"}  # after the end, it asks first
    assert phone.post(f"/m/{match_id}/undo/6", confirmed).status_code == 303
    assert status(phone.app, match_id) == ("playing", None)
    assert "Bob's turn" in page(phone, match_id)
