"""The live sheet: 204 while unchanged, the fresh scoreboard after a change, no poll at the end."""

from __future__ import annotations

from ..conftest import Phone
from .helpers import match_row, parse, table, top_elements


def version(phone: Phone, match_id: int) -> int:
    return int(match_row(phone.app, match_id)["version"])


def poll_url_of(phone: Phone, match_id: int) -> str:
    """The URL the scoreboard on the page polls."""
    board = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("scoreboard")
    return board.attrs["hx-get"]


def test_poll_is_204_while_nothing_changed(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    url = poll_url_of(other, match_id)
    assert url == f"/m/{match_id}/live?v={version(phone, match_id)}"
    response = other.get(url, hx=True)
    assert response.status_code == 204
    assert response.get_data() == b""
    assert "HX-Request" in response.headers["Vary"]


def test_poll_after_another_phones_entry_brings_the_fresh_scoreboard(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    url = poll_url_of(other, match_id)
    assert phone.enter_heads(match_id, [3, 13]).status_code == 303
    response = other.get(url, hx=True)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<html" not in html
    board = top_elements(html)[0]
    assert board.attrs["id"] == "scoreboard"
    totals = board.find("tr", class_="totals")
    assert totals is not None and totals.text().split()[-2:] == ["3", "13"]
    new_version = version(phone, match_id)
    assert board.attrs["hx-get"] == f"/m/{match_id}/live?v={new_version}"
    assert board.attrs["data-version"] == str(new_version)
    # The next poll with the fresh version is quiet again.
    assert other.get(board.attrs["hx-get"], hx=True).status_code == 204


def test_poll_fragment_also_refreshes_the_log_out_of_band(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    url = poll_url_of(other, match_id)
    phone.enter_heads(match_id, [3, 13])
    page = parse(other.get(url, hx=True).get_data(as_text=True))
    log = page.by_id("log")
    assert log.attrs.get("hx-swap-oob") == "true"
    assert "#1" in log.text()
    assert page.find(id="entry") is None, "the poll never replaces the entry form"


def test_a_plain_get_of_the_live_url_gives_the_whole_page(phone: Phone, other: Phone) -> None:
    """With JavaScript off the live URL is still a usable page."""
    match_id = table(phone, other)
    html = other.get(f"/m/{match_id}/live?v=0").get_data(as_text=True)
    assert "<html" in html
    parse(html).by_id("entry")


def test_the_open_scoreboard_polls_every_two_seconds(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    board = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("scoreboard")
    assert "every 2s" in board.attrs["hx-trigger"]
    assert board.attrs["hx-swap"] == "outerHTML"


def test_the_finished_match_polls_until_the_rematch_then_stops(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, end="rounds", rounds="1")
    url = poll_url_of(other, match_id)
    assert phone.enter_heads(match_id, [3, 13]).status_code == 303
    assert match_row(phone.app, match_id)["status"] == "finished"
    listening = top_elements(other.get(url, hx=True).get_data(as_text=True))[0]
    assert "hx-trigger" in listening.attrs, "every phone hears of a rematch"
    url = poll_url_of(other, match_id)
    assert phone.post(f"/m/{match_id}/rematch").status_code == 303
    fragment = top_elements(other.get(url, hx=True).get_data(as_text=True))[0]
    assert fragment.attrs["id"] == "scoreboard"
    assert "The rematch has started" in fragment.text()
    assert "hx-trigger" not in fragment.attrs
    assert "hx-get" not in fragment.attrs
    assert "Winner: Ann" in fragment.text()
    for path in (f"/m/{match_id}", f"/m/{match_id}/live?v=0"):
        board = parse(other.get(path).get_data(as_text=True)).by_id("scoreboard")
        assert "hx-trigger" not in board.attrs, path
        assert not parse(other.get(path).get_data(as_text=True)).find_all(hx_trigger=True)


def test_the_abandoned_match_stops_polling(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    assert phone.post(f"/m/{match_id}/host/abandon").status_code == 303
    board = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("scoreboard")
    assert "hx-trigger" not in board.attrs


def test_the_entry_form_is_outside_the_polled_region(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    for kind in ("heads", "cards"):
        page = parse(phone.get(f"/m/{match_id}?entry={kind}").get_data(as_text=True))
        board = page.by_id("scoreboard")
        assert board.find("form") is None or not board.find_all("input", type="number")
        assert board.find(id="entry") is None
        form = page.find("form", action=f"/m/{match_id}/entry/{kind}")
        assert form is not None
        polled = [a for a in form.ancestors() if "hx-trigger" in a.attrs]
        assert not polled, f"the {kind} form sits inside a polled element"
        assert all(a.attrs.get("id") != "scoreboard" for a in form.ancestors())


def test_the_viewer_polls_its_own_live_url(phone: Phone) -> None:
    from .helpers import viewer_path

    match_id = phone.new_match(["Ann", "Bob"])
    viewer = Phone(phone.app)
    path = viewer_path(phone, match_id)
    board = parse(viewer.get(path).get_data(as_text=True)).by_id("scoreboard")
    poll = board.attrs["hx-get"]
    assert poll.startswith(path + "/live?v=")
    assert viewer.get(poll, hx=True).status_code == 204
    phone.enter_heads(match_id, [1, 2])
    response = viewer.get(poll, hx=True)
    assert response.status_code == 200
    assert top_elements(response.get_data(as_text=True))[0].attrs["id"] == "scoreboard"
