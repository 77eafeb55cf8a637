"""Auf der Pirsch on the sheet: options, footprints and cards entry, round 4, refusals in place,
the warnings of the provisional footprint table, and a whole match to its winner."""

from __future__ import annotations

from html import unescape
from typing import Any

import pytest

from companion.models import Entry, Match
from companion.rules.pirsch import deck

from ..conftest import Phone, count
from .helpers import entries, match_row, parse, text_of, top_elements, viewer_path

ANIMALS = ("bear", "wolf", "boar", "mouflon")
FOUR = ["Ann", "Bob", "Cy", "Dee"]
# Footprints that agree with the provisional table: 9 per animal in all, each row reachable.
CLEAN_HUNT = [
    {"bear": 5, "wolf": 4, "boar": 3},
    {"bear": 4, "wolf": 5, "mouflon": 3},
    {"boar": 6, "mouflon": 2},
    {"mouflon": 4},
]
# Round 4 with 4 players: 12 cards of each animal, each hand whole tricks of 4.
FINAL = [
    {"bear": 5, "wolf": 3, "boar": 2, "mouflon": 2},
    {"bear": 3, "wolf": 3, "boar": 3, "mouflon": 3},
    {"bear": 4, "wolf": 4, "boar": 4, "mouflon": 4},
    {"wolf": 2, "boar": 3, "mouflon": 3},
]
FINAL_POINTS = [33, 30, 40, 17]


def start(phone: Phone, names: list[str] | None = None, **fields: str) -> int:
    """A pirsch match started by ``phone``, which sits in seat 0; returns its id."""
    data = {f"p{i}": name for i, name in enumerate(names or FOUR)}
    data.update({"group": "new", "multiplier": "footprints", **fields})
    response = phone.post("/new/pirsch", data)
    assert response.status_code == 303, text_of(response)
    match_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    phone.claim(match_id, 0)
    return match_id


def enter_counts(
    phone: Phone, match_id: int, rows: list[dict[str, Any]], hx: bool = False, **extra: str
) -> Any:
    """Fill the players × animals grid (missing animals left empty) and save it."""
    fields = phone.entry_form(match_id, "counts")
    for seat, row in enumerate(rows):
        for animal, value in row.items():
            fields[f"counts-s{seat}_{animal}"] = str(value)
    fields.update(extra)
    return phone.post(f"/m/{match_id}/entry/counts", fields, hx=hx)


def enter_cards(phone: Phone, match_id: int, hands: list[list[str]], **extra: str) -> Any:
    """Tick each player's cards ("bear-7") in the picking grid and save."""
    fields: dict[str, Any] = phone.entry_form(match_id, "cards")
    for seat, hand in enumerate(hands):
        fields[f"cards-s{seat}"] = hand
    fields.update(extra)
    return phone.post(f"/m/{match_id}/entry/cards", fields)


def dealt(players: int) -> list[list[str]]:
    """Every card in play, dealt round the table: 12 per player."""
    hands: list[list[str]] = [[] for _ in range(players)]
    for index, (animal, value) in enumerate(deck(players)):
        hands[index % players].append(f"{animal}-{value}")
    return hands


def messages(response: Any) -> str:
    """The refusals a response shows: alerts and the messages beside the boxes."""
    page = parse(response.get_data(as_text=True))
    found = page.find_all(role="alert") + page.find_all(class_="field-error")
    return " | ".join(node.text() for node in found)


def board(phone: Phone, match_id: int) -> str:
    """The scoreboard's text as this phone sees it."""
    page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True))
    return page.by_id("scoreboard").text()


def totals(phone: Phone, match_id: int) -> list[str]:
    """The totals row of the scoreboard."""
    page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True))
    row = page.by_id("scoreboard").find("tr", class_="totals")
    assert row is not None
    return [td.text() for td in row.find_all("td")]


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


# --- the captured-animal-types multiplier -----------------------------------------------------


def test_the_suits_multiplier_asks_for_the_animal_types_captured(phone: Phone) -> None:
    match_id = start(phone, multiplier="suits")
    response = enter_counts(phone, match_id, CLEAN_HUNT, hx=True)
    assert "Enter how many different animals they captured." in messages(response)
    assert count(phone.app, Entry) == 0
    types = {f"counts-s{i}_types": str(n) for i, n in enumerate([4, 3, 3, 2])}
    assert enter_counts(phone, match_id, CLEAN_HUNT, **types).status_code == 303
    assert entries(phone.app, match_id)[0]["move"]["suits"] == [4, 3, 3, 2]
    text = board(phone, match_id)
    assert "Ann bear 5 + wolf 4 + boar 3 = 12 × 4 = 48" in text
    assert "footprints × captured animal types" in text
    assert totals(phone, match_id) == ["48", "36", "24", "8"]


def test_animal_types_below_the_footprint_types_are_refused(phone: Phone) -> None:
    match_id = start(phone, multiplier="suits")
    types = {f"counts-s{i}_types": "2" for i in range(4)}
    response = enter_counts(phone, match_id, CLEAN_HUNT, hx=True, **types)
    assert "Ann has footprints of 3 animals, so captured at least 3." in messages(response)
    page = parse(response.get_data(as_text=True))
    assert page.find("input", name="counts-s0_types", aria_invalid="true") is not None
    assert count(phone.app, Entry) == 0
    # Each player's mistake at once, at their own box: Ann's 0, and Bob's 2 for 3 animals.
    types = {"counts-s0_types": "0", "counts-s1_types": "2", "counts-s2_types": "1",
             "counts-s3_types": "1"}  # fmt: skip
    said = messages(enter_counts(phone, match_id, CLEAN_HUNT, hx=True, **types))
    assert "Between 1 and 4." in said
    assert "Bob has footprints of 3 animals, so captured at least 3." in said


def test_too_few_animal_types_are_refused_at_the_players_box(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob", "Cy"], multiplier="suits")
    rows = [{"bear": 3}, {"wolf": 3}, {"boar": 3, "mouflon": 3}]
    # Three players: 12 cards in suits of 9 show at least 2 animals. Bob's box is left empty.
    response = enter_counts(phone, match_id, rows, hx=True, **{"counts-s0_types": "2",
                            "counts-s2_types": "0"})  # fmt: skip
    said = messages(response)
    assert "Between 2 and 4." in said
    assert "Enter how many different animals they captured." in said  # Bob's, at once
    page = parse(response.get_data(as_text=True))
    assert page.find("input", name="counts-s2_types", aria_invalid="true") is not None
    assert count(phone.app, Entry) == 0


# --- rounds 1–3 by the cards picked -----------------------------------------------------------


def test_picked_cards_are_counted_into_footprints(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob", "Cy"])
    hands = dealt(3)
    assert enter_cards(phone, match_id, hands).status_code == 303
    move = entries(phone.app, match_id)[0]["move"]
    assert move["type"] == "hunt"
    assert move["cards"][0][:2] == [["bear", 2], ["bear", 5]]
    text = board(phone, match_id)
    assert "How round 1 scored · from the cards" in text
    assert "check the footprints" not in text
    # Ann's hand: bear 2 5 9, wolf 3 7 11, boar 4 8, mouflon 2 5 9 ... footprints by the table.
    assert "Hunt, cards picked: Ann" in text_of(phone.get(f"/m/{match_id}"))


def test_the_suits_multiplier_counts_the_animals_of_picked_cards(phone: Phone) -> None:
    match_id = start(phone, multiplier="suits")
    assert enter_cards(phone, match_id, dealt(4)).status_code == 303
    move = entries(phone.app, match_id)[0]["move"]
    assert "suits" not in move
    assert "× 4 =" in board(phone, match_id)  # every dealt hand holds all four animals


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda h: h[0].__setitem__(0, "bear-6"), "There is no bear 6 with 3 players"),
        (lambda h: h[1].__setitem__(0, h[0][0]), "The bear 2 is entered twice."),
        (lambda h: h[0].pop(), "Ann has 11"),
        (lambda h: h[0].__setitem__(0, "dragon-3"), "Unknown animal: dragon."),
        (lambda h: h[0].__setitem__(0, "bear-13"), "Card values go from 1 to 12."),
        (lambda h: h[0].__setitem__(0, "bear-x"), "“bear-x” is not a card."),
    ],
    ids=["not-in-deck", "twice", "eleven", "no-animal", "no-value", "garbage"],
)
def test_bad_cards_are_refused_in_place(phone: Phone, change: Any, message: str) -> None:
    match_id = start(phone, ["Ann", "Bob", "Cy"])
    hands = dealt(3)
    change(hands)
    response = enter_cards(phone, match_id, hands)
    assert response.status_code == 200
    assert message in messages(response)
    assert count(phone.app, Entry) == 0


# --- round 4 -----------------------------------------------------------------------------------


def play_hunts(phone: Phone, match_id: int, rounds: int = 3) -> None:
    for _ in range(rounds):
        assert enter_counts(phone, match_id, CLEAN_HUNT).status_code == 303


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
