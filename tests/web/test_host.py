"""Host controls: lock, rotate, hand over, end, abandon; everyone else gets 403."""

from __future__ import annotations

from datetime import timedelta

import pytest

from companion.extensions import db
from companion.models import Membership, utcnow

from ..conftest import Phone, code_of
from .helpers import device_of, group_of, match_row, parse, snapshot, table, text_of

HOST_ACTIONS = [
    ("lock", {"locked": "1"}),
    ("lock", {"locked": "0"}),
    ("rotate", {}),
    ("handover", {"seat": "1"}),
    ("end", {}),
    ("abandon", {}),
]


def gone_quiet(phone: Phone, other: Phone, match_id: int) -> None:
    """Make ``other`` look as if its phone left the table a while ago."""
    with phone.app.app_context():
        row = db.session.execute(
            db.select(Membership).filter_by(match_id=match_id, device_id=device_of(other))
        ).scalar_one()
        row.last_seen = utcnow() - timedelta(minutes=30)
        db.session.commit()


def host_panel(phone: Phone, match_id: int) -> str:
    return parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("host").text()


def test_lock_and_unlock_joining(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    assert "Lock joining" in host_panel(phone, match_id)
    response = phone.post(f"/m/{match_id}/host/lock", {"locked": "1"})
    assert response.status_code == 303
    assert match_row(phone.app, match_id)["join_locked"] is True
    assert "Unlock joining" in host_panel(phone, match_id)
    back = response.headers["Location"]
    assert back.endswith("?done=controls#host")  # where the tap was, its panel open again
    panel = parse(phone.get(back).get_data(as_text=True)).by_id("host").find("details")
    assert panel is not None and "open" in panel.attrs and panel.attrs.get("data-opened") == "1"
    closed = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("host")
    assert "open" not in closed.find("details").attrs  # type: ignore[union-attr]
    invite = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("invite")
    assert invite.find("svg") is None, "no QR while joining is locked"
    assert phone.post(f"/m/{match_id}/host/lock", {"locked": "0"}).status_code == 303
    assert match_row(phone.app, match_id)["join_locked"] is False


def test_rotate_gives_a_new_code(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    before = match_row(phone.app, match_id)
    assert phone.post(f"/m/{match_id}/host/rotate").status_code == 303
    after = match_row(phone.app, match_id)
    assert after["code"] != before["code"] and len(after["code"]) == 6
    assert after["key_generation"] == before["key_generation"] + 1
    assert after["version"] > before["version"], "other phones refresh their QR"
    invite = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("invite")
    assert code_of(phone.app, match_id) in invite.text()


def test_handover_asks_first_then_moves_the_host_rights_and_says_so(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    assert "Host controls" not in host_panel(other, match_id)
    page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("host")
    choice = page.find("form", class_="handover")
    assert choice is not None and "Hand host rights to" in choice.text()
    assert [o.text() for o in choice.find_all("option")] == ["Bob"], "one choice, one button"
    assert choice.find("input", name="confirm") is None, "choosing hands nothing over yet"
    before = snapshot(phone.app)
    unasked = phone.post(f"/m/{match_id}/host/handover", {"seat": "1"})
    assert unasked.status_code == 303
    assert unasked.headers["Location"].endswith(f"/m/{match_id}?handover=1#host")
    assert snapshot(phone.app) == before, "without the yes nothing changes"
    asked = parse(phone.get(unasked.headers["Location"]).get_data(as_text=True)).by_id("host")
    assert "Bob's phone gets these host controls and this phone loses them." in asked.text()
    yes = asked.find("form", action=f"/m/{match_id}/host/handover")
    assert yes is not None and "Yes, hand over to Bob" in yes.text()
    fields = {i.attrs["name"]: i.attrs["value"] for i in yes.find_all("input", type="hidden")}
    assert fields["seat"] == "1" and fields["confirm"] == "1" and fields["csrf_token"]
    response = phone.post(f"/m/{match_id}/host/handover", {"seat": "1", "confirm": "1"})
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/m/{match_id}?done=handed#host")
    assert match_row(phone.app, match_id)["host_device_id"] == device_of(other)
    said = parse(phone.get(response.headers["Location"]).get_data(as_text=True)).by_id("host")
    notice = said.find("p", class_="notice")
    assert notice is not None and notice.text() == "Bob's phone is the host now."
    assert "card" in said.attrs["class"], "the page lands on the message, not an empty spot"
    assert "Host controls" in host_panel(other, match_id)
    assert "Host controls" not in host_panel(phone, match_id)
    assert "is the host now" not in host_panel(phone, match_id), "said once, after the handover"
    told = parse(other.get(f"/m/{match_id}?done=handed").get_data(as_text=True))
    assert "Bob's phone is the host now." not in told.text(), "that is the old host's word"
    assert "The host rights were handed to this phone" in told.by_id("asks").text()
    assert phone.post(f"/m/{match_id}/host/news").status_code == 303
    assert other.post(f"/m/{match_id}/host/news").status_code == 303
    assert (
        "handed"
        not in parse(other.get(f"/m/{match_id}").get_data(as_text=True)).by_id("asks").text()
    )
    for action, data in HOST_ACTIONS:
        assert phone.post(f"/m/{match_id}/host/{action}", data).status_code == 403, action
    assert other.post(f"/m/{match_id}/host/lock", {"locked": "1"}).status_code == 303
    assert match_row(phone.app, match_id)["join_locked"] is True


def test_handover_offers_and_accepts_only_phones_at_the_table(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, names=["Ann", "Bob", "Cy"])
    third = Phone(phone.app)
    third.join(match_id)
    third.claim(match_id, 2)
    gone_quiet(phone, other, match_id)
    page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("host")
    offered = [o.text() for o in page.find("form", class_="handover").find_all("option")]
    assert offered == ["Cy"], "Bob's phone left the table"
    before = snapshot(phone.app)
    response = phone.post(f"/m/{match_id}/host/handover", {"seat": "1", "confirm": "1"})
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/m/{match_id}?done=away&seat=1#host")
    assert snapshot(phone.app) == before, "a phone that left does not become the host"
    said = parse(phone.get(response.headers["Location"]).get_data(as_text=True)).by_id("host")
    assert said.find("p", class_="notice").text() == (
        "Bob's phone is no longer at the table, so this phone stays the host. "
        "Hand the host rights to a phone at the table."
    )
    own = phone.post(f"/m/{match_id}/host/handover", {"seat": "0", "confirm": "1"})
    assert own.status_code == 400 and snapshot(phone.app) == before


def test_end_now_the_leaders_win(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other, names=["Ann", "Bob", "Cy"])
    phone.enter_heads(match_id, [10, 4, 4])
    assert phone.post(f"/m/{match_id}/host/end").status_code == 303
    row = match_row(phone.app, match_id)
    assert row["status"] == "finished"
    assert row["winners"] == [1, 2], "ties share the win"
    assert row["finished_at"] is not None
    board = parse(other.get(f"/m/{match_id}").get_data(as_text=True)).by_id("scoreboard")
    assert "Shared win: Bob, Cy" in board.text()
    assert "hx-trigger" in board.attrs, "a finished sheet listens until a rematch exists"
    version = str(match_row(phone.app, match_id)["version"])
    form = {"heads-version": version, "heads-idem": "after-the-end"}
    refused = phone.enter_heads(match_id, [1, 1, 1], form=form)
    assert refused.status_code == 200 and "The match is over" in text_of(refused)
    history = other.get(f"/g/{group_of(phone.app, match_id)}")
    assert "Won by Bob, Cy" in text_of(history)


def test_abandon_no_winners_and_not_in_the_history(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    phone.enter_heads(match_id, [10, 4])
    assert phone.post(f"/m/{match_id}/host/abandon").status_code == 303
    row = match_row(phone.app, match_id)
    assert row["status"] == "abandoned"
    assert not row["winners"]
    text = text_of(other.get(f"/g/{group_of(phone.app, match_id)}"))
    assert "No finished matches yet" in text
    assert "Won by" not in text
    assert "abandoned" in text_of(other.get(f"/m/{match_id}"))
    # Abandoned is final: ending it now does not turn it into a finished match.
    phone.post(f"/m/{match_id}/host/end")
    assert match_row(phone.app, match_id)["status"] == "abandoned"


def test_a_match_ended_before_any_round_says_so_without_asking_for_one(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    assert phone.post(f"/m/{match_id}/host/end").status_code == 303
    board = parse(other.get(f"/m/{match_id}").get_data(as_text=True)).by_id("scoreboard")
    assert "No rounds were entered." in board.text()
    assert "below" not in board.text()  # nothing is entered below a match that is over


@pytest.mark.parametrize(("action", "data"), HOST_ACTIONS)
def test_players_who_are_not_host_get_403(
    phone: Phone, other: Phone, action: str, data: dict[str, str]
) -> None:
    match_id = table(phone, other)
    before = snapshot(phone.app)
    response = other.post(f"/m/{match_id}/host/{action}", data)
    assert response.status_code == 403
    assert snapshot(phone.app) == before


def test_members_who_are_not_host_see_no_host_controls(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    page = parse(other.get(f"/m/{match_id}").get_data(as_text=True))
    assert page.find("form", action=f"/m/{match_id}/host/lock") is None
    assert page.find("form", action=f"/m/{match_id}/host/end") is None


def test_a_seated_phone_takes_over_when_the_hosts_phone_has_left(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other, names=["Ann", "Bob", "Cy"])
    third = Phone(phone.app)
    third.join(match_id)  # no seat: it does not play here, it may not take the rights
    take = parse(other.get(f"/m/{match_id}").get_data(as_text=True)).by_id("host")
    assert take.find("form", action=f"/m/{match_id}/host/take") is None, "the host is here"
    assert other.post(f"/m/{match_id}/host/take").status_code == 303
    assert match_row(phone.app, match_id)["host_device_id"] == device_of(phone), "kept"
    gone_quiet(phone, phone, match_id)  # the host's phone left without handing over
    offer = parse(other.get(f"/m/{match_id}").get_data(as_text=True)).by_id("host")
    assert "Ann's phone, the host's, has not been at the table" in offer.text()
    button = offer.find("form", action=f"/m/{match_id}/host/take")
    assert button is not None and "Take over as host" in button.text()
    assert third.post(f"/m/{match_id}/host/take").status_code == 400
    response = other.post(f"/m/{match_id}/host/take")
    assert response.headers["Location"].endswith(f"/m/{match_id}?done=took#host")
    assert match_row(phone.app, match_id)["host_device_id"] == device_of(other)
    said = parse(other.get(response.headers["Location"]).get_data(as_text=True)).by_id("host")
    assert "This phone is the host now" in said.text() and "Host controls" in said.text()
    # Told, not silent: the other phones at once, the old host's phone when it comes back.
    seen_by_third = parse(third.get(f"/m/{match_id}").get_data(as_text=True)).by_id("asks")
    assert "The host's phone had left the table: Bob's phone took over as host." in (
        seen_by_third.text()
    )
    back = parse(phone.get(f"/m/{match_id}").get_data(as_text=True))
    assert "While this phone was away, Bob's phone took over as host." in back.by_id("asks").text()
    assert "Host controls" not in back.by_id("host").text()
    version = match_row(phone.app, match_id)["version"]
    assert phone.post(f"/m/{match_id}/host/news").status_code == 303
    assert (
        "took over"
        not in parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("asks").text()
    )
    assert match_row(phone.app, match_id)["version"] == version, "no other phone shows it"
    assert other.post(f"/m/{match_id}/host/end").status_code == 303


def test_a_host_phone_seen_lately_keeps_its_rights(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    before = snapshot(phone.app)
    response = other.post(f"/m/{match_id}/host/take")
    assert response.headers["Location"].endswith("?done=back#host")
    assert snapshot(phone.app)["matches"] == before["matches"], "the host is at the table"
    said = parse(other.get(response.headers["Location"]).get_data(as_text=True)).by_id("host")
    assert "The host's phone is back at the table, so it stays the host." in said.text()
