"""An undo in a match that is over asks first, whichever button it came from.

A log line drawn while the match was open has a plain Undo; the match then ends on another
phone, and polls only add the new line, so the old button stays. Tapped, it must not take the
result out of the history at once: the server refuses it with the question (the match is over,
an undo can reopen it) and offers "Yes, undo entry #N" in place. A line drawn after the end
asks in its own <details>, and its button is that confirmation.
"""

from __future__ import annotations

from html import unescape
from typing import Any

from companion.models import Entry

from ..conftest import Phone, count
from .helpers import is_full_page, match_row, parse, table, undo_form

ITALIAN = {"Accept-Language": "it-IT,it;q=0.9"}


def ended_under_an_old_button(phone: Phone, other: Phone) -> tuple[int, dict[str, str]]:
    """Bob enters round 1 and keeps his page (a plain Undo on his own line); Ann's round 2
    ends the match. Returns the match and the fields of Bob's old Undo button."""
    match_id = table(phone, other, end="rounds", rounds="2")
    assert other.enter_heads(match_id, [3, 13]).status_code == 303
    old_button = undo_form(other, match_id, 1)
    assert "for_other" not in old_button, "his own line, while the match is open: no question"
    assert phone.enter_heads(match_id, [5, 1]).status_code == 303
    assert match_row(phone.app, match_id)["status"] == "finished"
    return match_id, old_button


def confirm_form(html: str, match_id: int) -> dict[str, Any]:
    """The "Yes, undo entry #N" form the refusal offers, with its fields and words."""
    form = parse(html).by_id("entry").find("form", class_="confirm-undo")
    assert form is not None, "the refusal offers the confirmation in place"
    fields = {i.attrs["name"]: i.attrs.get("value", "") for i in form.find_all("input")}
    return {"action": form.attrs["action"], "fields": fields, "text": form.text()}


def test_an_undo_button_drawn_before_the_end_asks_before_reopening_the_match(
    phone: Phone, other: Phone
) -> None:
    match_id, old_button = ended_under_an_old_button(phone, other)
    ended = match_row(phone.app, match_id)
    refused = other.post(f"/m/{match_id}/undo/1", {**old_button, "idem": "u-1"}, hx=True)
    assert refused.status_code == 200
    html = unescape(refused.get_data(as_text=True))
    notice = parse(html).by_id("entry").find(class_="notice")
    assert notice is not None
    assert "The match is over. Undoing this entry can reopen it" in notice.text()
    assert count(phone.app, Entry) == 2, "nothing is stored"
    assert match_row(phone.app, match_id) == ended, "the result stays in the history"
    confirm = confirm_form(html, match_id)
    assert confirm["action"] == f"/m/{match_id}/undo/1"
    assert confirm["fields"]["after_end"] == "1"
    assert "Yes, undo entry #1" in confirm["text"]
    answer = other.post(confirm["action"], {**confirm["fields"], "idem": "u-2"}, hx=True)
    assert answer.status_code == 200 and count(phone.app, Entry) == 3
    assert match_row(phone.app, match_id)["status"] == "playing"


def test_without_javascript_the_question_comes_on_the_whole_page(
    phone: Phone, other: Phone
) -> None:
    match_id, old_button = ended_under_an_old_button(phone, other)
    refused = other.post(f"/m/{match_id}/undo/1", {**old_button, "idem": "u-1"})
    html = unescape(refused.get_data(as_text=True))
    assert refused.status_code == 200 and is_full_page(html)
    assert "can reopen it" in parse(html).by_id("entry").text()
    assert count(phone.app, Entry) == 2
    confirm = confirm_form(html, match_id)
    answer = other.post(confirm["action"], {**confirm["fields"], "idem": "u-2"})
    assert answer.status_code == 303
    assert match_row(phone.app, match_id)["status"] == "playing"


def test_a_line_drawn_after_the_end_asks_in_place_and_its_button_is_the_confirmation(
    phone: Phone, other: Phone
) -> None:
    match_id, _old = ended_under_an_old_button(phone, other)
    line = parse(other.get(f"/m/{match_id}").get_data(as_text=True)).by_id("log-1")
    question = line.find("details", class_="for-other")
    assert question is not None and "can reopen the match" in question.text()
    button = undo_form(other, match_id, 1)
    assert button["after_end"] == "1" and "for_other" not in button  # his own entry
    assert other.post(f"/m/{match_id}/undo/1", button).status_code == 303, "one tap, no more"
    assert match_row(phone.app, match_id)["status"] == "playing"


def test_the_question_after_the_end_is_asked_in_the_phones_language(
    phone: Phone, other: Phone
) -> None:
    match_id, old_button = ended_under_an_old_button(phone, other)
    refused = other.post(
        f"/m/{match_id}/undo/1", {**old_button, "idem": "u-1"}, hx=True, headers=ITALIAN
    )
    html = unescape(refused.get_data(as_text=True))
    assert "La partita è finita" in parse(html).by_id("entry").text()
    assert "Sì, annulla l'inserimento #1" in confirm_form(html, match_id)["text"]
    assert count(phone.app, Entry) == 2


def test_another_phones_entry_after_the_end_is_asked_about_once_for_both(
    phone: Phone, other: Phone
) -> None:
    match_id, _old = ended_under_an_old_button(phone, other)
    version = str(match_row(phone.app, match_id)["version"])
    refused = phone.post(f"/m/{match_id}/undo/1", {"version": version, "idem": "u-1"}, hx=True)
    said = parse(unescape(refused.get_data(as_text=True))).by_id("entry").text()
    assert "The match is over" in said and "Bob's phone made that entry" in said
    assert count(phone.app, Entry) == 2
    confirmed = {"version": version, "idem": "u-2", "for_other": "1", "after_end": "1"}
    assert phone.post(f"/m/{match_id}/undo/1", confirmed).status_code == 303
    assert count(phone.app, Entry) == 3


def test_another_phones_line_drawn_before_the_end_still_asks_about_the_end(
    phone: Phone, other: Phone
) -> None:
    """Its button confirms only what it asked (Bob's phone made the entry): the end, which
    came after it was drawn, is asked about before the match reopens."""
    match_id = table(phone, other, end="rounds", rounds="2")
    assert other.enter_heads(match_id, [3, 13]).status_code == 303
    bobs_line = undo_form(phone, match_id, 1)  # Ann's page: "Bob's phone made this entry"
    assert bobs_line["for_other"] == "1" and "after_end" not in bobs_line
    assert other.enter_heads(match_id, [5, 1]).status_code == 303  # the match ends
    refused = phone.post(f"/m/{match_id}/undo/1", {**bobs_line, "idem": "u-1"}, hx=True)
    said = parse(unescape(refused.get_data(as_text=True))).by_id("entry").text()
    assert "The match is over" in said and "Bob's phone made that entry" not in said
    assert count(phone.app, Entry) == 2
    assert match_row(phone.app, match_id)["status"] == "finished"


def test_an_entry_already_undone_after_the_end_is_not_asked_about(
    phone: Phone, other: Phone
) -> None:
    match_id, _old = ended_under_an_old_button(phone, other)
    assert other.post(f"/m/{match_id}/undo/2", undo_form(other, match_id, 2)).status_code == 303
    assert other.enter_heads(match_id, [1, 1]).status_code == 303  # it ends again
    version = str(match_row(phone.app, match_id)["version"])
    again = other.post(f"/m/{match_id}/undo/2", {"version": version, "idem": "u-9"}, hx=True)
    said = parse(unescape(again.get_data(as_text=True))).by_id("entry").text()
    assert "already undone" in said and "The match is over" not in said
    assert parse(unescape(again.get_data(as_text=True))).find(class_="confirm-undo") is None
