"""Shared steps for the Auf der Pirsch tests: the hunts and hands the rules accept, starting a
match, filling the counts grid or the card picker, and reading the answer back, so every Pirsch
test module plays the same way."""

from __future__ import annotations

from typing import Any

from companion.rules.pirsch import deck

from ..conftest import Phone
from .helpers import parse, text_of

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


def play_hunts(phone: Phone, match_id: int, rounds: int = 3) -> None:
    for _ in range(rounds):
        assert enter_counts(phone, match_id, CLEAN_HUNT).status_code == 303
