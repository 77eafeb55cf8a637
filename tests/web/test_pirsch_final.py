"""Auf der Pirsch's round 4 scored by the cards of each animal, and whole matches played to
their winner: shared wins, the rematch, the viewer, Italian, and an abandoned match."""

from __future__ import annotations

import pytest

from companion.models import Entry

from ..conftest import Phone, count
from .helpers import entries, match_row, parse, text_of, viewer_path
from .pirsch_helpers import (
    CLEAN_HUNT,
    FINAL,
    board,
    dealt,
    enter_cards,
    enter_counts,
    messages,
    play_hunts,
    start,
    totals,
)

# --- round 4 -----------------------------------------------------------------------------------


def test_round_4_counts_cards_per_animal(phone: Phone) -> None:
    match_id = start(phone)
    play_hunts(phone, match_id)
    html = phone.get(f"/m/{match_id}").get_data(as_text=True)
    assert "Round 4 of 4: cards of each animal each player captured" in html
    assert "No trick limit. Each captured card scores: wolf 1, mouflon 2, boar 3, bear 4" in (
        board(phone, match_id)
    )
    assert enter_counts(phone, match_id, FINAL).status_code == 303
    assert entries(phone.app, match_id)[-1]["move"]["type"] == "final"
    text = board(phone, match_id)
    assert "Ann bear 5 × 4 + wolf 3 × 1 + boar 2 × 3 + mouflon 2 × 2 = 33" in text
    log = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("log").text()
    assert "Round 4: Ann 33 (bear 5, wolf 3, boar 2, mouflon 2) · Bob 30" in log


@pytest.mark.parametrize(
    ("seat", "animal", "value", "message"),
    [
        (0, "bear", 4, "Every card is captured: the bear cards add up to 11, not 12."),
        (3, "wolf", 6, "the wolf cards add up to 16, not 12"),
        (0, "bear", 13, "bear: Between 0 and 12."),
    ],
)
def test_a_round_4_that_does_not_add_up_is_refused(
    phone: Phone, seat: int, animal: str, value: int, message: str
) -> None:
    match_id = start(phone)
    play_hunts(phone, match_id)
    rows = [dict(r) for r in FINAL]
    rows[seat][animal] = value
    response = enter_counts(phone, match_id, rows, hx=True)
    assert response.status_code == 200
    assert message in messages(response)
    assert count(phone.app, Entry) == 3


def test_round_4_by_picked_cards(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob", "Cy"])
    for _ in range(3):
        hunt = [{"bear": 7}, {"wolf": 7}, {"boar": 7, "mouflon": 7}]
        assert enter_counts(phone, match_id, hunt).status_code == 303
    hands = dealt(3)
    twice = [h[:] for h in hands]
    twice[1].append(twice[0][0])
    response = enter_cards(phone, match_id, twice)
    assert "The bear 2 is entered twice." in messages(response)
    short = [h[:] for h in hands]
    short[0].pop()
    response = enter_cards(phone, match_id, short)
    assert "add up to 8, not 9" in messages(response)
    assert count(phone.app, Entry) == 3
    assert enter_cards(phone, match_id, hands).status_code == 303
    move = entries(phone.app, match_id)[-1]["move"]
    assert move["type"] == "final"
    assert [sum(c.values()) for c in move["cards"]] == [12, 12, 12]
    points = {"bear": 4, "wolf": 1, "boar": 3, "mouflon": 2}
    assert sum(points[a] * n for hand in move["cards"] for a, n in hand.items()) == 90


# --- a whole match ------------------------------------------------------------------------------


def test_a_whole_match_to_the_winner_and_a_rematch(phone: Phone, other: Phone) -> None:
    match_id = start(phone, multiplier="footprints", trump1="bear", trump2="wolf",
                     trump3="boar", trump4="mouflon")  # fmt: skip
    other.join(match_id)
    other.claim(match_id, 1)
    assert "Next: round 2 of 4" not in board(other, match_id)
    enter_counts(phone, match_id, CLEAN_HUNT)  # 36 36 16 4
    assert "Next: round 2 of 4 · trump: wolf" in board(other, match_id)
    swapped = [CLEAN_HUNT[1], CLEAN_HUNT[2], CLEAN_HUNT[0], CLEAN_HUNT[3]]
    assert enter_counts(other, match_id, swapped).status_code == 303  # 36 16 36 4
    assert "Ann leads: most points so far." in board(phone, match_id)
    enter_counts(phone, match_id, CLEAN_HUNT)  # 36 36 16 4
    assert "Next: round 4 of 4 · trump: mouflon" in board(other, match_id)
    assert totals(other, match_id) == ["108", "88", "68", "12"]
    assert enter_counts(other, match_id, FINAL).status_code == 303
    assert totals(phone, match_id) == [str(108 + 33), str(88 + 30), str(68 + 40), str(12 + 17)]
    text = board(other, match_id)
    assert "Match over" in text and "Winner: Ann" in text
    assert "Ann (winner)" in text and "(leader)" not in text  # what a screen reader hears
    assert "Next: round" not in text
    row = match_row(phone.app, match_id)
    assert row["status"] == "finished" and row["winners"] == [0]
    rematch = phone.post(f"/m/{match_id}/rematch")
    assert rematch.status_code == 303
    new_id = int(rematch.headers["Location"].rstrip("/").split("/")[-1])
    before = match_row(phone.app, match_id)["options"]
    assert "trumps" in before
    # The trump cards are shuffled anew for every match: the rematch keeps only the multiplier.
    assert match_row(phone.app, new_id)["options"] == {"multiplier": before["multiplier"]}
    assert "Next: round 1 of 4" in board(other, new_id)
    assert "trump: bear" not in board(other, new_id)


def test_equal_totals_share_the_win(phone: Phone) -> None:
    match_id = start(phone)
    same = [{"bear": 3, "wolf": 3}] * 3 + [{"boar": 9, "mouflon": 9}]
    for _ in range(3):
        enter_counts(phone, match_id, same)
    even = [{"bear": 3, "wolf": 3, "boar": 3, "mouflon": 3}] * 4
    assert enter_counts(phone, match_id, even).status_code == 303
    assert totals(phone, match_id) == ["66", "66", "66", "138"]
    assert "Winner: Dee" in board(phone, match_id)
    tie = start(phone)
    for _ in range(3):
        enter_counts(phone, tie, [{"bear": 3}] * 3 + [{"bear": 0}])
    enter_counts(phone, tie, even)
    text = board(phone, tie)
    assert "Shared win: Ann, Bob, Cy" in text
    assert match_row(phone.app, tie)["winners"] == [0, 1, 2]


def test_the_viewer_and_the_live_poll_show_the_rounds(phone: Phone, other: Phone) -> None:
    match_id = start(phone)
    other.join(match_id)
    version = match_row(phone.app, match_id)["version"]
    enter_counts(phone, match_id, CLEAN_HUNT)
    live = other.get(f"/m/{match_id}/live?v={version}", hx=True)
    assert live.status_code == 200
    assert "Ann bear 5 + wolf 4 + boar 3 = 12 × 3 = 36" in text_of(live)
    viewer = phone.client.application.test_client().get(viewer_path(phone, match_id))
    assert "12 × 3 = 36" in viewer.get_data(as_text=True)


def test_the_sheet_renders_in_italian(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob", "Cy"], trump1="bear", trump2="wolf", trump3="boar",
                     trump4="mouflon")  # fmt: skip
    enter_counts(phone, match_id, [{"bear": 5, "wolf": 4, "boar": 3}, {"bear": 2}, {"boar": 4}])
    response = phone.get(f"/m/{match_id}", headers={"Accept-Language": "it"})
    assert response.status_code == 200
    assert "orso 5 + lupo 4 + cinghiale 3 = 12 × 3 = 36" in text_of(response)


def test_an_abandoned_match_names_no_winner_to_a_screen_reader(phone: Phone) -> None:
    match_id = start(phone)
    enter_counts(phone, match_id, [{"bear": 3, "wolf": 3}] * 3 + [{"boar": 9, "mouflon": 9}])
    assert phone.post(f"/m/{match_id}/host/abandon").status_code == 303
    text = board(phone, match_id)
    assert "(winner)" not in text and "(leader)" in text
