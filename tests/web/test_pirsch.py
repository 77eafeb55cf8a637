"""Auf der Pirsch on the sheet: the options a match starts with, and rounds 1–3 entered as
footprints, with refusals in place and the warnings of the provisional footprint table."""

from __future__ import annotations

from html import unescape

import pytest

from companion.models import Entry, Match

from ..conftest import Phone, count
from .helpers import entries, match_row, parse, text_of, top_elements
from .pirsch_helpers import (
    ANIMALS,
    CLEAN_HUNT,
    FINAL,
    board,
    enter_counts,
    messages,
    start,
    totals,
)

# --- starting a match -------------------------------------------------------------------------


def test_the_new_match_form_offers_the_multiplier_and_the_trump_order(phone: Phone) -> None:
    page = parse(phone.get("/new/pirsch").get_data(as_text=True))
    radios = page.find_all("input", type="radio", name="multiplier")
    assert [r.attrs["value"] for r in radios] == ["footprints", "suits"]
    assert "checked" in radios[0].attrs
    for n in range(1, 5):
        select = page.find("select", name=f"trump{n}")
        assert select is not None
        assert [o.attrs["value"] for o in select.find_all("option")] == ["", *ANIMALS]
        # Left as it is, a round's trump is not recorded, not "no trump".
        assert select.find_all("option")[0].text() == "not recorded"
    assert "leave all four “not recorded” to skip" in unescape(page.text())
    assert "take out the 1, 6 and 12 of every animal" in page.text()
    assert "mouflon 10 leads round 1" in page.text()


def test_a_three_player_sheet_says_which_cards_to_take_out(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob", "Cy"])
    text = board(phone, match_id)
    assert "take out the 1, 6 and 12 of every animal (12 cards): 36 cards remain" in text
    assert "The player holding the mouflon 10 leads round 1." in text
    assert "Each player wins exactly 4 tricks" in text
    four = start(phone)
    assert "all 48 animal cards are dealt" in board(phone, four)
    assert "Each player wins exactly 3 tricks" in board(phone, four)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"p0": "Ann", "p1": "Bob"}, "for 3 to 4 players"),
        ({f"p{i}": n for i, n in enumerate("ABCDE")}, "for 3 to 4 players"),
        ({"trump1": "bear"}, "Pick the trump of every round, or leave all four empty."),
        (
            {"trump1": "bear", "trump2": "bear", "trump3": "boar", "trump4": "wolf"},
            "Each animal is trump in one round only.",
        ),
        ({"trump1": "dragon"}, "Not a valid choice"),
        ({"multiplier": "cards"}, "Not a valid choice"),
    ],
)
def test_bad_options_are_refused_in_place(
    phone: Phone, fields: dict[str, str], message: str
) -> None:
    data = {"p0": "Ann", "p1": "Bob", "p2": "Cy", "group": "new", "multiplier": "footprints"}
    if "p1" in fields:
        data = {"group": "new", "multiplier": "footprints"}
    data.update(fields)
    response = phone.post("/new/pirsch", data)
    assert response.status_code == 200
    assert message in messages(response)
    assert count(phone.app, Match) == 0


def test_the_options_are_stored_and_summed_up(phone: Phone) -> None:
    plain = start(phone)
    assert match_row(phone.app, plain)["options"] == {"multiplier": "footprints"}
    assert "footprints × footprint types" in text_of(phone.get(f"/m/{plain}"))
    trumps = {"trump1": "wolf", "trump2": "bear", "trump3": "mouflon", "trump4": "boar"}
    both = start(phone, multiplier="suits", **trumps)
    assert match_row(phone.app, both)["options"] == {
        "multiplier": "suits",
        "trumps": ["wolf", "bear", "mouflon", "boar"],
    }
    text = text_of(phone.get(f"/m/{both}"))
    assert "footprints × captured animal types · trumps: wolf, bear, mouflon, boar" in text
    assert "Next: round 1 of 4 · trump: wolf" in text


# --- rounds 1–3 by footprints ------------------------------------------------------------------


def test_the_rulebook_example_scores_12_times_3(phone: Phone, other: Phone) -> None:
    match_id = start(phone)
    other.join(match_id)
    response = enter_counts(phone, match_id, CLEAN_HUNT)
    assert response.status_code == 303
    assert entries(phone.app, match_id)[0]["move"] == {
        "type": "hunt",
        "footprints": [
            {"bear": 5, "wolf": 4, "boar": 3, "mouflon": 0},
            {"bear": 4, "wolf": 5, "boar": 0, "mouflon": 3},
            {"bear": 0, "wolf": 0, "boar": 6, "mouflon": 2},
            {"bear": 0, "wolf": 0, "boar": 0, "mouflon": 4},
        ],
    }
    text = board(other, match_id)
    assert "Ann bear 5 + wolf 4 + boar 3 = 12 × 3 = 36" in text
    assert "Bob bear 4 + wolf 5 + mouflon 3 = 12 × 3 = 36" in text
    assert "Dee mouflon 4 = 4 × 1 = 4" in text
    assert "Tied on most points: Ann, Bob. Agree who of them leads." in text
    assert "check the footprints" not in text  # these agree with the table
    assert totals(other, match_id) == ["36", "36", "16", "4"]
    log = parse(other.get(f"/m/{match_id}").get_data(as_text=True)).by_id("log").text()
    assert "Hunt: Ann 5 + 4 + 3 = 12 × 3 = 36 · Bob 4 + 5 + 3 = 12 × 3 = 36" in log


def test_footprints_that_disagree_with_the_table_are_saved_with_a_warning(phone: Phone) -> None:
    match_id = start(phone)
    rows = [{"bear": 5, "wolf": 4, "boar": 3}, {"bear": 2}, {"mouflon": 1}, {"wolf": 1}]
    assert enter_counts(phone, match_id, rows).status_code == 303
    assert count(phone.app, Entry) == 1
    text = board(phone, match_id)
    assert "Round 1: check the footprints. Saved anyway" in text
    assert "The bear footprints add up to 7, but every card is captured" in text
    assert "the bear cards carry 9 (provisional table)" in text
    assert "Ann leads: most points so far." in text


@pytest.mark.parametrize(
    ("cell", "value", "message"),
    [
        ("s1_wolf", "-2", "wolf: Between 0 and 36."),
        ("s1_wolf", "abc", "wolf: “abc” is not a whole number."),
        ("s1_wolf", "2.5", "is not a whole number"),
        ("s1_wolf", "37", "Between 0 and 36"),
        ("s2_boar", "", "Enter at least one number for Cy (empty boxes count 0)."),
    ],
)
def test_bad_counts_are_refused_in_place_and_nothing_is_stored(
    phone: Phone, cell: str, value: str, message: str
) -> None:
    match_id = start(phone)
    rows = [dict(r) for r in CLEAN_HUNT]
    rows[2] = {"boar": 6}
    seat, animal = int(cell[1]), cell.split("_")[1]
    rows[seat][animal] = value
    response = enter_counts(phone, match_id, rows, hx=True)
    assert response.status_code == 200
    assert message in messages(response)
    assert count(phone.app, Entry) == 0
    assert [e.attrs.get("id") for e in top_elements(response.get_data(as_text=True))] == ["entry"]
    page = parse(response.get_data(as_text=True))
    assert page.find("input", name="counts-s0_bear", value="5") is not None  # kept as typed
    assert page.find("input", name=f"counts-{cell}", aria_invalid="true") is not None


def test_a_boxs_mistake_and_an_empty_row_are_said_together_on_the_first_save(
    phone: Phone,
) -> None:
    match_id = start(phone)
    rows = [dict(r) for r in CLEAN_HUNT]
    rows[0]["bear"] = "abc"
    rows[2] = {}
    said = messages(enter_counts(phone, match_id, rows, hx=True))
    assert "is not a whole number" in said
    assert "Enter at least one number for Cy (empty boxes count 0)." in said
    assert "Nothing was saved: check the boxes marked below." in said  # a typo: not "fill in"
    rows[0] = {"bear": "abc"}  # her only box: said as no number, not as an empty row
    said = messages(enter_counts(phone, match_id, rows, hx=True))
    assert "is not a whole number" in said and "Enter at least one number for Ann" not in said
    assert count(phone.app, Entry) == 0


def test_a_fourth_hunt_and_an_early_round_4_are_refused_by_the_rules(phone: Phone) -> None:
    match_id = start(phone)
    response = enter_counts(phone, match_id, FINAL, **{"counts-phase": "final"})
    assert response.status_code == 200
    assert "Round 4 comes after three hunts: enter round 1 first." in messages(response)
    for _ in range(3):
        assert enter_counts(phone, match_id, CLEAN_HUNT).status_code == 303
    response = enter_counts(phone, match_id, CLEAN_HUNT, **{"counts-phase": "hunt"})
    assert response.status_code == 200
    assert "Only rounds 1 to 3 are hunts" in messages(response)
    assert count(phone.app, Entry) == 3


def test_a_round_3_form_sent_after_round_3_gets_the_notice_not_an_error(
    phone: Phone, other: Phone
) -> None:
    match_id = start(phone)
    other.join(match_id)
    other.claim(match_id, 1)
    for _ in range(2):
        enter_counts(phone, match_id, CLEAN_HUNT)
    stale = other.entry_form(match_id, "counts")
    assert enter_counts(phone, match_id, CLEAN_HUNT).status_code == 303
    stale["counts-phase"] = "hunt"
    stale.update({f"counts-s{i}_mouflon": "1" for i in range(3)})  # Dee's row left empty
    response = other.post(f"/m/{match_id}/entry/counts", stale, hx=True)
    assert response.status_code == 200
    assert "Ann entered round 3 a moment ago, so your round 3 was not saved." in text_of(response)
    assert count(phone.app, Entry) == 3
    assert "Round 4 of 4: cards of each animal" in text_of(response)
