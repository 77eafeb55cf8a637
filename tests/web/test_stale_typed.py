"""A form typed while someone else entered something: the news is that the sheet moved on,
whatever the boxes hold. What was typed comes back ready to be sent again while it is still
for the entry that comes next; typed for an entry someone else made meanwhile, it is told as
that entry's ("your round 1"), and the next round's form comes back empty."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from types import SimpleNamespace
from typing import Any

import pytest
from wtforms.validators import ValidationError

from companion.models import Entry
from companion.rules import IllegalMove
from companion.views.overtaken import same_entry

from ..conftest import Phone, count, hidden_fields
from .helpers import parse, table, undo
from .nuota_helpers import page as nuota_page
from .nuota_helpers import stale_hand
from .nuota_helpers import table as nuota_table
from .nuota_helpers import totals as nuota_totals
from .pirsch_helpers import CLEAN_HUNT, enter_counts
from .pirsch_helpers import start as pirsch_start


def inputs(html: str, prefix: str) -> dict[str, str]:
    """The ``prefix`` form's inputs (not its buttons) and their values, as the page holds them."""
    found = re.finditer(rf'<input[^>]*name="({prefix}-[a-z0-9_]+)"[^>]*value="([^"]*)"', html)
    return {m.group(1): m.group(2) for m in found}


def ann_first(phone: Phone, other: Phone) -> tuple[int, dict[str, str]]:
    """Bob's phone opens the round's form, then Ann's phone enters 3 · 13: the match, and the
    form Bob still has (made for the version before Ann's round)."""
    match_id = table(phone, other)
    form_b = other.entry_form(match_id)
    assert phone.enter_heads(match_id, [3, 13]).status_code == 303
    return match_id, form_b


def test_a_stale_form_with_a_refused_box_gets_the_stale_notice_not_the_box_message(
    phone: Phone, other: Phone
) -> None:
    match_id, form_b = ann_first(phone, other)
    answer = other.enter_heads(match_id, [4, 999], hx=True, form=form_b)
    html = unescape(answer.get_data(as_text=True))
    notice = parse(html).find(class_="notice")
    assert notice is not None
    said = notice.text()
    assert said.startswith("Ann entered round 1 a moment ago, so your round 1 was not saved.")
    assert "What you had typed: Ann 4 · Bob 999." in said, "the refused values are told as typed"
    boxes = inputs(html, "heads")
    assert (boxes["heads-seat0"], boxes["heads-seat1"]) == ("", ""), "round 2 starts empty"
    assert 'aria-invalid="true"' not in html
    assert count(phone.app, Entry) == 1


def test_a_fresh_form_with_a_refused_box_gets_the_box_message(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    html = unescape(other.enter_heads(match_id, [4, 999], hx=True).get_data(as_text=True))
    assert "a moment ago" not in html
    assert 'aria-invalid="true"' in html
    assert count(phone.app, Entry) == 0


def test_a_hand_typed_for_a_round_scored_meanwhile_is_told_as_that_rounds(
    phone: Phone, other: Phone
) -> None:
    """Bob's hand was for round 1, which Ann's totals scored: it is not offered as round 2's."""
    match_id = nuota_table(phone, other)
    stale = stale_hand(phone, other, match_id)
    notice = parse(stale).find(class_="notice")
    assert notice is not None
    assert notice.text().startswith(
        "Ann entered round 1 a moment ago, so your round 1 was not saved."
    )
    assert "The form below is for the next entry." in notice.text()
    assert "What you typed is still below" not in stale
    assert inputs(stale, "hands")["hands-giraffe"] in ("", "0")


# --- two phones save the same round at once ----------------------------------------------------

SAME = "Ann entered round 1 with the same values a moment ago: it is saved once."


def test_the_same_round_from_two_phones_is_saved_once_and_not_offered_again(
    phone: Phone, other: Phone
) -> None:
    match_id, form_b = ann_first(phone, other)
    answer = other.enter_heads(match_id, [3, 13], hx=True, form=form_b)
    html = unescape(answer.get_data(as_text=True))
    notice = parse(html).find(class_="notice")
    assert notice is not None and notice.text() == SAME
    assert "data-settled" in notice.attrs and "settled" in notice.attrs["class"], "no alarm"
    assert "data-kept" not in html and "What you typed" not in html
    boxes = inputs(html, "heads")
    assert (boxes["heads-seat0"], boxes["heads-seat1"]) == ("", ""), "round 2 starts empty"
    assert count(phone.app, Entry) == 1


def test_the_same_round_without_javascript_says_so_on_the_whole_page(
    phone: Phone, other: Phone
) -> None:
    match_id, form_b = ann_first(phone, other)
    answer = other.enter_heads(match_id, [3, 13], form=form_b)
    html = unescape(answer.get_data(as_text=True))
    assert answer.status_code == 200 and "<html" in html
    assert SAME in parse(html).by_id("entry").text()
    assert inputs(html, "heads")["heads-seat0"] == ""
    assert count(phone.app, Entry) == 1


def test_the_same_round_is_said_in_the_phones_language(phone: Phone, other: Phone) -> None:
    match_id, form_b = ann_first(phone, other)
    fields = {**form_b, "heads-seat0": "3", "heads-seat1": "13"}
    italian = {"Accept-Language": "it-IT,it;q=0.9"}
    answer = other.post(f"/m/{match_id}/entry/heads", fields, hx=True, headers=italian)
    notice = parse(unescape(answer.get_data(as_text=True))).find(class_="notice")
    assert notice is not None
    assert notice.text() == (
        "Ann ha appena inserito la mano 1 con gli stessi valori: conta una volta sola."
    )


def test_another_round_typed_meanwhile_is_told_as_that_round_not_offered_as_the_next(
    phone: Phone, other: Phone
) -> None:
    """Ann saved round 1 as 3 · 13 while Bob typed 4 · 12: Bob's values were for round 1, so
    round 2's form must not hold them (one obedient tap would store a bogus round 2)."""
    match_id, form_b = ann_first(phone, other)
    html = unescape(
        other.enter_heads(match_id, [4, 12], hx=True, form=form_b).get_data(as_text=True)
    )
    notice = parse(html).find(class_="notice")
    assert notice is not None and "data-kept" not in html
    assert notice.text() == (
        "Ann entered round 1 a moment ago, so your round 1 was not saved. "
        "What you had typed: Round: Ann 4 · Bob 12. The form below is for the next entry."
    )
    boxes = inputs(html, "heads")
    assert (boxes["heads-seat0"], boxes["heads-seat1"]) == ("", "")
    assert "Round 2: bull heads each player took" in html
    assert count(phone.app, Entry) == 1


def test_a_round_taken_meanwhile_is_named_in_every_language(phone: Phone, other: Phone) -> None:
    match_id, form_b = ann_first(phone, other)
    said = {
        "it-IT": "Ann ha inserito la mano 1 poco fa, quindi il tuo inserimento non è stato "
        "salvato.",
        "de-DE": "Ann hat gerade Runde 1 eingetragen, deshalb wurde deine Eingabe nicht "
        "gespeichert.",
    }
    for language, words in said.items():
        fields = {**form_b, "heads-seat0": "4", "heads-seat1": "12"}
        answer = other.post(
            f"/m/{match_id}/entry/heads", fields, hx=True, headers={"Accept-Language": language}
        )
        notice = parse(unescape(answer.get_data(as_text=True))).find(class_="notice")
        assert notice is not None and notice.text().startswith(words)


def test_a_round_undone_meanwhile_is_not_the_same_round(phone: Phone, other: Phone) -> None:
    """The newest entry is the undo: what Bob typed is not stored anywhere, so it is kept."""
    match_id, form_b = ann_first(phone, other)
    assert undo(phone, match_id, 1).status_code == 303
    html = unescape(
        other.enter_heads(match_id, [3, 13], hx=True, form=form_b).get_data(as_text=True)
    )
    assert "What you typed is still below" in html and "the same thing" not in html
    assert inputs(html, "heads")["heads-seat0"] == "3"


def test_the_same_pirsch_round_from_two_phones_is_saved_once(phone: Phone, other: Phone) -> None:
    match_id = pirsch_start(phone)
    other.join(match_id)
    other.claim(match_id, 1)
    stale = other.entry_form(match_id, "counts")
    assert enter_counts(phone, match_id, CLEAN_HUNT).status_code == 303
    stale["counts-phase"] = "hunt"
    for seat, row in enumerate(CLEAN_HUNT):
        stale.update({f"counts-s{seat}_{animal}": str(n) for animal, n in row.items()})
    answer = other.post(f"/m/{match_id}/entry/counts", stale, hx=True)
    html = unescape(answer.get_data(as_text=True))
    notice = parse(html).find(class_="notice")
    assert notice is not None and notice.text() == SAME
    assert inputs(html, "counts")["counts-s0_bear"] == "", "round 2 starts empty"
    assert count(phone.app, Entry) == 1


def test_the_same_nuota_totals_from_two_phones_are_saved_once(phone: Phone, other: Phone) -> None:
    match_id = nuota_table(phone, other)
    stale = hidden_fields(nuota_page(other, match_id, "totals"), "totals")
    assert nuota_totals(phone, match_id, {0: 16, 1: 13, 2: 9}).status_code == 303
    stale.update({"totals-seat0": "16", "totals-seat1": "13", "totals-seat2": "9"})
    answer = other.post(f"/m/{match_id}/entry/totals", stale, hx=True)
    html = unescape(answer.get_data(as_text=True))
    notice = parse(html).find(class_="notice")
    assert notice is not None and notice.text() == SAME
    assert "data-kept" not in html
    assert count(phone.app, Entry) == 1


class Box:
    """A form's box, as :func:`same_entry` sees it: its marks."""

    def __init__(self) -> None:
        self.errors: list[str] = []


class Typed:
    """A form rendered at version 1 that passed its checks: boxes without marks."""

    def __init__(self) -> None:
        self.boxes = [Box()]
        self.form_errors: list[str] = []
        self.version = SimpleNamespace(data=1)

    def __iter__(self) -> Iterator[Box]:
        return iter(self.boxes)

    @property
    def errors(self) -> dict[str, Any]:
        return {}


@pytest.mark.parametrize("refusal", [ValidationError("no"), IllegalMove("no")])
def test_a_move_refused_on_the_fresh_sheet_is_not_the_same_and_leaves_no_marks(
    refusal: Exception,
) -> None:
    form = Typed()

    def refused(_sheet: Any, typed: Typed) -> dict[str, Any]:
        typed.boxes[0].errors.append("marked")
        typed.form_errors.append("said")
        raise refusal

    kind = SimpleNamespace(to_move=refused)
    stored = SimpleNamespace(seq=1, version=2, undoes=None, move={"type": "round", "heads": [3]})
    fresh = SimpleNamespace(entries=[stored], undone=set())
    assert same_entry(kind, fresh, form) is None  # type: ignore[arg-type]
    assert form.boxes[0].errors == [] and form.form_errors == []


def test_an_undo_is_never_the_same_entry() -> None:
    kind = SimpleNamespace(to_move=lambda _sheet, _form: {"type": "undo"})
    undo_line = SimpleNamespace(seq=2, version=2, undoes=1, move={"type": "undo"})
    fresh = SimpleNamespace(entries=[undo_line], undone={1})
    assert same_entry(kind, fresh, Typed()) is None  # type: ignore[arg-type]


def test_a_round_kept_while_the_table_went_on_is_found_among_the_entries_since(
    phone: Phone, other: Phone
) -> None:
    """Bob's phone kept round 1 offline; Ann saved the same round 1, then round 2. Bob's
    round reaches the server after both: it is round 1 again, saved once, not a round 3."""
    match_id, form_b = ann_first(phone, other)
    assert phone.enter_heads(match_id, [1, 2]).status_code == 303
    answer = other.enter_heads(match_id, [3, 13], hx=True, form=form_b)
    html = unescape(answer.get_data(as_text=True))
    notice = parse(html).find(class_="notice")
    assert notice is not None and notice.text() == SAME
    assert inputs(html, "heads")["heads-seat0"] == "", "round 3 starts empty"
    assert count(phone.app, Entry) == 2


def test_a_form_of_an_entry_the_sheet_no_longer_offers_is_told_what_came_first(
    phone: Phone, other: Phone
) -> None:
    """The Game's result alone is offered until a card is tracked: Bob's typed result, saved
    after Ann put a card down, gets the news (not a 404), and nothing is stored."""
    from .test_thegame import play
    from .test_thegame import start as thegame_start

    match_id = thegame_start(phone, ["Ann", "Bob"])
    other.join(match_id)
    other.claim(match_id, 1)
    typed = other.entry_form(match_id, "result")
    typed["result-left"] = "5"
    assert play(phone, match_id, 61, 0).status_code == 303
    for hx in (True, False):
        answer = other.post(f"/m/{match_id}/entry/result", typed, hx=hx)
        assert answer.status_code == 200, answer.status_code
        said = unescape(answer.get_data(as_text=True))
        assert "Ann entered something a moment ago, so yours was not saved." in said
        assert 'name="tracker-card"' in said, "the entry the sheet offers now"
    assert count(phone.app, Entry) == 1
    made_up = {**typed, "result-version": "", "result-idem": ""}
    assert other.post(f"/m/{match_id}/entry/result", made_up).status_code == 404
    assert other.post(f"/m/{match_id}/entry/nothing", typed).status_code == 404
