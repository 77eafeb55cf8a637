"""A changed poll costs what changed: another phone's round reaches a phone that shows the
version before it as its line on top, with the same statements and the same bytes at a short
and a long log; an undo or a large gap brings the newest lines whole. Seats, seat requests,
invite and host panel come only when something other than a move changed (or a move ended the
match); the entry panel comes when the phone asks for it (``entry=<kind>``, its own untouched)."""

from __future__ import annotations

from typing import Any

from flask import Flask
from sqlalchemy import event

from companion.extensions import db
from companion.models import Match
from companion.sheet import append
from companion.views.log_lines import LOG_WINDOW

from ..conftest import Phone
from .helpers import parse
from .test_write_cost import log_part, logged_match


def another_phone_enters(
    phone: Phone, match_id: int, move: dict[str, Any], undoes: int | None = None
) -> None:
    """A move stored as another phone's write would store it (the poller's own app)."""
    with phone.app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        assert append(
            match, move, version=match.version, idem_key=None, seat=1, device=None, undoes=undoes
        ).ok


def shown_version(phone: Phone, match_id: int) -> str:
    """The version the phone's sheet shows (its poll says it as ``v``)."""
    page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True))
    return str(page.by_id("scoreboard").attrs["data-version"])


def a_changed_poll(app: Flask, phone: Phone, match_id: int) -> tuple[int, str]:
    """The statements and the answer of a poll after another phone's round."""
    known = shown_version(phone, match_id)
    another_phone_enters(phone, match_id, {"type": "round", "heads": [0, 4, 0]})
    sent: list[str] = []
    with app.app_context():
        engine = db.engine

    def count(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        sent.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        answer = phone.get(f"/m/{match_id}/live?v={known}", hx=True)
    finally:
        event.remove(engine, "before_cursor_execute", count)
    assert answer.status_code == 200
    return len(sent), answer.get_data(as_text=True)


def test_a_changed_poll_costs_the_same_at_200_entries_as_at_20(app: Flask) -> None:
    """At 20 entries the log is cut already, as at 200 (the answer that first cuts it brings
    the "Show all" line whole, once)."""
    phone = Phone(app)
    short, short_body = a_changed_poll(app, phone, logged_match(phone, 20))
    long, long_body = a_changed_poll(app, phone, logged_match(phone, 200))
    assert short == long
    assert len(log_part(short_body)) == len(log_part(long_body))
    print(f"changed poll: {short} statements; {len(short_body)} / {len(long_body)} bytes,")
    print(f"log pieces {len(log_part(short_body))} / {len(log_part(long_body))}")


def test_a_changed_poll_adds_the_new_line_on_top(app: Flask) -> None:
    phone = Phone(app)
    match_id = logged_match(phone, 25)
    _sent, body = a_changed_poll(app, phone, match_id)
    answer = parse(body)
    assert not answer.find(id="log")
    added = answer.find("ol", **{"hx-swap-oob": "afterbegin:#log-entries"})
    assert added is not None
    assert [line.attrs["id"] for line in added.find_all("li")] == ["log-26"]
    assert "Round: Ann 0 · Bob 4 · Cy 0" in added.text()
    assert len(answer.find_all("time")) == 1  # the shown lines count their own times
    assert answer.by_id("log-count").text() == "26"  # the shown "Show all" line's new count


def test_an_undo_or_a_large_gap_brings_the_newest_lines_whole(app: Flask) -> None:
    phone = Phone(app)
    match_id = logged_match(phone, 15)
    known = shown_version(phone, match_id)
    another_phone_enters(phone, match_id, {"type": "undo"}, undoes=15)
    answer = parse(phone.get(f"/m/{match_id}/live?v={known}", hx=True).get_data(as_text=True))
    whole = answer.by_id("log")
    assert len(whole.find_all("li")) == LOG_WINDOW
    assert "undone" in whole.find_all("li")[1].text()

    known = shown_version(phone, match_id)
    for _ in range(LOG_WINDOW):
        another_phone_enters(phone, match_id, {"type": "round", "heads": [1, 1, 1]})
    answer = parse(phone.get(f"/m/{match_id}/live?v={known}", hx=True).get_data(as_text=True))
    assert len(answer.by_id("log").find_all("li")) == LOG_WINDOW
    assert not answer.find("ol", **{"hx-swap-oob": "afterbegin:#log-entries"})


def panels_of(body: str) -> set[str]:
    """The ids of the panels an answer replaces out of band."""
    swapped = parse(body).find_all(**{"hx-swap-oob": True})
    return {str(node.attrs["id"]) for node in swapped if "id" in node.attrs}


def test_a_poll_after_moves_only_leaves_the_seats_and_host_panel_alone(app: Flask) -> None:
    phone = Phone(app)
    match_id = logged_match(phone, 5)
    _sent, body = a_changed_poll(app, phone, match_id)
    assert panels_of(body) == set()  # the new line only: a whole log has no "Show all" to count
    assert 'id="scoreboard"' in body

    known = shown_version(phone, match_id)
    guest = Phone(app)
    guest.join(match_id)  # a phone joins: not a move, the seats may read differently now
    guest.claim(match_id, 1)
    answer = phone.get(f"/m/{match_id}/live?v={known}", hx=True).get_data(as_text=True)
    assert {"seats", "asks", "invite", "host", "log"} <= panels_of(answer)


def test_a_move_that_ends_the_match_brings_every_panel(app: Flask) -> None:
    phone = Phone(app)
    match_id = phone.new_match(["Ann", "Bob", "Cy"], end="limit", limit="10")
    phone.claim(match_id, 0)
    phone.enter_heads(match_id, [1, 2, 3])
    known = shown_version(phone, match_id)
    another_phone_enters(phone, match_id, {"type": "round", "heads": [11, 0, 0]})
    answer = phone.get(f"/m/{match_id}/live?v={known}", hx=True).get_data(as_text=True)
    assert "Match over" in answer
    assert {"seats", "asks", "invite", "host"} <= panels_of(answer)


def test_a_poll_brings_the_entry_panel_only_when_the_phone_asks(app: Flask) -> None:
    phone = Phone(app)
    match_id = logged_match(phone, 3)
    known = shown_version(phone, match_id)
    another_phone_enters(phone, match_id, {"type": "round", "heads": [0, 4, 0]})
    plain = phone.get(f"/m/{match_id}/live?v={known}", hx=True).get_data(as_text=True)
    assert "entry" not in panels_of(plain)

    asked = phone.get(f"/m/{match_id}/live?v={known}&entry=heads", hx=True)
    panel = parse(asked.get_data(as_text=True)).by_id("entry")
    assert panel.attrs["hx-swap-oob"] == "true"
    version = next(i for i in panel.find_all("input") if i.attrs.get("name") == "heads-version")
    assert version.attrs["value"] == shown_version(phone, match_id)
    assert (
        phone.get(
            f"/m/{match_id}/live?v={shown_version(phone, match_id)}&entry=heads", hx=True
        ).status_code
        == 204
    )


def test_a_round_sent_after_a_seat_change_brings_the_seats_along(app: Flask) -> None:
    ann = Phone(app)
    match_id = logged_match(ann, 3)
    form = ann.entry_form(match_id)
    bob = Phone(app)
    bob.join(match_id)  # not a move: Ann's form is still taken, its page's seats are not fresh
    bob.claim(match_id, 1)
    answer = ann.enter_heads(match_id, [0, 1, 0], hx=True, form=form).get_data(as_text=True)
    assert {"seats", "asks", "invite", "host"} <= panels_of(answer)
    assert "ask its phone" in parse(answer).by_id("seats").text()
    answer = ann.enter_heads(match_id, [0, 1, 0], hx=True).get_data(as_text=True)
    assert not {"seats", "asks", "invite", "host"} & panels_of(answer)
