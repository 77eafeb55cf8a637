"""The Game, set up and scored: the options, the result typed alone at the end, and the team's
record against its earlier games. The helpers here play the game for the other The Game tests."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from flask import Flask

from companion.extensions import db
from companion.models import Entry, Match

from ..conftest import Phone, count
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
