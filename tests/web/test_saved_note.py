"""A round the rules save with a warning (Auf der Pirsch: more footprints than the table can
hold) says so in the entry panel's answer too, where the player who typed it is looking, with
the undo that brings the values back to correct; a round without a warning says nothing."""

from __future__ import annotations

from html import unescape

from companion.models import Entry

from ..conftest import Phone, count
from .helpers import parse
from .pirsch_helpers import CLEAN_HUNT, enter_counts, start

# Bear 8 with three players: the most the table can hold is 7.
TOO_MANY = [{"bear": 8, "wolf": 4}, {"wolf": 5, "boar": 3}, {"boar": 6, "mouflon": 2}]


def panel(response: object) -> str:
    """The text of the entry panel in a write's answer."""
    html = unescape(response.get_data(as_text=True))  # type: ignore[attr-defined]
    return parse(html).by_id("entry").text()


def test_a_round_saved_with_a_warning_says_so_in_the_entry_panel(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob", "Cy"])
    answer = enter_counts(phone, match_id, TOO_MANY, hx=True)
    assert count(phone.app, Entry) == 1, "saved anyway"
    entry = parse(unescape(answer.get_data(as_text=True))).by_id("entry")
    note = entry.find(class_="saved-note")
    assert note is not None and note.attrs.get("role") == "status", "a warning, not a refusal"
    assert note.text().startswith(
        "Round 1: check the footprints. Saved anyway: the footprint table is provisional."
    )
    assert "bear" in note.text()
    assert "Round 2 of 4" in entry.text(), "the form is the next round's"
    undo = note.find("form")
    assert undo is not None and undo.attrs["action"] == f"/m/{match_id}/undo/1"


def test_the_undo_beside_the_warning_brings_the_round_back_to_correct(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob", "Cy"])
    answer = enter_counts(phone, match_id, TOO_MANY, hx=True)
    undo = parse(unescape(answer.get_data(as_text=True))).by_id("entry").find(class_="saved-note")
    assert undo is not None
    fields = {i.attrs["name"]: i.attrs.get("value", "") for i in undo.find_all("input")}
    back = phone.post(f"/m/{match_id}/undo/1", fields, hx=True)
    html = unescape(back.get_data(as_text=True))
    assert count(phone.app, Entry) == 2
    assert 'name="counts-s0_bear"' in html and 'value="8"' in html
    assert "Round 1 of 4" in parse(html).by_id("entry").text()


def test_a_round_without_a_warning_says_nothing_in_the_panel(phone: Phone) -> None:
    match_id = start(phone)
    answer = enter_counts(phone, match_id, CLEAN_HUNT, hx=True)
    assert "check the footprints" not in panel(answer)


def test_the_warning_in_the_panel_is_in_the_phones_language(phone: Phone) -> None:
    match_id = start(phone, ["Ann", "Bob", "Cy"])
    fields = phone.entry_form(match_id, "counts")
    for seat, row in enumerate(TOO_MANY):
        fields.update({f"counts-s{seat}_{animal}": str(n) for animal, n in row.items()})
    italian = {"Accept-Language": "it-IT,it;q=0.9"}
    answer = phone.post(f"/m/{match_id}/entry/counts", fields, hx=True, headers=italian)
    assert panel(answer).startswith("Turno 1: controlla le impronte.")
