"""6 nimmt! table mode on the sheet: rows, turns, the held turn waiting for a row choice."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from companion.models import Entry, Pending

from ..conftest import Phone, count
from .helpers import parse

FIG_ROWS = [12, 37, 43, 58]
FIG_TURNS = [[14, 15, 44, 61], [21, 26, 30, 36]]


def enter_table(phone: Phone, match_id: int, values: list[int], hx: bool = False) -> object:
    """Submit the table form (row starters or one turn) with a fresh form."""
    form = phone.entry_form(match_id, "table")
    html = phone.get(f"/m/{match_id}?entry=table").get_data(as_text=True)
    prefix = "table-row" if 'name="table-row0"' in html else "table-seat"
    form.update({f"{prefix}{i}": str(v) for i, v in enumerate(values)})
    return phone.post(f"/m/{match_id}/entry/table", form, hx=hx)


def seated_table(phone: Phone, other: Phone) -> int:
    """Four players; phone is Ann, other is Bob; table mode chosen for the match."""
    match_id = phone.new_match(["Ann", "Bob", "Cy", "Dee"], table="y")
    phone.claim(match_id, 0)
    other.join(match_id)
    other.claim(match_id, 1)
    return match_id


def undo_last(phone: Phone, html: str) -> Any:
    """Tap the table panel's undo button of this page."""
    action = re.search(r'<form method="post" action="([^"]+)"[^>]*class="undo-last"', html)
    version = re.search(r'data-version="(\d+)"', html)
    assert action is not None and version is not None
    return phone.post(action.group(1), {"version": version.group(1)})


def choice_version(html: str) -> str:
    """The version carried by the row-choice buttons."""
    block = html[html.index("choice-rows") :]
    return re.search(r'name="version" value="(\d+)"', block).group(1)  # type: ignore[union-attr]


def test_table_mode_is_offered_first_when_chosen_for_the_match(phone: Phone, other: Phone) -> None:
    match_id = seated_table(phone, other)
    html = phone.get(f"/m/{match_id}").get_data(as_text=True)
    assert 'name="table-row0"' in html
    assert "the four cards that start the rows" in html


def test_rulebook_turns_are_placed_and_shown_on_the_other_phone(phone: Phone, other: Phone) -> None:
    match_id = seated_table(phone, other)
    assert enter_table(phone, match_id, FIG_ROWS).status_code == 303
    for turn in FIG_TURNS:
        assert enter_table(phone, match_id, turn).status_code == 303
    html = other.get(f"/m/{match_id}").get_data(as_text=True)
    assert "2 of 10 turns played" in html
    assert "was the sixth card: took row 1 (5 cards, 6 heads)" in html
    assert "Cy 6" in html  # the heads Cy took this round


def test_a_too_low_card_waits_for_its_player_to_choose(phone: Phone, other: Phone) -> None:
    match_id = seated_table(phone, other)
    enter_table(phone, match_id, FIG_ROWS)
    for turn in FIG_TURNS:
        enter_table(phone, match_id, turn)
    entries = count(phone.app, Entry)
    # Bob reveals the 3: lower than every row end, so nothing is placed yet.
    assert enter_table(phone, match_id, [68, 3, 9, 83]).status_code == 303
    assert count(phone.app, Entry) == entries
    html = unescape(other.get(f"/m/{match_id}").get_data(as_text=True))
    assert "Bob's 3 is lower than every row." in html
    assert "Choose the row you take" in html
    response = other.post(
        f"/m/{match_id}/choose", {"row": "1", "version": choice_version(html), "idem": "pick-row-1"}
    )
    assert response.status_code == 303
    assert count(phone.app, Entry) == entries + 1
    html = unescape(phone.get(f"/m/{match_id}").get_data(as_text=True))
    assert "Bob's 3 was lower than every row: took row 2 (1 card, 1 head)" in html
    assert "Bob's 3 is lower than every row." not in html


def test_a_chosen_turn_s_log_line_says_who_took_which_row(phone: Phone, other: Phone) -> None:
    """Ann's phone types the turn, Bob's phone picks the row for his too-low 3: the one log
    line says that Bob chose the row he took."""
    match_id = seated_table(phone, other)
    enter_table(phone, match_id, FIG_ROWS)
    enter_table(phone, match_id, [68, 3, 9, 83])
    html = other.get(f"/m/{match_id}").get_data(as_text=True)
    choice = {"row": "1", "version": choice_version(html), "idem": "bob-takes-row-2"}
    assert other.post(f"/m/{match_id}/choose", choice).status_code == 303
    seq = count(phone.app, Entry)  # the turn is the newest entry
    page = parse(other.get(f"/m/{match_id}").get_data(as_text=True))
    line = unescape(page.by_id(f"log-{seq}").text())
    assert "Turn: Ann 68 · Bob 3 · Cy 9 · Dee 83; Bob chose to take row 2" in line
    italian = {"Accept-Language": "it-IT,it;q=0.9"}
    page = parse(other.get(f"/m/{match_id}", headers=italian).get_data(as_text=True))
    line = unescape(page.by_id(f"log-{seq}").text())
    assert "Bob ha scelto di prendere la fila 2" in line


def test_a_choice_made_after_the_sheet_changed_is_not_applied(phone: Phone, other: Phone) -> None:
    match_id = seated_table(phone, other)
    enter_table(phone, match_id, FIG_ROWS)
    enter_table(phone, match_id, [68, 3, 9, 83])
    html = other.get(f"/m/{match_id}").get_data(as_text=True)
    stale = choice_version(html)
    # Someone undoes the rows meanwhile: the held turn is moot.
    undo_form = phone.get(f"/m/{match_id}").get_data(as_text=True)
    version = re.search(r'data-version="(\d+)"', undo_form).group(1)  # type: ignore[union-attr]
    phone.post(f"/m/{match_id}/undo/1", {"version": version})
    entries = count(phone.app, Entry)
    response = other.post(f"/m/{match_id}/choose", {"row": "0", "version": stale, "idem": "late"})
    assert response.status_code == 200
    assert "no longer needed" in response.get_data(as_text=True)
    assert count(phone.app, Entry) == entries


def test_a_choice_for_the_same_turn_held_again_since_is_not_applied(
    phone: Phone, other: Phone
) -> None:
    match_id = seated_table(phone, other)
    enter_table(phone, match_id, FIG_ROWS)
    enter_table(phone, match_id, [68, 3, 9, 83])
    old = choice_version(other.get(f"/m/{match_id}").get_data(as_text=True))
    third = Phone(phone.app)
    third.join(match_id)
    third.claim(match_id, 2)  # the version moves on: the held turn is dropped
    enter_table(phone, match_id, [68, 3, 9, 83])  # and held again, with no entry between
    entries = count(phone.app, Entry)
    response = other.post(f"/m/{match_id}/choose", {"row": "0", "version": old, "idem": "kept"})
    assert "no longer needed" in response.get_data(as_text=True)
    assert count(phone.app, Entry) == entries
    fresh = choice_version(other.get(f"/m/{match_id}").get_data(as_text=True))
    choice = {"row": "0", "version": fresh, "idem": "now"}
    assert other.post(f"/m/{match_id}/choose", choice).status_code == 303
    assert count(phone.app, Entry) == entries + 1


def test_a_double_tap_on_a_row_choice_places_the_turn_once(phone: Phone, other: Phone) -> None:
    match_id = seated_table(phone, other)
    enter_table(phone, match_id, FIG_ROWS)
    enter_table(phone, match_id, [68, 3, 9, 83])
    html = other.get(f"/m/{match_id}").get_data(as_text=True)
    data = {"row": "2", "version": choice_version(html), "idem": "same-tap-key"}
    entries = count(phone.app, Entry)
    assert other.post(f"/m/{match_id}/choose", data).status_code == 303
    assert other.post(f"/m/{match_id}/choose", data).status_code in (200, 303)
    assert count(phone.app, Entry) == entries + 1


def test_table_refusals_come_back_in_place(phone: Phone, other: Phone) -> None:
    match_id = seated_table(phone, other)
    enter_table(phone, match_id, FIG_ROWS)
    response = enter_table(phone, match_id, [14, 14, 44, 61], hx=True)
    assert response.status_code == 200
    assert "entered twice" in response.get_data(as_text=True) or "twice" in response.get_data(
        as_text=True
    )
    response = enter_table(phone, match_id, [12, 15, 44, 61], hx=True)
    assert "already" in response.get_data(as_text=True)
    response = enter_table(phone, match_id, [105, 15, 44, 61], hx=True)
    assert "Cards go from 1 to 104" in response.get_data(as_text=True)
    assert count(phone.app, Entry) == 1
    assert count(phone.app, Pending) == 0


def test_a_full_round_closes_itself_onto_the_scoreboard(phone: Phone, other: Phone) -> None:
    match_id = seated_table(phone, other)
    enter_table(phone, match_id, [1, 2, 3, 4])
    cards = iter(range(5, 105))
    for _ in range(10):
        assert enter_table(phone, match_id, [next(cards) for _ in range(4)]).status_code == 303
    html = other.get(f"/m/{match_id}").get_data(as_text=True)
    assert "On the table" not in html
    assert 'name="table-row0"' in phone.get(f"/m/{match_id}?entry=table").get_data(as_text=True)
    assert "Round 2" in html


def test_before_the_first_turn_round_1_is_on_the_table_and_the_undo_names_the_rows(
    phone: Phone, other: Phone
) -> None:
    match_id = seated_table(phone, other)
    enter_table(phone, match_id, FIG_ROWS)
    html = unescape(phone.get(f"/m/{match_id}?entry=table").get_data(as_text=True))
    assert "Undo the starting rows" in html and "Undo the last turn" not in html
    assert "Round 1 is being played on the table." in html
    assert "No rounds yet" not in html  # not "enter the first round below when it ends"


def test_undoing_a_first_turn_waiting_for_a_row_keeps_the_starting_rows(
    phone: Phone, other: Phone
) -> None:
    """The waiting turn is no entry: its undo takes it back alone, not the rows before it."""
    match_id = seated_table(phone, other)
    html = unescape(phone.get(f"/m/{match_id}").get_data(as_text=True))
    assert "No rounds yet. Start the rows below." in html
    enter_table(phone, match_id, FIG_ROWS)
    assert enter_table(phone, match_id, [68, 3, 9, 83]).status_code == 303  # Bob's 3 waits
    html = unescape(phone.get(f"/m/{match_id}?entry=table").get_data(as_text=True))
    assert "Undo the waiting turn" in html and "starting rows" not in html
    assert undo_last(phone, html).status_code == 303
    html = unescape(other.get(f"/m/{match_id}").get_data(as_text=True))
    assert "Bob's 3 is lower than every row." not in html
    assert "0 of 10 turns played" in html  # the rows are still on the table
    assert count(phone.app, Entry) == 1 and count(phone.app, Pending) == 0
    assert "Turn 1 of 10" in unescape(phone.get(f"/m/{match_id}").get_data(as_text=True))


def test_undoing_a_later_turn_waiting_for_a_row_keeps_the_turn_before_it(
    phone: Phone, other: Phone
) -> None:
    match_id = seated_table(phone, other)
    enter_table(phone, match_id, FIG_ROWS)
    enter_table(phone, match_id, FIG_TURNS[0])
    assert enter_table(phone, match_id, [68, 3, 9, 83]).status_code == 303
    html = unescape(phone.get(f"/m/{match_id}?entry=table").get_data(as_text=True))
    assert "Undo the waiting turn" in html and "turn before it" not in html
    response = undo_last(phone, html)
    assert response.status_code == 303
    html = unescape(other.get(f"/m/{match_id}").get_data(as_text=True))
    assert "1 of 10 turns played" in html
    assert count(phone.app, Entry) == 2


def test_the_waiting_turn_s_undo_answer_says_what_it_did(phone: Phone, other: Phone) -> None:
    match_id = seated_table(phone, other)
    enter_table(phone, match_id, FIG_ROWS)
    enter_table(phone, match_id, [68, 3, 9, 83])
    html = unescape(phone.get(f"/m/{match_id}?entry=table").get_data(as_text=True))
    version = re.search(r'data-version="(\d+)"', html).group(1)  # type: ignore[union-attr]
    undone = phone.post(f"/m/{match_id}/undo-held", {"version": version}, hx=True)
    assert "The waiting turn is undone: none of its cards were placed." in unescape(
        undone.get_data(as_text=True)
    )
    again = phone.post(f"/m/{match_id}/undo-held", {"version": version}, hx=True)
    assert "That turn is no longer waiting: the sheet changed." in unescape(
        again.get_data(as_text=True)
    )
    assert count(phone.app, Entry) == 1  # the rows, still


def test_undo_the_last_turn_puts_the_rows_back(phone: Phone, other: Phone) -> None:
    match_id = seated_table(phone, other)
    enter_table(phone, match_id, FIG_ROWS)
    enter_table(phone, match_id, FIG_TURNS[0])
    html = phone.get(f"/m/{match_id}?entry=table").get_data(as_text=True)
    assert "Undo the last turn" in html
    assert undo_last(phone, html).status_code == 303
    html = unescape(other.get(f"/m/{match_id}").get_data(as_text=True))
    assert "0 of 10 turns played" in html
    assert "Turn 1 of 10" in unescape(phone.get(f"/m/{match_id}").get_data(as_text=True))


def test_the_row_choice_is_one_entry_form_with_one_key(phone: Phone, other: Phone) -> None:
    """The four rows are one write's buttons: one version and one one-time key, so the outbox
    keeps a choice made offline (``data-entry``) and closes it until it is sent."""
    match_id = seated_table(phone, other)
    enter_table(phone, match_id, FIG_ROWS)
    enter_table(phone, match_id, [68, 3, 9, 83])
    html = other.get(f"/m/{match_id}").get_data(as_text=True)
    form = re.search(r"(<form[^>]*class=\"choice-rows\"[^>]*>)(.*?)</form>", html, re.S)
    assert form is not None
    assert "data-entry" in form.group(1) and "data-next-online" in form.group(1)
    assert len(re.findall(r'name="idem" value="[^"]+"', form.group(2))) == 1
    assert re.findall(r'name="row" value="(\d)"', form.group(2)) == ["0", "1", "2", "3"]
