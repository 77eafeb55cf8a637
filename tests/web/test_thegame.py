"""The Game on the sheet: options, the result alone, the live tracker, On Fire, undo, the record."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from flask import Flask

from companion.extensions import db
from companion.models import Entry, Match

from ..conftest import Phone, count, hidden_fields
from .helpers import parse, seen, viewer_path


def start(phone: Phone, names: list[str], group: str = "new", **options: str) -> int:
    """Start a match of The Game (phone is the host, seated as the first player); its id."""
    data = {f"p{i}": name for i, name in enumerate(names)}
    data.update({"group": group, "variant": "base", **options})
    response = phone.post("/new/thegame", data)
    assert response.status_code == 303, response.get_data(as_text=True)
    match_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    phone.claim(match_id, 0)
    return match_id


def page(phone: Phone, match_id: int, kind: str = "tracker") -> str:
    """The sheet as this phone sees it, entities decoded."""
    return seen(unescape(phone.get(f"/m/{match_id}?entry={kind}").get_data(as_text=True)))


def track(phone: Phone, match_id: int, hx: bool = False, **fields: Any) -> Any:
    """Post the tracker with a freshly rendered form (version and one-time key)."""
    form = phone.entry_form(match_id, "tracker")
    form.update({f"tracker-{name}": str(value) for name, value in fields.items()})
    return phone.post(f"/m/{match_id}/entry/tracker", form, hx=hx)


def play(phone: Phone, match_id: int, card: int, pile: int, hx: bool = False) -> Any:
    """Put ``card`` on ``pile``."""
    return track(phone, match_id, hx=hx, card=card, pile=pile)


def plays(phone: Phone, match_id: int, *moves: tuple[int, int]) -> None:
    """Several plays that must all be stored."""
    for card, pile in moves:
        response = play(phone, match_id, card, pile)
        assert response.status_code == 303, unescape(response.get_data(as_text=True))


def end_turn(phone: Phone, match_id: int, hx: bool = False) -> Any:
    """Tap "End turn"."""
    return track(phone, match_id, hx=hx, action="end")


def enter_result(phone: Phone, match_id: int, left: object, hx: bool = False) -> Any:
    """Enter the cards left with the "Result only" form."""
    form = phone.entry_form(match_id, "result")
    form["result-left"] = str(left)
    return phone.post(f"/m/{match_id}/entry/result", form, hx=hx)


def piles(html: str) -> list[str]:
    """The four top cards the scoreboard shows."""
    board = html[html.index('id="scoreboard"') : html.index('id="entry"')]
    return re.findall(r'<span class="tg-top"[^>]*>(\d+)</span>', board)


def status(app: Flask, match_id: int) -> tuple[str, list[int] | None]:
    """The match's status and winners, read from the database."""
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        return match.status, match.winners


def test_options_are_stored_and_the_sheet_reminds_the_rules(phone: Phone) -> None:
    form = unescape(phone.get("/new/thegame").get_data(as_text=True))
    assert "Professional: at least 3 cards a turn" in form
    assert "One card fewer in hand" in form
    assert "On Fire" in form
    match_id = start(phone, ["Ann", "Bob", "Cy"], variant="pro", small_hand="y", on_fire="y")
    with phone.app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        assert match.options == {"variant": "pro", "small_hand": True, "on_fire": True}
    html = page(phone, match_id)
    assert "Professional · one card fewer in hand · On Fire" in html
    assert "Hand: 5 cards" in html
    assert "at least 3 a turn, 1 once the draw pile is empty" in html
    assert "exactly 10 lower" in html and "exactly 10 higher" in html
    assert "cover them by the end of the next player's turn" in html
    assert "Your turn, Ann" in html
    assert "Draw pile" in html and "83" in html  # 98 − 3 × 5


def test_six_players_are_refused_in_place(phone: Phone) -> None:
    data = {f"p{i}": name for i, name in enumerate("ABCDEF")}
    response = phone.post("/new/thegame", {**data, "group": "new", "variant": "base"})
    assert response.status_code == 200
    assert "1 to 5 players" in unescape(response.get_data(as_text=True))


def test_a_typed_result_is_rated(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob"])
    assert "Result only" in page(phone, match_id)
    assert enter_result(phone, match_id, 7).status_code == 303
    html = page(phone, match_id)
    assert status(phone.app, match_id) == ("finished", [])
    assert "Excellent!" in html
    assert "Result entered at the end." in html
    assert "Winner" not in html and "Shared win" not in html
    assert "Result: 7 cards left" in html  # the log line


def test_the_tv_shows_the_teams_result_once_it_is_over(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob"])
    tv_path = viewer_path(phone, match_id)
    enter_result(phone, match_id, 7)
    lead = parse(Phone(phone.app).get(tv_path).get_data(as_text=True)).find(class_="tv-lead")
    assert lead is not None
    assert "7 cards left" in lead.text() and "Excellent!" in lead.text()
    assert lead.find(class_="tv-leader") is None, 'no bare "Match over" beside the result'


def test_zero_cards_left_beats_the_game_for_the_whole_team(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob"])
    enter_result(phone, match_id, 0)
    html = page(phone, match_id)
    assert "You beat the game!" in html
    assert status(phone.app, match_id) == ("finished", [0, 1])


def test_result_bounds_base_and_professional(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob"])
    for bad in ("97", "-1", "", "lots"):
        response = enter_result(phone, match_id, bad, hx=True)
        assert response.status_code == 200
        assert count(phone.app, Entry) == 0, bad
    text = unescape(enter_result(phone, match_id, 97, hx=True).get_data(as_text=True))
    assert "From 0 to 96: the first turn always puts down at least 2 cards." in text
    assert enter_result(phone, match_id, 96).status_code == 303
    pro = start(phone, ["Ann", "Bob"], variant="pro")
    assert "From 0 to 95: the first turn always puts down at least 3 cards." in unescape(
        enter_result(phone, pro, 96, hx=True).get_data(as_text=True)
    )
    assert enter_result(phone, pro, 95).status_code == 303


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


def rematch(phone: Phone, match_id: int) -> int:
    """The next match of the same group, seats and options."""
    response = phone.post(f"/m/{match_id}/rematch")
    assert response.status_code == 303
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def test_the_end_screen_compares_with_the_teams_earlier_games(phone: Phone) -> None:
    first = start(phone, ["Ann", "Bob"])
    enter_result(phone, first, 20)
    html = page(phone, first)
    assert "Your first game of The Game with this many players and these rules" in html
    assert "Played with the same rules: Base game" in html
    second = rematch(phone, first)
    enter_result(phone, second, 7)
    html = page(phone, second)
    assert "A new team record!" in html and "The best before was 20 cards left." in html
    third = rematch(phone, second)
    plays(phone, third, (30, 0), (40, 1), (60, 2), (70, 3))
    end_turn(phone, third)
    track(phone, third, action="stuck")  # 94 left
    html = page(phone, third)
    assert "The team's best is 7 cards left." in html
    fourth = rematch(phone, third)
    enter_result(phone, fourth, 0)
    html = page(phone, fourth)
    record = html[html.index('class="tg-record"') :]
    assert "The team's record with 2 players" in record
    assert re.search(r"Earlier games</dt><dd>3<", record)
    assert re.search(r"Best</dt><dd>7<", record)
    assert "Latest results, newest first:" in record and "94 · 7 · 20" in record
    # Another player count in the same group is another record; the earlier pages stay as they were.
    with phone.app.app_context():
        group = db.session.get(Match, first)
        assert group is not None
        group_id = str(group.group_id)
    trio = start(phone, ["Ann", "Bob", "Cy"], group=group_id)
    enter_result(phone, trio, 30)
    assert "Your first game of The Game with this many players" in page(phone, trio)
    assert "The best before was 20" in page(phone, second)
    # So are other rules: a professional game is not measured against the base game's 0.
    pro = start(phone, ["Ann", "Bob"], group=group_id, variant="pro", on_fire="y")
    enter_result(phone, pro, 12)
    html = page(phone, pro)
    assert "Your first game of The Game with this many players and these rules" in html
    assert "Played with the same rules: Professional · On Fire" in html


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


def test_the_group_history_shows_a_team_result_not_a_winner(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob"])
    enter_result(phone, match_id, 12)
    with phone.app.app_context():
        group_id = db.session.get(Match, match_id).group_id  # type: ignore[union-attr]
    html = unescape(phone.get(f"/g/{group_id}").get_data(as_text=True))
    assert "Team result: 12 cards left" in html
    assert "Team game: Ann, Bob" in html
    assert "Won by" not in html


def test_the_record_forgets_an_earlier_game_deleted_after_the_end(phone: Phone) -> None:
    first = start(phone, ["Ann", "Bob"])
    enter_result(phone, first, 20)
    second = rematch(phone, first)
    enter_result(phone, second, 7)
    assert "The best before was 20 cards left." in page(phone, second)
    assert phone.post(f"/m/{first}/delete").status_code == 303
    html = page(phone, second)
    assert "The best before was 20" not in html, "the finished board is not served from memory"
    assert "Your first game of The Game with this many players and these rules" in html
    assert "Played with the same rules: Base game" in html
