"""The group page links only the sheets this phone may open: a match it joined. Any other
match of the group is listed (results, players) but is no link to a 404."""

from __future__ import annotations

from ..conftest import Phone
from .helpers import group_of, parse


def test_only_the_matches_this_phone_joined_are_links(phone: Phone, other: Phone) -> None:
    joined = phone.new_match(["Ann", "Bob"], end="rounds", rounds="1")
    group = group_of(phone.app, joined)
    finished = phone.new_match(["Ann", "Cy"], end="rounds", rounds="1", group=str(group))
    playing = phone.new_match(["Ann", "Dee"], group=str(group))
    phone.claim(finished, 0)
    assert phone.enter_heads(finished, [3, 5]).status_code == 303
    other.join(joined)
    other.claim(joined, 1)
    assert other.enter_heads(joined, [2, 9]).status_code == 303
    page = parse(other.get(f"/g/{group}").get_data(as_text=True))
    links = {a.attrs["href"] for a in page.find_all("a")}
    assert f"/m/{joined}" in links
    assert f"/m/{finished}" not in links and f"/m/{playing}" not in links
    assert other.get(f"/m/{finished}").status_code == 404, "the sheet stays closed to it"
    text = page.text()
    assert "Ann" in text and "Cy" in text, "the other match is still listed with its players"
    assert "To follow it here, join with the code" in text  # beside the match playing now
    games = [o.attrs["value"] for o in page.find("select", name="game").find_all("option")]
    assert games == ["", "sixnimmt"], "the filter offers only the games the group played"
    chosen = parse(other.get(f"/g/{group}?game=pirsch").get_data(as_text=True))
    offered = [o.attrs["value"] for o in chosen.find("select", name="game").find_all("option")]
    assert offered == ["", "sixnimmt", "pirsch"], "a game asked for stays chosen"
    host_links = {
        a.attrs["href"]
        for a in parse(phone.get(f"/g/{group}").get_data(as_text=True)).find_all("a")
    }
    assert {f"/m/{joined}", f"/m/{finished}", f"/m/{playing}"} <= host_links


def test_the_player_page_links_joined_matches_and_gives_a_teams_result(
    phone: Phone, other: Phone
) -> None:
    from .test_thegame import enter_result
    from .test_thegame import start as start_thegame

    joined = phone.new_match(["Ann", "Bob"], end="rounds", rounds="1")
    group = group_of(phone.app, joined)
    other.join(joined)
    other.claim(joined, 1)
    phone.claim(joined, 0)
    assert phone.enter_heads(joined, [2, 9]).status_code == 303
    alone = phone.new_match(["Ann", "Bob"], end="rounds", rounds="1", group=str(group))
    phone.claim(alone, 0)
    assert phone.enter_heads(alone, [4, 1]).status_code == 303
    team = start_thegame(phone, ["Ann", "Bob"], group=str(group))
    enter_result(phone, team, 7)
    bob = next(
        a.attrs["href"]
        for a in parse(other.get(f"/g/{group}").get_data(as_text=True)).find_all("a")
        if a.text() == "Bob"
    )
    page = parse(other.get(bob).get_data(as_text=True))
    links = {a.attrs["href"] for a in page.find_all("a")}
    assert f"/m/{joined}" in links and f"/m/{alone}" not in links and f"/m/{team}" not in links
    assert "Cards left: 7" in page.text(), "a team's match says its result, as places say others'"
