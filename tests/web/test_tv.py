"""The TV page: its own link (a new join code leaves it alone, the host can revoke it), large
totals and the leader, the game's own board and the last entries."""

from __future__ import annotations

from ..conftest import Phone
from .helpers import parse, table, text_of, top_elements, viewer_path


def test_the_tv_shows_totals_the_leader_the_board_and_the_last_entries(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other, names=["Ann", "Bob", "Cy"])
    phone.enter_heads(match_id, [10, 4, 7])
    screen = Phone(phone.app)
    page = parse(screen.get(viewer_path(phone, match_id)).get_data(as_text=True))
    board = page.by_id("scoreboard")
    assert "tv-board" in board.attrs["class"]
    totals = [li.text() for li in board.find("ol", class_="tv-totals").find_all("li")]  # type: ignore[union-attr]
    assert totals == ["Ann 10", "Bob 4", "Cy 7"]
    assert "Leading: Bob" in board.text()
    assert "Last entries" in board.text() and "#1" in board.text()
    assert board.find(class_="tv-game") is not None
    assert page.find("form", method="post") is None, "nothing to tap on the TV"


def test_the_tv_names_no_leader_while_everyone_is_level(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, names=["Ann", "Bob", "Cy"])
    phone.enter_heads(match_id, [3, 3, 3])
    screen = Phone(phone.app)
    board = parse(screen.get(viewer_path(phone, match_id)).get_data(as_text=True)).by_id(
        "scoreboard"
    )
    assert "Leading" not in board.text()  # not "Leading together: Ann, Bob, Cy"
    phone.enter_heads(match_id, [0, 1, 0])
    board = parse(screen.get(viewer_path(phone, match_id)).get_data(as_text=True)).by_id(
        "scoreboard"
    )
    assert "Leading together: Ann, Cy" in board.text()


def test_a_new_join_code_leaves_the_tv_link_working(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    path = viewer_path(phone, match_id)
    assert phone.post(f"/m/{match_id}/host/rotate").status_code == 303
    screen = Phone(phone.app)
    assert screen.get(path).status_code == 200
    assert viewer_path(phone, match_id) == path
    poll = parse(screen.get(path).get_data(as_text=True)).by_id("scoreboard").attrs["hx-get"]
    phone.post(f"/m/{match_id}/host/lock", {"locked": "1"})
    response = screen.get(poll, hx=True)
    assert response.status_code == 200
    assert top_elements(response.get_data(as_text=True))[0].attrs["id"] == "scoreboard"


def test_the_host_revokes_the_tv_link(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    path = viewer_path(phone, match_id)
    assert other.post(f"/m/{match_id}/host/tv").status_code == 403
    assert phone.post(f"/m/{match_id}/host/tv").status_code == 303
    screen = Phone(phone.app)
    gone = screen.get(path)
    assert gone.status_code == 404
    assert "This TV link no longer works: ask the host for the new one." in text_of(gone)
    assert "this phone" not in text_of(gone) and 'href="/j"' not in gone.get_data(as_text=True)
    fresh = viewer_path(phone, match_id)
    assert fresh != path and screen.get(fresh).status_code == 200
    assert "TV view for a big screen" in text_of(phone.get(f"/m/{match_id}"))


def test_the_tv_link_carries_the_language_of_the_phone_that_gave_it(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    phone.get(f"/lang/it?next=/m/{match_id}")
    path = viewer_path(phone, match_id) + "?lang=it"
    assert f'href="http://table.test{path}"' in phone.get(f"/m/{match_id}").get_data(as_text=True)
    screen = Phone(phone.app)  # a TV whose browser speaks English
    page = screen.get(path, headers={"Accept-Language": "en-US,en;q=0.9"})
    assert '<html lang="it">' in page.get_data(as_text=True)
    assert "Nessun" in text_of(page) or "Ancora" in text_of(page)
    again = screen.get(path.split("?")[0], headers={"Accept-Language": "en-US,en;q=0.9"})
    assert '<html lang="it">' in again.get_data(as_text=True)  # the TV keeps it


def test_the_tv_follows_the_table_to_its_rematch(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, names=["Ann", "Bob"])
    old = viewer_path(phone, match_id)
    screen = Phone(phone.app)
    board = parse(screen.get(old).get_data(as_text=True)).by_id("scoreboard")
    phone.enter_heads(match_id, [70, 2])
    rematch = phone.post(f"/m/{match_id}/rematch")
    new_id = int(rematch.headers["Location"].rstrip("/").split("/")[-1])
    new = viewer_path(phone, new_id)
    assert new != old
    poll = screen.get(f"{board.attrs['hx-get']}", hx=True)  # the TV's poll sees the rematch
    assert poll.status_code == 204 and poll.headers["HX-Redirect"] == new
    opened = screen.get(old)  # the old link, opened anew, goes on to the rematch too
    assert opened.status_code == 303 and opened.headers["Location"].endswith(new)
    assert "Ann" in text_of(screen.get(new))
    # A rematch whose TV link the host renewed is not reached through an older link.
    assert phone.post(f"/m/{new_id}/host/tv").status_code == 303
    assert screen.get(old).status_code == 200  # the finished match, no longer led on
    assert screen.get(new).status_code == 404


def test_kuh_vadis_on_the_tv_counts_the_cells_each_side_still_has_to_mark(
    phone: Phone, other: Phone
) -> None:
    from .test_bloccato import mark, roll, seated

    match_id = seated(phone, other)
    screen = Phone(phone.app)

    def board() -> tuple[list[str], str]:
        page = parse(screen.get(viewer_path(phone, match_id)).get_data(as_text=True))
        found = page.by_id("scoreboard")
        totals = [li.text() for li in found.find("ol", class_="tv-totals").find_all("li")]  # type: ignore[union-attr]
        return totals, found.text()

    totals, text = board()
    # What decides the lead is shown, not the marks made (none yet, and Ann leads).
    assert totals == ["Ann 3", "Bob 4"]
    assert "Cells still to mark to join the start cells" in text
    roll(phone, match_id, "1114C")
    assert mark(phone, match_id, 1, 4).status_code == 200
    totals, text = board()
    assert totals == ["Ann 2", "Bob 4"] and "Leading: Ann" in text


def test_the_finished_tv_says_match_over_and_ranks_the_players(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, names=["Ann", "Bob", "Cy", "Di"])
    link = viewer_path(phone, match_id)  # the sheet offers it while the match is played
    phone.enter_heads(match_id, [70, 7, 4, 7])
    board = parse(Phone(phone.app).get(link).get_data(as_text=True)).by_id("scoreboard")
    assert "Match over" in board.text()  # was only "Winner: Cy"
    assert "Winner: Cy" in board.text()
    totals = [li.text() for li in board.find("ol", class_="tv-totals").find_all("li")]  # type: ignore[union-attr]
    assert totals == [
        "1st Cy 4",
        "2nd (tied) Bob 7",
        "2nd (tied) Di 7",
        "4th Ann 70",
    ]  # was seat order


def test_pirsch_on_the_tv_shows_how_the_latest_round_scored_open_and_nothing_to_unfold(
    phone: Phone,
) -> None:
    """The phone folds each round's sums away; the TV, which nobody taps, shows the latest
    round's open and plain, and no fold-out that looks like a button."""
    from .pirsch_helpers import dealt, enter_cards, start

    match_id = start(phone, ["Ann", "Bob", "Cy"])
    for _round in range(2):
        assert enter_cards(phone, match_id, dealt(3)).status_code == 303
    screen = Phone(phone.app)
    board = parse(screen.get(viewer_path(phone, match_id)).get_data(as_text=True)).by_id(
        "scoreboard"
    )
    assert board.find("details") is None and board.find("summary") is None
    said = board.text()
    assert "How round 2 scored · from the cards" in said and "How round 1 scored" not in said
    assert said.count("Ann") >= 2, "the sums name each player"
    sheet = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("scoreboard")
    assert [s.text() for s in sheet.find_all("summary")][:2] == [
        "How round 2 scored · from the cards",
        "How round 1 scored · from the cards",
    ]
