"""A log opened in full stays open: a poll and a write answer that say ``log=all`` bring (or
keep) every line, and a form sent without JavaScript from a ``?log=all`` page lands on one."""

from __future__ import annotations

from flask import Flask

from companion.views.log_lines import LOG_WINDOW

from ..conftest import Phone
from .helpers import parse
from .test_write_cost import logged_match


def test_a_poll_from_an_opened_log_brings_every_line(app: Flask) -> None:
    phone = Phone(app)
    match_id = logged_match(phone, LOG_WINDOW + 2)
    shut = parse(phone.get(f"/m/{match_id}/live", hx=True).get_data(as_text=True)).by_id("log")
    assert len(shut.find_all("li")) == LOG_WINDOW
    assert "data-log" not in shut.attrs
    answer = phone.get(f"/m/{match_id}/live?log=all", hx=True).get_data(as_text=True)
    opened = parse(answer).by_id("log")
    assert len(opened.find_all("li")) == LOG_WINDOW + 2
    assert opened.attrs["data-log"] == "all"
    assert "Show all" not in opened.text()


def test_a_write_answer_to_an_opened_log_offers_no_show_all(app: Flask) -> None:
    phone = Phone(app)
    match_id = logged_match(phone, LOG_WINDOW + 2)
    fields = dict(phone.entry_form(match_id), log="all")
    fields.update({f"heads-seat{i}": "1" for i in range(3)})
    answer = phone.post(f"/m/{match_id}/entry/heads", fields, hx=True).get_data(as_text=True)
    assert "log-13" in answer
    assert "Show all" not in answer
    shut = dict(phone.entry_form(match_id))
    shut.update({f"heads-seat{i}": "2" for i in range(3)})
    answer = phone.post(f"/m/{match_id}/entry/heads", shut, hx=True).get_data(as_text=True)
    assert '<span id="log-count" hx-swap-oob="true">14</span>' in answer  # the shown line's count


def test_a_form_sent_without_javascript_from_an_opened_log_lands_on_it(app: Flask) -> None:
    phone = Phone(app)
    match_id = logged_match(phone, LOG_WINDOW + 2)
    opened = f"http://localhost/m/{match_id}?log=all"
    for referrer, lands in ((opened, "?log=all#scoreboard"), (None, f"/m/{match_id}#scoreboard")):
        fields = dict(phone.entry_form(match_id))
        fields.update({f"heads-seat{i}": "1" for i in range(3)})
        headers = {"Referer": referrer} if referrer else {}
        answer = phone.post(f"/m/{match_id}/entry/heads", fields, headers=headers)
        assert answer.status_code == 303
        assert answer.headers["Location"].endswith(lands)
    elsewhere = f"http://elsewhere.example/m/{match_id}?log=all"
    fields = dict(phone.entry_form(match_id))
    fields.update({f"heads-seat{i}": "3" for i in range(3)})
    answer = phone.post(f"/m/{match_id}/entry/heads", fields, headers={"Referer": elsewhere})
    assert answer.headers["Location"].endswith(f"/m/{match_id}#scoreboard")


def test_a_seat_or_host_tap_from_an_opened_log_lands_on_it(app: Flask) -> None:
    """ "I am …" and the host's controls are forms too: the sheet they send the phone back to
    keeps the log whole when the page they were sent from showed it whole."""
    phone = Phone(app)
    match_id = logged_match(phone, LOG_WINDOW + 2)
    opened = {"Referer": f"http://localhost/m/{match_id}?log=all"}
    taps = (
        (f"/m/{match_id}/seat", {"seat": "2"}, "?log=all&switch=2#seats", "?switch=2#seats"),
        (f"/m/{match_id}/seat", {"seat": "1", "switch": "1"}, "?log=all#seats", "#seats"),
        (f"/m/{match_id}/seat/cancel", {}, "?log=all#seats", "#seats"),
        (
            f"/m/{match_id}/host/lock",
            {"locked": "1"},
            "?log=all&done=controls#host",
            "?done=controls#host",
        ),
    )
    for url, fields, kept, shut in taps:
        answer = phone.post(url, fields, headers=opened)
        assert answer.status_code == 303
        assert answer.headers["Location"].endswith(f"/m/{match_id}{kept}"), url
        answer = phone.post(url, fields)
        assert answer.headers["Location"].endswith(f"/m/{match_id}{shut}"), url
    told = phone.post(f"/m/{match_id}/seat", {"seat": "2", "log": "all", "switch": "1"}, hx=True)
    assert told.headers["HX-Location"].endswith(f"/m/{match_id}?log=all#seats")


def test_show_all_puts_the_opened_log_in_the_address(app: Flask) -> None:
    """The tap on "Show all" makes the page's address the opened log's (``hx-replace-url``),
    which a form sent from the page then names as its referrer."""
    phone = Phone(app)
    match_id = logged_match(phone, LOG_WINDOW + 2)
    page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True))
    link = page.by_id("log-more").find("a")
    assert link is not None
    assert link.attrs["hx-replace-url"] == f"/m/{match_id}?log=all"
