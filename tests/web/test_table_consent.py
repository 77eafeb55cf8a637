"""Moves that belong to another seated player: a 6 nimmt! row choice and a turn of The Game are
made by that player's phone, or by another phone only with ``for_other``; the log names the
phone that made them. Also: matches ended with nothing entered, and the group a name means."""

from __future__ import annotations

from html import unescape

from companion.games.base import one_time_key
from companion.models import Entry

from ..conftest import Phone, count
from .helpers import group_of, match_row, parse, table, text_of
from .test_table_mode import FIG_ROWS, FIG_TURNS, choice_version, enter_table, seated_table


def test_a_row_choice_for_a_phone_at_the_table_needs_a_confirmation(
    phone: Phone, other: Phone
) -> None:
    match_id = seated_table(phone, other)
    enter_table(phone, match_id, FIG_ROWS)
    for turn in FIG_TURNS:
        enter_table(phone, match_id, turn)
    enter_table(phone, match_id, [68, 3, 9, 83])  # Bob's 3: Bob's phone chooses
    entries = count(phone.app, Entry)
    html = unescape(phone.get(f"/m/{match_id}").get_data(as_text=True))
    assert "Choose for Bob" in html, "Ann's phone offers it only behind a confirmation"
    version = choice_version(html)
    refused = phone.post(f"/m/{match_id}/choose", {"row": "1", "version": version, "idem": "a1"})
    assert "Bob's phone is at the table" in unescape(text_of(refused))
    assert count(phone.app, Entry) == entries
    confirmed = {"row": "1", "version": version, "idem": "a2", "for_other": "1"}
    assert phone.post(f"/m/{match_id}/choose", confirmed).status_code == 303
    assert count(phone.app, Entry) == entries + 1
    log = parse(other.get(f"/m/{match_id}").get_data(as_text=True)).by_id("log")
    assert "from Ann's phone" in log.text()


def test_a_row_choice_for_a_seat_without_a_phone_is_open(phone: Phone, other: Phone) -> None:
    match_id = seated_table(phone, other)
    enter_table(phone, match_id, FIG_ROWS)
    for turn in FIG_TURNS:
        enter_table(phone, match_id, turn)
    enter_table(phone, match_id, [68, 9, 3, 83])  # Cy's 3: Cy has no phone (pass-and-play)
    html = unescape(phone.get(f"/m/{match_id}").get_data(as_text=True))
    entries = count(phone.app, Entry)
    data = {"row": "0", "version": choice_version(html), "idem": "c1"}
    assert phone.post(f"/m/{match_id}/choose", data).status_code == 303
    assert count(phone.app, Entry) == entries + 1


def thegame(phone: Phone, other: Phone) -> int:
    """The Game for Ann (phone, starts) and Bob (other)."""
    data = {"p0": "Ann", "p1": "Bob", "group": "new", "variant": "base", "me": "0"}
    response = phone.post("/new/thegame", data)
    match_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    other.join(match_id)
    other.claim(match_id, 1)
    return match_id


def test_another_players_turn_of_the_game_needs_a_confirmation(phone: Phone, other: Phone) -> None:
    match_id = thegame(phone, other)
    form = other.entry_form(match_id, "tracker")
    refused = other.post(
        f"/m/{match_id}/entry/tracker", {**form, "tracker-card": "10", "tracker-pile": "0"}
    )
    assert refused.status_code == 200
    assert "This is Ann's move" in unescape(text_of(refused))
    assert count(phone.app, Entry) == 0
    page = parse(other.get(f"/m/{match_id}?entry=tracker").get_data(as_text=True))
    assert page.find("input", name="for_other", value="1") is not None
    form = other.entry_form(match_id, "tracker")
    data = {**form, "tracker-card": "10", "tracker-pile": "0", "for_other": "1"}
    assert other.post(f"/m/{match_id}/entry/tracker", data).status_code == 303
    log = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("log")
    assert "from Bob's phone" in log.text()


def test_a_lost_on_fire_game_no_longer_asks_to_cover_the_fire(phone: Phone) -> None:
    data = {"p0": "Ann", "p1": "Bob", "group": "new", "variant": "base", "on_fire": "y"}
    response = phone.post("/new/thegame", data)
    match_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    steps = [(22, 0), (23, 1), "end", (99, 2), (98, 2), "end"]  # Bob leaves the 22 burning
    for step in steps:
        form = phone.entry_form(match_id, "tracker")
        if step == "end":
            form["tracker-action"] = "end"
        else:
            form.update({"tracker-card": str(step[0]), "tracker-pile": str(step[1])})
        form["for_other"] = "1"
        assert phone.post(f"/m/{match_id}/entry/tracker", form).status_code == 303, step
    assert match_row(phone.app, match_id)["status"] == "finished"
    html = unescape(phone.get(f"/m/{match_id}").get_data(as_text=True))
    assert "tg-fire-alert" not in html and "cover it" not in html


def test_an_empty_match_ends_without_a_result(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    assert phone.post(f"/m/{match_id}/host/end").status_code == 303
    row = match_row(phone.app, match_id)
    assert row["status"] == "no_result" and row["winners"] is None
    board = parse(other.get(f"/m/{match_id}").get_data(as_text=True)).by_id("scoreboard")
    assert "without a result" in board.text() and "Shared win" not in board.text()
    history = text_of(phone.get(f"/g/{group_of(phone.app, match_id)}"))
    assert "no result" in history
    assert "Played" not in history or "Counts of matches played and won appear" in history


def test_an_existing_groups_name_means_that_group(phone: Phone) -> None:
    first = phone.new_match(["Ann", "Bob"], group_name="Friday nights")
    second = phone.new_match(["Ann", "Bob"], group_name="  friday   NIGHTS ")
    assert group_of(phone.app, first) == group_of(phone.app, second)


def test_a_row_choice_sent_again_is_answered_as_saved(phone: Phone, other: Phone) -> None:
    match_id = seated_table(phone, other)
    enter_table(phone, match_id, FIG_ROWS)
    for turn in FIG_TURNS:
        enter_table(phone, match_id, turn)
    enter_table(phone, match_id, [68, 9, 3, 83])  # Cy's 3: a choice for the seat with no phone
    html = unescape(phone.get(f"/m/{match_id}").get_data(as_text=True))
    data = {"row": "0", "version": choice_version(html), "idem": one_time_key()}
    assert phone.post(f"/m/{match_id}/choose", data, hx=True).status_code == 200
    entries = count(phone.app, Entry)
    again = unescape(text_of(phone.post(f"/m/{match_id}/choose", data, hx=True)))
    assert "no longer needed" not in again  # its answer was lost: the choice is in the log
    assert count(phone.app, Entry) == entries
