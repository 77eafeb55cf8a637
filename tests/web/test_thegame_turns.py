"""The Game's End turn button names whose turn it ends and who plays next, on the phone of the
player whose turn it is and on a phone entering for them."""

from __future__ import annotations

from ..conftest import Phone
from .test_thegame import end_turn, page, plays, start


def test_end_turn_names_the_turn_it_ends_and_the_next_player(phone: Phone, other: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob", "Cy"])
    other.join(match_id)
    other.claim(match_id, 1)
    plays(phone, match_id, (30, 0), (40, 1))
    for html in (page(phone, match_id), page(other, match_id)):  # Bob's phone: "Enter for Ann"
        assert "End Ann's turn: Bob plays next" in html
        assert ">End turn" not in html
    assert end_turn(phone, match_id).status_code == 303
    plays(other, match_id, (50, 0), (60, 1))
    assert "End Bob's turn: Cy plays next" in page(other, match_id)
    assert "End Bob's turn: Cy plays next" in page(phone, match_id)


def test_alone_the_button_names_only_the_players_turn(phone: Phone) -> None:
    match_id = start(phone, ["Ann"])
    plays(phone, match_id, (30, 0), (40, 1))
    html = page(phone, match_id)
    assert "End Ann's turn" in html
    assert "plays next" not in html
