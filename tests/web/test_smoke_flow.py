"""A whole evening's flow through the test client: start, join, claim, enter, undo, finish."""

from __future__ import annotations

from companion.models import Entry

from ..conftest import Phone, count


def test_two_phones_play_a_match_to_the_end(phone: Phone, other: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"], end="rounds", rounds="2")
    other.join(match_id)
    other.claim(match_id, 1)
    phone.claim(match_id, 0)
    assert phone.enter_heads(match_id, [3, 10]).status_code == 303
    page = other.get(f"/m/{match_id}").get_data(as_text=True)
    assert "Round 2" in page
    assert phone.enter_heads(match_id, [5, 1]).status_code == 303
    page = other.get(f"/m/{match_id}").get_data(as_text=True)
    assert "Winner: Ann" in page
    assert count(phone.app, Entry) == 2
