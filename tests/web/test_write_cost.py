"""A write costs what it changes: the same statements at a short and a long log, an answer that
adds its log line (the shown lines count their own times in the page) instead of re-sending the
log, and the rest of the log a tap away."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from sqlalchemy import event

from companion.extensions import db
from companion.models import Match
from companion.sheet import append
from companion.snapshot import snapshots
from companion.views.log_lines import LOG_WINDOW

from ..conftest import Phone
from .helpers import parse

PLAYERS = ["Ann", "Bob", "Cy"]


def logged_match(phone: Phone, entries: int) -> int:
    """A 6 nimmt! match that never ends by heads, with ``entries`` rounds already logged."""
    match_id = phone.new_match(PLAYERS, end="limit", limit="1000")
    phone.claim(match_id, 0)
    with phone.app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        for n in range(entries):
            move = {"type": "round", "heads": [n % 2, 1, 0]}
            assert append(match, move, version=match.version, idem_key=None, seat=0, device=None).ok
    return match_id


def statements_of_a_round(app: Flask, phone: Phone, match_id: int) -> int:
    """How many SQL statements one round sends, answer included, from a form the phone has."""
    form = phone.entry_form(match_id)
    form.update({"heads-seat0": "1", "heads-seat1": "2", "heads-seat2": "0"})
    sent: list[str] = []
    with app.app_context():
        engine = db.engine

    def count(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        sent.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        answer = phone.post(f"/m/{match_id}/entry/heads", form, hx=True)
    finally:
        event.remove(engine, "before_cursor_execute", count)
    assert answer.status_code == 200
    assert "Round: Ann 1 · Bob 2 · Cy 0" in answer.get_data(as_text=True)
    return len(sent)


def test_a_round_sends_as_many_statements_at_200_entries_as_at_10(app: Flask) -> None:
    phone = Phone(app)
    short = statements_of_a_round(app, phone, logged_match(phone, 10))
    long = statements_of_a_round(app, phone, logged_match(phone, 200))
    assert short == long


def test_a_round_reads_no_log_when_the_previous_version_is_kept(app: Flask) -> None:
    phone = Phone(app)
    match_id = logged_match(phone, 30)
    form = phone.entry_form(match_id)  # the page keeps the fold of this version
    form.update({"heads-seat0": "1", "heads-seat1": "2", "heads-seat2": "0"})
    sent: list[str] = []
    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", lambda *a: sent.append(a[2]))
    phone.post(f"/m/{match_id}/entry/heads", form, hx=True)
    reads = [s for s in sent if s.lstrip().upper().startswith("SELECT") and "FROM entries" in s]
    assert all("idem_key = " in s for s in reads), reads  # only the one-time key is looked up


def test_the_answer_reads_neither_the_members_again_nor_a_held_move(app: Flask) -> None:
    phone, other = Phone(app), Phone(app)
    match_id = logged_match(phone, 5)
    other.join(match_id)
    other.claim(match_id, 1)  # the answer's undo buttons name the lines' other phones
    form = phone.entry_form(match_id)
    form.update({"heads-seat0": "1", "heads-seat1": "2", "heads-seat2": "0"})
    sent: list[str] = []
    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", lambda *a: sent.append(a[2]))
    answer = phone.post(f"/m/{match_id}/entry/heads", form, hx=True)
    assert answer.status_code == 200
    assert sum("FROM memberships" in s for s in sent) == 1, sent
    assert not any("FROM pending" in s for s in sent), sent


def round_body(phone: Phone, match_id: int, form: dict[str, str] | None = None) -> str:
    """The htmx answer to a round entered from ``form`` (a fresh one by default), as sent."""
    fields = dict(form or phone.entry_form(match_id))
    fields.update({"heads-seat0": "3", "heads-seat1": "0", "heads-seat2": "0"})
    answer = phone.post(f"/m/{match_id}/entry/heads", fields, hx=True)
    assert answer.status_code == 200
    return str(answer.get_data(as_text=True))


def round_answer(phone: Phone, match_id: int, form: dict[str, str] | None = None) -> Any:
    """The htmx answer to a round, parsed."""
    return parse(round_body(phone, match_id, form))


def log_part(body: str) -> str:
    """The answer's log pieces (new lines, "Show all"; the scoreboard before them and the
    panels after are their own templates' business), numbers folded to one sign and times left
    out: a longer log has longer numbers (and took longer to store), not more to send. The form
    token is left out too: signed with the time, its digits (folded) change its length."""
    start = body.index('<ol hx-swap-oob="afterbegin:#log-entries">')
    timeless = re.sub(r"<time [^>]*>[^<]*</time>", "…", body[start:])  # "3 seconds ago"
    tokenless = re.sub(r'(name="csrf_token" value=")[^"]*"', r'\1"', timeless)
    return re.sub(r"\d+", "#", tokenless)


def test_the_answer_to_a_round_adds_its_line_and_not_the_whole_log(app: Flask) -> None:
    phone = Phone(app)
    match_id = logged_match(phone, 25)
    answer = round_answer(phone, match_id)
    assert not answer.find(id="log")
    added = answer.find("ol", **{"hx-swap-oob": "afterbegin:#log-entries"})
    assert added is not None
    lines = added.find_all("li")
    assert [line.attrs["id"] for line in lines] == ["log-26"]
    assert "Round: Ann 3 · Bob 0 · Cy 0" in lines[0].text()
    assert lines[0].find("input", **{"data-sheet-version": True}) is not None
    stamp = lines[0].find("time")
    assert stamp is not None and stamp.attrs["datetime"].endswith("Z")  # the page counts it on
    assert len(answer.find_all("time")) == 1  # the shown lines' times are not re-sent
    assert not lines[0].find_all(**{"hx-swap-oob": True})
    assert not answer.find(id="log-more")  # the phone shows "Show all 25 entries": only the count
    count = answer.by_id("log-count")
    assert count.attrs.get("hx-swap-oob") == "true" and count.text() == "26"
    assert answer.by_id("scoreboard").attrs.get("hx-swap-oob") == "true"
    assert answer.by_id("entry").find("form") is not None


def test_an_undo_a_first_entry_and_a_repeated_tap_bring_the_newest_lines_whole(
    app: Flask,
) -> None:
    phone = Phone(app)
    match_id = logged_match(phone, 0)
    first = round_answer(phone, match_id)
    assert len(first.by_id("log").find_all("li")) == 1
    for _ in range(LOG_WINDOW + 2):
        form = phone.entry_form(match_id)
        round_answer(phone, match_id, form)
    again = round_answer(phone, match_id, form)  # the same one-time key: stored once
    log = again.by_id("log")
    assert log.attrs.get("hx-swap-oob") == "true"
    assert len(log.find_all("li")) == LOG_WINDOW
    version = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("scoreboard")
    undo = phone.post(f"/m/{match_id}/undo/12", {"version": version.attrs["data-version"]}, hx=True)
    log = parse(undo.get_data(as_text=True)).by_id("log")
    assert "undone" in log.by_id("log-12").text()
    assert "Undo of #12" in log.by_id("log-14").text()
    assert not log.find_all("div", **{"hx-swap-oob": True})  # nothing swapped twice


def test_the_sheet_shows_the_newest_entries_and_the_rest_a_tap_away(app: Flask) -> None:
    phone = Phone(app)
    match_id = logged_match(phone, LOG_WINDOW + 2)
    page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True))
    assert len(page.by_id("log").find_all("li")) == LOG_WINDOW
    link = page.by_id("log").find("p", class_="log-more")
    assert link is not None and "Show all 12 entries" in link.text()
    more = link.find("a")
    assert more is not None
    assert more.attrs["href"] == f"/m/{match_id}?log=all#log"
    everything = parse(phone.get(f"/m/{match_id}?log=all").get_data(as_text=True))
    assert len(everything.by_id("log").find_all("li")) == LOG_WINDOW + 2
    assert "Show all" not in everything.by_id("log").text()
    tapped = parse(phone.get(more.attrs["hx-get"], hx=True).get_data(as_text=True))
    assert len(tapped.by_id("log").find_all("li")) == LOG_WINDOW + 2
    assert tapped.by_id("log").find_all("form")  # each line can still be undone
    plain = phone.get(more.attrs["hx-get"])
    assert plain.status_code == 303
    assert plain.headers["Location"].endswith(f"/m/{match_id}?log=all#log")


def test_an_entry_older_than_the_shown_ones_can_still_be_undone(app: Flask) -> None:
    phone = Phone(app)
    match_id = logged_match(phone, LOG_WINDOW + 3)
    page = parse(phone.get(f"/m/{match_id}?log=all").get_data(as_text=True))
    version = page.by_id("scoreboard").attrs["data-version"]
    answer = phone.post(f"/m/{match_id}/undo/1", {"version": version})
    assert answer.status_code == 303
    everything = parse(phone.get(f"/m/{match_id}?log=all").get_data(as_text=True)).by_id("log")
    assert "Undo of #1" in everything.text()
    assert "undone" in everything.find_all("li")[-1].text()


def test_a_worker_that_kept_an_older_version_folds_on_to_the_new_one(app: Flask) -> None:
    phone = Phone(app)
    other = Phone(app)
    match_id = logged_match(phone, 3)
    phone.get(f"/m/{match_id}")  # this worker keeps version v
    with app.app_context():
        kept = dict(snapshots().entries)
    for heads in ([1, 0, 0], [0, 5, 0]):
        phone.enter_heads(match_id, heads)
    with app.app_context():
        snapshots().entries.update(kept)  # as if the writes had gone to another worker
    other.join(match_id)
    board = parse(other.get(f"/m/{match_id}").get_data(as_text=True)).by_id("scoreboard")
    row = board.find("tr", class_="totals")
    assert row is not None
    totals = [td.text() for td in row.find_all("td")]
    assert totals == ["2", "8", "0"]


def test_the_show_all_line_comes_once_the_log_is_cut_and_then_only_its_count(app: Flask) -> None:
    phone = Phone(app)
    match_id = logged_match(phone, LOG_WINDOW - 1)
    whole = round_answer(phone, match_id)  # the tenth entry: the log is still whole
    assert not whole.find(id="log-more") and not whole.find(id="log-count")
    cut = round_answer(phone, match_id)  # the eleventh cuts it: the line comes whole
    more = cut.by_id("log-more")
    assert more.attrs.get("hx-swap-oob") == "true" and "Show all 11 entries" in more.text()
    assert more.by_id("log-count").text() == "11"
    counted = round_answer(phone, match_id)
    assert not counted.find(id="log-more")
    assert counted.by_id("log-count").text() == "12"


def test_a_rounds_answer_is_as_long_at_200_entries_as_at_20(app: Flask) -> None:
    """Numbers folded to one sign, times and form tokens left out (:func:`log_part`)."""
    phone = Phone(app)
    short = round_body(phone, logged_match(phone, 20))
    long = round_body(phone, logged_match(phone, 200))
    assert len(log_part(short)) == len(log_part(long))
