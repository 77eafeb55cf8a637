"""Where a phone goes next: the home page lists its matches and groups, the new-match form offers
the right group and names, and a rematch keeps the table. The next game should take a tap, not
retyping."""

from __future__ import annotations

from ..conftest import Phone
from .helpers import Node, group_of, match_row, membership_of, parse, snapshot, table
from .test_history import finish


def test_the_new_match_form_offers_the_groups_names(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    group_id = group_of(phone.app, match_id)
    page = parse(phone.get(f"/new/sixnimmt?group={group_id}").get_data(as_text=True))
    chips = [c.attrs["data-name"] for c in page.find_all("button", class_="chip")]
    assert chips == ["Ann", "Bob"]
    chosen = page.find("option", value=str(group_id))
    assert chosen is not None and "selected" in chosen.attrs


def test_rematch_keeps_seats_and_phones(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, names=["Ann", "Bob", "Cy"], end="rounds", rounds="1",
                     variant="pro")  # fmt: skip
    finish(phone, match_id, [1, 2, 3])
    response = other.post(f"/m/{match_id}/rematch")
    assert response.status_code == 303
    new_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    assert new_id != match_id
    old, new = match_row(phone.app, match_id), match_row(phone.app, new_id)
    assert old["next_match_id"] == new_id
    assert new["group_id"] == old["group_id"]
    assert new["options"] == old["options"]
    assert new["status"] == "playing" and new["code"] and new["code"] != old["code"]
    assert new["host_device_id"] == old["host_device_id"], "the host stays the host"
    for device, seat in ((phone, 0), (other, 1)):
        member = membership_of(phone.app, device, new_id)
        assert member is not None and member.seat == seat
    page = parse(phone.get(f"/m/{new_id}").get_data(as_text=True))
    names = [th.text().replace("★", "").strip() for th in page.by_id("scoreboard").find_all(
        "th", scope="col")][1:]  # fmt: skip
    assert names == ["Ann", "Bob", "Cy"]
    assert other.get(f"/m/{new_id}").status_code == 200
    # The other phone can enter at once: it is seated in the new match.
    assert other.enter_heads(new_id, [1, 1, 1]).status_code == 303


def test_a_second_rematch_tap_goes_to_the_same_new_match(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, end="rounds", rounds="1")
    finish(phone, match_id, [1, 2])
    first = phone.post(f"/m/{match_id}/rematch")
    before = snapshot(phone.app)
    again = phone.post(f"/m/{match_id}/rematch")
    from_other = other.post(f"/m/{match_id}/rematch")
    assert first.headers["Location"] == again.headers["Location"] == from_other.headers["Location"]
    assert snapshot(phone.app)["Match"] == before["Match"]
    board = parse(other.get(f"/m/{match_id}").get_data(as_text=True)).by_id("scoreboard")
    new_id = first.headers["Location"].rstrip("/").split("/")[-1]
    assert board.find("a", href=f"/m/{new_id}") is not None, "the old sheet links to the rematch"


def test_no_rematch_while_the_match_is_open(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    before = snapshot(phone.app)
    assert phone.post(f"/m/{match_id}/rematch").status_code == 409
    assert snapshot(phone.app) == before


def test_home_lists_this_devices_matches_and_groups(phone: Phone, other: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"], group_name="Kitchen table")
    second = phone.new_match(["Cy", "Dee", "Eve"], group_name="Kitchen table")
    home = parse(phone.get("/").get_data(as_text=True))
    assert home.find("a", href=f"/m/{match_id}") is not None
    listed = [home.find("a", href=f"/m/{m}") for m in (second, match_id)]
    assert all(link is not None for link in listed)
    assert "Cy, Dee, Eve" in listed[0].text() and "Ann, Bob" in listed[1].text()  # told apart
    assert home.find("a", href=f"/g/{group_of(phone.app, match_id)}") is not None
    assert "Kitchen table" in home.text()
    stranger = parse(other.get("/").get_data(as_text=True))
    assert stranger.find("a", href=f"/m/{match_id}") is None
    assert "Kitchen table" not in stranger.text()


def test_the_new_match_form_offers_the_group_of_the_phones_newest_match(phone: Phone) -> None:
    fresh = parse(phone.get("/new/sixnimmt").get_data(as_text=True))
    new = fresh.find("option", value="new")
    assert new is not None and "selected" in new.attrs  # no group yet: a new one
    first = group_of(phone.app, phone.new_match(["Ann", "Bob"], group_name="Friday"))
    second = group_of(phone.app, phone.new_match(["Cy", "Dee"], group_name="Sunday"))
    page = parse(phone.get("/new/sixnimmt").get_data(as_text=True))
    chosen = page.find("option", value=str(second))
    assert chosen is not None and "selected" in chosen.attrs
    assert [c.attrs["data-name"] for c in page.find_all("button", class_="chip")] == ["Cy", "Dee"]
    phone.new_match(["Ann", "Bob"], group=str(first))
    page = parse(phone.get("/new/sixnimmt").get_data(as_text=True))
    chosen = page.find("option", value=str(first))
    assert chosen is not None and "selected" in chosen.attrs


def legends(page: Node) -> list[str]:
    """The form's sections in page order."""
    return [node.text() for node in page.by_id("new-match").find_all("legend")]


def test_the_group_comes_first_on_a_phone_that_plays_in_groups(phone: Phone) -> None:
    fresh = parse(phone.get("/new/sixnimmt").get_data(as_text=True))
    order = legends(fresh)
    assert order.index("Players") < order.index("Group"), "a first phone names its players first"
    first = group_of(phone.app, phone.new_match(["Ann", "Bob"], group_name="Friday"))
    phone.new_match(["Cy", "Dee"], group_name="Sunday")
    page = parse(phone.get("/new/sixnimmt").get_data(as_text=True))
    order = legends(page)
    assert order.index("Group") < order.index("Players"), "the group is chosen before the names"
    choice = page.find("select", name="group")
    assert choice is not None and choice.attrs["hx-select"] == "#known"
    assert choice.attrs["hx-target"] == "#known" and choice.attrs["hx-get"] == "/new/sixnimmt"
    new = page.find("option", value="new")
    assert new is not None and "selected" not in new.attrs, "a new group: one tap away"
    swapped = phone.get(f"/new/sixnimmt?group={first}", headers={"HX-Request": "true"})
    known = parse(swapped.get_data(as_text=True)).by_id("known")
    assert [c.attrs["data-name"] for c in known.find_all("button", class_="chip")] == ["Ann", "Bob"]


def test_the_home_page_says_who_won_each_finished_match(phone: Phone, other: Phone) -> None:
    """Two evenings of the same table read alike in "Your matches": the winner tells them apart
    (a team game has none)."""
    first = table(phone, other, names=["Ann", "Bob"], end="rounds", rounds="1")
    assert phone.enter_heads(first, [3, 5]).status_code == 303
    second = table(phone, other, names=["Ann", "Bob"], end="rounds", rounds="1")
    assert phone.enter_heads(second, [7, 2]).status_code == 303
    home = parse(phone.get("/").get_data(as_text=True))
    section = home.by_id("recent-title").ancestors()[0]
    lines = [item.text() for item in section.find_all("li")]
    assert "Won by Bob" in lines[0] and "Won by Ann" in lines[1], lines
