"""The outbox in the other games' forms, with Playwright's offline switch: The Game's cards
queued offline arrive in order even when one of them breaks a rule, and the status line names
their piles; the Nuota host's hands queued offline each go to the player whose hand it is; a
tap that could not be sent is never called saved once the network returns, and a tab of the
entry panel tapped offline says so; a last round kept offline closes its form until the server
gives the next one."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page

from .conftest import LiveServer
from .helpers import (
    Phone,
    claim,
    enter_round,
    expect,
    fill_new_match,
    match_id,
    start_nuota,
)
from .nuota_helpers import HANDS
from .offline_helpers import last_round_due, offline, stored, table, type_round


def outbox_lines(phone: Phone) -> list[str]:
    """The lines of the status region's list."""
    return [line.strip() for line in phone.page.locator("#outbox li").all_text_contents()]


def start(phone: Phone, game: str, names: list[str]) -> Page:
    """A new match of ``game`` from its form, this phone in the first player's seat."""
    page = phone.goto(f"/new/{game}")
    fill_new_match(phone, names)
    page.locator("#new-match button[type=submit]").click()
    page.wait_for_url(re.compile(r"/m/\d+$"))
    claim(phone, names[0])
    return page


def play(phone: Phone, card: int, pile: int) -> None:
    """Type a card and tap its pile (offline: the outbox keeps it and empties the form)."""
    page = phone.page
    page.locator("#entry input[name='tracker-card']").fill(str(card))
    page.locator(f"#entry button[name='tracker-pile'][value='{pile}']").click()
    expect(page.locator("#entry input[name='tracker-card']")).to_have_value("")


@pytest.mark.parametrize(
    ("card", "reason"),
    [(25, "higher than 30"), (150, "Card 150 does not exist")],  # a rule broken; no such card
)
def test_queued_cards_after_a_refused_one_are_still_stored_in_order(
    phones: Callable[..., Phone], server: LiveServer, card: int, reason: str
) -> None:
    a = phones("A")
    page = start(a, "thegame", ["Ann", "Bob"])
    match = int(page.url.rsplit("/", 1)[1])

    offline(a)
    play(a, 30, 0)
    play(a, card, 0)  # refused once it arrives
    play(a, 90, 2)
    expect(page.locator("#outbox")).to_contain_text("3 entries not sent yet")
    lines = outbox_lines(a)
    assert [line.split(" · ")[-1] for line in lines] == ["▲1", "▲1", "▼1"], lines

    offline(a, cut=False)
    expect(page.locator("#outbox")).not_to_contain_text("not sent yet")
    expect(page.locator("#scoreboard .tg-pile .tg-top")).to_have_text(["30", "1", "90", "100"])
    assert [move.get("card") for move in stored(server, match)] == [30, 90]
    # The refused card is listed with the server's reason, not as overtaken by the sheet, and
    # the panel goes on following the sheet: the piles as stored, and the turn can end.
    [line] = outbox_lines(a)
    assert reason in line and line.endswith(f"Card number {card} · ▲1"), line
    expect(page.locator("#outbox")).not_to_contain_text("the sheet changed")
    expect(page.locator("#entry .tg-pile-button .tg-top")).to_have_text(["30", "1", "90", "100"])
    actions = page.locator("#entry .tg-actions")
    expect(actions.locator("button.primary:visible")).to_have_text("End Ann's turn: Bob plays next")
    expect(actions).to_contain_text("Undo the last entry: 90 on falling pile 1")


def test_the_hosts_hands_queued_offline_each_go_to_their_player(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a = phones("A")
    page = start_nuota(a, ["Ann", "Bob", "Cy"])
    board = page.locator("#scoreboard")
    whose = page.locator("#hands-seat")

    def show(cards: dict[str, int]) -> None:
        for name, count in cards.items():
            page.locator(f"#hands-{name}").fill(str(count))
        expect(page.locator("#hand-count")).to_contain_text("a full hand ✓")
        page.locator("#entry button.primary").click()

    expect(whose).to_have_value("0")
    version = board.get_attribute("data-version") or ""
    show(HANDS["Ann"])
    expect(board).not_to_have_attribute("data-version", version)
    expect(whose).to_have_value("1")  # the server's form: Bob's hand is next

    offline(a)
    show(HANDS["Bob"])
    expect(whose).to_have_value("2")  # kept: the form moves on to Cy, as the server's would
    show(HANDS["Cy"])
    expect(page.locator("#outbox")).to_contain_text("2 entries not sent yet")
    lines = page.locator("#outbox li")  # whose each hand is, said as such (not "Whose hand Bob")
    expect(lines.nth(0)).to_contain_text("Whose hand: Bob")
    expect(lines.nth(1)).to_contain_text("Whose hand: Cy")

    offline(a, cut=False)
    expect(board).to_contain_text("Round 1: the result")
    expect(board.locator(".lives-seat").nth(1)).to_contain_text("4")
    expect(board.locator(".lives-seat").nth(2)).to_contain_text("3")


def test_a_tap_that_was_not_sent_is_not_called_saved_when_the_network_returns(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, _b, match = table(phones)
    status = a.page.locator("#outbox")
    enter_round(a, [6, 2])
    offline(a)
    type_round(a, [1, 1])
    offline(a, cut=False)
    expect(status).to_contain_text("Saved")  # the round that waited

    offline(a)
    a.page.get_by_role("button", name="Undo entry #2").click()
    expect(status).to_contain_text("Not sent: there is no network")
    offline(a, cut=False)
    expect(a.page.locator(".unsent-note")).to_have_count(0)
    expect(status).not_to_contain_text("Saved")
    assert len(stored(server, match)) == 2, "the undo was never sent"


def test_dice_saved_offline_are_listed_as_the_five_faces_tapped(
    phones: Callable[..., Phone],
) -> None:
    a = phones("A")
    page = start(a, "bloccato", ["Ann", "Bob"])

    offline(a)
    for die, face in enumerate("4441C"):
        page.locator(f"#entry label.bl-face:has(input[name='turn-die{die}'][value='{face}'])").tap()
    page.locator("#entry button[value=roll]").tap()
    expect(page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    # The five faces under one word, no button words after them; no face left untapped.
    assert outbox_lines(a)[0] == "Dice: 4 4 4 1 cow", outbox_lines(a)
    # What the dice allow is the server's to say: the panel closes instead of offering the same
    # dice again (and a Pass that would be swallowed).
    expect(page.locator("#entry .next-online")).to_contain_text("What comes next needs the network")
    expect(page.locator("#entry button[value=roll]")).to_be_disabled()


def test_a_roll_in_the_app_kept_offline_is_listed_without_the_dice_tapped_before(
    phones: Callable[..., Phone],
) -> None:
    a = phones("A")
    page = start(a, "bloccato", ["Ann", "Bob"])
    offline(a)
    for die, face in enumerate("33312"):  # tapped, then the app asked to roll instead
        page.locator(f"#entry label.bl-face:has(input[name='turn-die{die}'][value='{face}'])").tap()
    page.locator("#entry button[value=throw]").tap()
    expect(page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    assert outbox_lines(a) == ["Roll in the app"], outbox_lines(a)


def test_a_die_kept_offline_in_the_app_is_listed_by_its_words(
    phones: Callable[..., Phone],
) -> None:
    a = phones("A")
    page = start(a, "bloccato", ["Ann", "Bob"])
    page.locator("#entry button[value=throw]").tap()
    keep = page.locator("#entry label.bl-keep-die")
    expect(keep).to_have_count(5)
    offline(a)
    keep.first.tap()
    page.locator("#entry button[value=throw]").tap()
    expect(page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    line = outbox_lines(a)[0]
    assert line.startswith("Keep die 1 (") and " y " not in f" {line} ", line


def test_the_last_round_kept_offline_closes_its_form_until_the_network_returns(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, match = last_round_due(phones)
    page = a.page
    offline(a)
    type_round(a, [4, 0, 1])
    expect(page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    form = page.locator("#entry form[data-entry]")
    expect(form.locator(".next-online")).to_contain_text("What comes next needs the network")
    expect(form.locator("input[name='heads-seat0']")).to_be_disabled()
    expect(form.locator("input[name='heads-seat0']")).to_have_value("4")  # as kept, not wiped
    expect(form.locator("input[name='heads-seat2']")).to_have_value("1")
    expect(form.locator(".next-online")).to_contain_text("Kept on this phone as entered below")
    expect(form.locator("button[type=submit]")).to_be_disabled()
    expect(form.locator(".round-label")).to_contain_text("Round 2")  # no third round to offer

    offline(a, cut=False)
    expect(page.locator("#scoreboard .winners")).to_have_text("Winner: Bob")
    expect(page.locator("#entry .next-online")).to_have_count(0)
    assert [move["heads"] for move in stored(server, match)] == [[1, 2, 3], [4, 0, 1]]


def test_a_tab_of_the_entry_panel_tapped_offline_says_it_was_not_sent(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a, _b, _match = table(phones)
    tabs = a.page.locator("#entry .tabs")
    offline(a)
    a.mark()
    tabs.get_by_role("link", name="Cards taken").click()
    expect(a.page.locator("#entry .tabs + .unsent-note")).to_contain_text("Not sent")
    expect(a.page.locator("#outbox")).to_contain_text("Not sent: there is no network")
    expect(a.page.locator("#entry input[name='heads-seat0']")).to_be_visible()
    a.assert_not_reloaded()

    offline(a, cut=False)
    expect(a.page.locator(".unsent-note")).to_have_count(0)
    tabs.get_by_role("link", name="Cards taken").click()
    expect(a.page.locator("#entry .tabs a[aria-current=page]")).to_have_text("Cards taken")


def test_a_cell_marked_offline_is_kept_and_marked_once_the_network_returns(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a = phones("A")
    page = start(a, "bloccato", ["Ann", "Bob"])
    for die, face in enumerate("4441C"):
        page.locator(f"#entry label.bl-face:has(input[name='turn-die{die}'][value='{face}'])").tap()
    page.locator("#entry button[value=roll]").tap()
    cells = page.locator("#scoreboard .bl-hit")
    expect(cells.first).to_be_visible()
    offline(a)
    cells.first.tap()
    expect(page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    assert outbox_lines(a)[0].startswith("Mark it: "), outbox_lines(a)
    board = page.locator("#scoreboard form.bl-board")
    expect(board.locator(".next-online")).to_contain_text("What comes next needs the network")
    expect(cells.first).to_be_disabled()
    expect(page.locator("#entry button[value=pass]")).to_be_disabled()  # no Pass kept after it

    offline(a, cut=False)
    expect(page.locator("#outbox")).to_contain_text("Saved")
    moves = [move["type"] for move in stored(server, match_id(a))]
    expect(page.locator("#scoreboard .bl-cell.is-latest")).to_have_count(1)
    assert moves == ["roll", "mark"], moves
