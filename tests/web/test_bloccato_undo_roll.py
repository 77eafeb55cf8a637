"""Bloccato e pelato: undoing a roll thrown in the app brings back the dice that were thrown,
never fresh ones. An undo corrects a tap (Use these dice tapped too early); were the throws
gone, Use these dice then Undo would be a re-roll the rules do not give."""

from __future__ import annotations

import re
from html import unescape

from companion.models import Entry, Pending

from ..conftest import Phone, count
from .helpers import parse, undo
from .test_bloccato import dice_drawn, moves, seated, start, text, turn

__all__ = ["dice_drawn"]  # the fixture, used by name below


def kept_boxes(phone: Phone, match_id: int) -> list[str]:
    """The keep boxes of the turn form, one per die of the last throw."""
    page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True))
    return [i.attrs["name"] for i in page.find_all("input", type="checkbox")]


def test_undoing_use_these_dice_brings_back_the_same_throw(
    phone: Phone, other: Phone, dice_drawn: list[str]
) -> None:
    match_id = seated(phone, other)
    dice_drawn.extend("CC123")
    turn(phone, match_id, action="throw")
    turn(phone, match_id, action="use")
    assert moves(phone.app, match_id) == [{"type": "roll", "dice": "123CC", "throws": ["CC123"]}]
    undo(phone, match_id, 1)
    assert dice_drawn == []  # nothing thrown anew (an empty queue would fail a draw)
    page = text(phone.get(f"/m/{match_id}"))
    assert "Throw 1 of 3: tap the dice you keep" in page
    assert "Throw the others (2 throws left)" in page
    assert "Roll in the app" not in page
    assert len(kept_boxes(phone, match_id)) == 5
    assert "Ann is rolling in the app: throw 1 of 3." in text(other.get(f"/m/{match_id}"))
    dice_drawn.extend("444")  # the throw goes on from the dice that were there
    turn(phone, match_id, action="throw", keep0="y", keep1="y")
    assert dice_drawn == []
    turn(phone, match_id, action="use")
    assert moves(phone.app, match_id)[-1] == {
        "type": "roll",
        "dice": "444CC",
        "throws": ["CC123", "CC444"],
    }


def test_undoing_a_third_throw_brings_it_back_with_no_throw_left(
    phone: Phone, other: Phone, dice_drawn: list[str]
) -> None:
    match_id = seated(phone, other)
    dice_drawn.extend("12345" + "1234" + "123")
    turn(phone, match_id, action="throw")
    turn(phone, match_id, action="throw", keep4="y")
    turn(phone, match_id, action="throw", keep3="y", keep4="y")
    assert moves(phone.app, match_id) == [
        {"type": "roll", "dice": "12345", "throws": ["12345", "12345", "12345"]}
    ]
    undo(phone, match_id, 1)
    page = text(phone.get(f"/m/{match_id}"))
    assert "Throw 3 of 3: no throw left, these are your dice" in page
    assert "Throw the others" not in page
    assert "No throws left: use these dice." in text(turn(phone, match_id, action="throw"))
    assert count(phone.app, Entry) == 2  # the roll and its undo, nothing more
    turn(phone, match_id, action="use")
    assert moves(phone.app, match_id)[-1]["throws"] == ["12345", "12345", "12345"]


def test_undoing_a_typed_roll_still_opens_the_dice_to_tap(
    phone: Phone, other: Phone, dice_drawn: list[str]
) -> None:
    match_id = seated(phone, other)
    turn(phone, match_id, action="roll", die0="1", die1="2", die2="3", die3="C", die4="C")
    undo(phone, match_id, 1)
    page = text(phone.get(f"/m/{match_id}"))
    assert "Roll in the app" in page
    assert "Throw 1 of 3" not in page


def test_a_held_throw_is_not_taken_back_alone(phone: Phone, dice_drawn: list[str]) -> None:
    """A game drops a held move only if it says so (6 nimmt!'s waiting turn): a throw held in
    the app stays, since dropping it would be a free re-roll."""
    match_id = start(phone)
    phone.claim(match_id, 0)
    dice_drawn.extend("12345")
    turn(phone, match_id, action="throw")
    assert count(phone.app, Pending) == 1
    html = phone.get(f"/m/{match_id}").get_data(as_text=True)
    version = re.search(r'data-version="(\d+)"', html).group(1)  # type: ignore[union-attr]
    answer = phone.post(f"/m/{match_id}/undo-held", {"version": version}, hx=True)
    assert "no longer waiting" in unescape(answer.get_data(as_text=True))
    assert "Throw 1 of 3" in text(phone.get(f"/m/{match_id}"))


def test_after_the_third_throw_the_dice_are_no_longer_offered_to_keep(
    phone: Phone, other: Phone, dice_drawn: list[str]
) -> None:
    """With no throw left there is nothing to keep the dice for: they are shown plain, and a
    throw sent with kept dice (from a page a moment old) is still refused, nothing drawn."""
    match_id = seated(phone, other)
    dice_drawn.extend("12345" + "1234" + "123")
    turn(phone, match_id, action="throw")
    turn(phone, match_id, action="throw", keep4="y")
    turn(phone, match_id, action="throw", keep3="y", keep4="y")
    undo(phone, match_id, 1)
    assert kept_boxes(phone, match_id) == []
    page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True))
    dice = page.find("div", class_="bl-keep-dice")
    assert dice.attrs["aria-label"] == "Your dice: 1 2 3 4 5"
    assert not dice.find_all("label") and not dice.find_all(class_="bl-keep-tag")
    assert "tap the dice you keep" not in text(phone.get(f"/m/{match_id}"))
    refused = text(turn(phone, match_id, action="throw", keep0="y", keep1="y"))
    assert "No throws left: use these dice." in refused
    assert count(phone.app, Entry) == 2
    turn(phone, match_id, action="use", keep0="y")  # a kept box changes nothing of the dice
    assert moves(phone.app, match_id)[-1]["dice"] == "12345"
