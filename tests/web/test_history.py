"""The group's history page: finished matches with winners and totals, played and won counts, the
group's name and the player filter. It is the group's memory, so it counts only matches that
really ended."""

from __future__ import annotations

from companion.extensions import db
from companion.models import Group

from ..conftest import Phone
from .helpers import group_of, match_row, parse, table, text_of


def history(phone: Phone, group_id: int) -> str:
    response = phone.get(f"/g/{group_id}")
    assert response.status_code == 200
    return text_of(response)


def counts(phone: Phone, group_id: int) -> dict[str, tuple[int, int]]:
    """Played and won per player, read from the history page."""
    page = parse(phone.get(f"/g/{group_id}").get_data(as_text=True))
    table_ = page.find("table", class_="stats")
    assert table_ is not None
    body = table_.find("tbody")
    assert body is not None
    rows = {}
    for row in body.find_all("tr"):
        name = row.find("th")
        cells = row.find_all("td")
        assert name is not None
        rows[name.text()] = (int(cells[0].text()), int(cells[1].text()))
    return rows


def finish(phone: Phone, match_id: int, *rounds: list[int]) -> None:
    for heads in rounds:
        assert phone.enter_heads(match_id, heads).status_code == 303
    assert match_row(phone.app, match_id)["status"] == "finished"


def test_a_shared_place_is_said_in_words_in_every_language(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, names=["Ann", "Bob", "Cy"], end="rounds", rounds="1")
    group_id = group_of(phone.app, match_id)
    finish(phone, match_id, [1, 5, 5])  # Bob and Cy share the 2nd place

    def said(language: str) -> str:
        return text_of(phone.get(f"/g/{group_id}", headers={"Accept-Language": language}))

    assert "1st Ann 1 2nd (tied) Bob 5 2nd (tied) Cy 5" in said("en")
    assert "1° Ann 1 2° pari merito Bob 5 2° pari merito Cy 5" in said("it")
    assert "1. Ann 1 2. (geteilt) Bob 5 2. (geteilt) Cy 5" in said("de")


def test_a_finished_match_appears_with_winners_and_totals(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, names=["Ann", "Bob", "Cy"], end="rounds", rounds="2")
    group_id = group_of(phone.app, match_id)
    assert "No finished matches yet" in history(other, group_id)
    page = parse(other.get(f"/g/{group_id}").get_data(as_text=True))
    assert "Playing now" in page.text(), "the open match is listed as ongoing"
    finish(phone, match_id, [3, 10, 1], [5, 1, 20])
    page = parse(other.get(f"/g/{group_id}").get_data(as_text=True))
    listed = page.by_id("history")
    assert "6 nimmt!" in listed.text()
    assert "Won by Ann" in listed.text()
    assert "1st Ann 8 2nd Bob 11 3rd Cy 21" in listed.text()
    link = listed.find("a", href=f"/m/{match_id}")
    assert link is not None, "the finished match links to its sheet"
    assert "Playing now" not in page.text()


def test_played_and_won_counts_ties_share_the_win(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, names=["Ann", "Bob", "Cy"], end="rounds", rounds="1")
    group_id = group_of(phone.app, match_id)
    finish(phone, match_id, [2, 2, 9])  # Ann and Bob tie
    assert counts(phone, group_id) == {"Ann": (1, 1), "Bob": (1, 1), "Cy": (1, 0)}
    assert "Won by Ann, Bob" in history(phone, group_id)
    assert "1st (tied) Ann 2 1st (tied) Bob 2 3rd Cy 9" in history(phone, group_id), "ties share"
    page = parse(phone.get(f"/g/{group_id}").get_data(as_text=True))
    links = {a.text(): a.attrs["href"] for a in page.by_id("history").find_all("a")}
    players = {a.text(): a.attrs["href"] for a in page.find("table", class_="stats").find_all("a")}
    assert links["Ann"] == players["Ann"] and links["Ann"].startswith(f"/g/{group_id}/p/")
    assert phone.get(links["Cy"]).status_code == 200, "each name leads to the player's page"
    # A second match in the same group, with a new player: only Cy wins.
    second = phone.new_match(["Cy", "Ann", "Dee"], end="rounds", rounds="1",
                             group=str(group_id))  # fmt: skip
    assert group_of(phone.app, second) == group_id
    finish(phone, second, [0, 4, 4])
    assert counts(phone, group_id) == {
        "Ann": (2, 1), "Bob": (1, 1), "Cy": (2, 1), "Dee": (1, 0),
    }  # fmt: skip


def test_abandoned_and_open_matches_do_not_count(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, end="rounds", rounds="1")
    group_id = group_of(phone.app, match_id)
    finish(phone, match_id, [1, 2])
    dropped = phone.new_match(["Ann", "Bob"], group=str(group_id))
    phone.enter_heads(dropped, [9, 0])
    phone.post(f"/m/{dropped}/host/abandon")
    phone.new_match(["Ann", "Bob", "Cy"], group=str(group_id))
    assert counts(phone, group_id) == {"Ann": (1, 1), "Bob": (1, 0)}
    assert history(phone, group_id).count("Won by") == 1


def test_names_are_one_player_per_group_whatever_the_case(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"], end="rounds", rounds="1")
    group_id = group_of(phone.app, match_id)
    phone.enter_heads(match_id, [1, 2])
    second = phone.new_match(["ANN", "bob"], end="rounds", rounds="1", group=str(group_id))
    phone.enter_heads(second, [1, 2])
    assert counts(phone, group_id) == {"Ann": (2, 2), "Bob": (2, 0)}


def test_a_group_is_not_renamed_to_another_group_of_the_phone(phone: Phone) -> None:
    friday = group_of(phone.app, phone.new_match(["Ann", "Bob"], group_name="Friday"))
    sunday = group_of(phone.app, phone.new_match(["Cy", "Dee"], group_name="Sunday"))
    refused = phone.post(f"/g/{sunday}", {"name": " friday "})
    assert refused.status_code == 200
    assert "You already have a group called friday." in text_of(refused)
    with phone.app.app_context():
        names = [db.session.get(Group, g).name for g in (friday, sunday)]  # type: ignore[union-attr]
    assert names == ["Friday", "Sunday"]
    assert phone.post(f"/g/{sunday}", {"name": "Sunday lunch"}).status_code == 303


def test_rename_the_group(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    group_id = group_of(phone.app, match_id)
    response = other.post(f"/g/{group_id}", {"name": "  Friday   nights "})
    assert response.status_code == 303
    back = response.headers["Location"]
    assert back.endswith(f"/g/{group_id}?renamed=1#rename")  # where the form was
    said = parse(other.get(back).get_data(as_text=True)).by_id("rename")
    assert "The group is now called “Friday nights”." in said.text()  # the tap is answered
    page = parse(phone.get(f"/g/{group_id}").get_data(as_text=True))
    h1 = page.find("h1")
    assert h1 is not None and h1.text() == "Friday nights"
    assert "is now called" not in page.by_id("rename").text()
    assert "Friday nights" in text_of(phone.get(f"/m/{match_id}"))


def test_a_blank_group_name_is_refused_at_the_box_which_takes_the_focus(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    group_id = group_of(phone.app, match_id)
    plain = parse(phone.get(f"/g/{group_id}").get_data(as_text=True)).find("input", id="name")
    assert plain is not None and "autofocus" not in plain.attrs  # no jump on an ordinary visit
    response = other.post(f"/g/{group_id}", {"name": "   "})
    assert response.status_code == 200
    page = parse(response.get_data(as_text=True))
    box = page.find("input", id="name")
    assert box is not None and "autofocus" in box.attrs and box.attrs["aria-invalid"] == "true"
    assert "Enter a name." in text_of(response)
    h1 = parse(phone.get(f"/g/{group_id}").get_data(as_text=True)).find("h1")
    assert h1 is not None and h1.text() != ""  # the name it had stays


def test_two_new_groups_of_one_day_get_names_of_their_own(phone: Phone) -> None:
    first = group_of(phone.app, phone.new_match(["Ann", "Bob"]))
    second = group_of(phone.app, phone.new_match(["Cy", "Dee"]))
    with phone.app.app_context():
        names = [db.session.get(Group, g).name for g in (first, second)]  # type: ignore[union-attr]
    assert names[0].startswith("Table of ") and names[1] == f"{names[0]} (2)"


def test_the_player_filter_offers_who_has_a_finished_match_by_name_whatever_the_case(
    phone: Phone, other: Phone
) -> None:
    first = table(phone, other, names=["bea", "Ann"], end="rounds", rounds="1")
    assert phone.enter_heads(first, [3, 5]).status_code == 303
    group_id = group_of(phone.app, first)
    table(phone, other, names=["Ann", "Zoe"], group=str(group_id))  # still playing: Zoe waits

    def offered(address: str) -> list[str]:
        page = parse(phone.get(address).get_data(as_text=True))
        select = page.by_id("history").find("select", name="player")
        assert select is not None
        return [option.text() for option in select.find_all("option")[1:]]

    assert offered(f"/g/{group_id}") == ["Ann", "bea"]
    ended = table(phone, other, names=["Ann", "Cy"], group=str(group_id))
    assert phone.post(f"/m/{ended}/host/end", {}).status_code == 303  # listed, without a result
    assert match_row(phone.app, ended)["status"] == "no_result"
    assert offered(f"/g/{group_id}") == ["Ann", "bea", "Cy"]
    with phone.app.app_context():
        from companion.models import Player

        zoe = db.session.execute(db.select(Player.id).filter_by(name="Zoe")).scalar_one()
    assert offered(f"/g/{group_id}?player={zoe}") == ["Ann", "bea", "Cy", "Zoe"], "the one chosen"
