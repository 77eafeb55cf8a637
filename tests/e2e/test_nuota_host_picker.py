"""The host's "Whose hand" list at a table where some players have a phone of their own and
some do not: once hands come in from the other phones, the list offers the next player without
a phone (the host enters only theirs), and the card count above the grid is said whichever
way the form was drawn again."""

from __future__ import annotations

from collections.abc import Callable

from .conftest import LiveServer
from .helpers import Phone, Shots, claim, expect, join_with_code, match_id, start_nuota
from .nuota_helpers import HANDS, settled, show_hand, version_of
from .offline_helpers import offline

DARIO = {"cat": 3, "pig": 4, "sheep": 3}


def test_the_host_is_offered_a_player_without_a_phone_and_the_count_stays(
    phones: Callable[..., Phone], server: LiveServer, shots: Shots
) -> None:
    a = phones("A")
    page = start_nuota(a, ["Ann", "Bob", "Cy", "Dario", "Eve"])
    players = {}
    for letter, name in (("B", "Bob"), ("C", "Cy"), ("D", "Dario")):
        players[name] = phones(letter)
        join_with_code(players[name], a)
        claim(players[name], name)
    whose = page.locator("#entry select[name$='-seat']")
    count = page.locator("#hand-count")

    show_hand(a, server, HANDS["Ann"])
    expect(whose.locator("option:checked")).to_have_text("Eve")
    show_hand(players["Bob"], server, HANDS["Bob"])
    show_hand(players["Cy"], server, HANDS["Cy"])
    expect(page.locator("#scoreboard .hands-in")).to_contain_text("Cy ✓")
    settled(a, version_of(server, match_id(a)))  # the form too: "stays on Eve" is then seen
    # Dario enters his own hand on his phone: the host's list stays on Eve, who has none.
    expect(whose.locator("option:checked")).to_have_text("Eve")
    expect(count).to_contain_text("0 cards · 10 more to go")
    expect(count).to_be_visible()
    shots(a, "host-after-three-hands")
    show_hand(players["Dario"], server, DARIO)
    settled(a, version_of(server, match_id(a)))  # Dario's hand is on the host's form as well
    expect(whose.locator("option:checked")).to_have_text("Eve")
    expect(count).to_contain_text("0 cards · 10 more to go")


def test_the_card_count_kept_in_sight_never_covers_the_button_that_saves(
    phones: Callable[..., Phone],
) -> None:
    a = phones("A")
    page = start_nuota(a, ["Ann", "Bob", "Cy"])
    button = page.locator("#entry button.primary")
    expect(page.locator("#hand-count")).to_contain_text("0 cards · 10 more to go")
    # Scrolled until the button reaches the top of the screen, where the count line sticks (a
    # long log below makes room for that at a real table; here, room is made below the page).
    covered = page.evaluate(
        """() => {
          document.body.style.paddingBottom = "3000px";
          const button = document.querySelector("#entry button.primary");
          window.scrollTo(0, button.getBoundingClientRect().top + window.scrollY - 4);
          const box = button.getBoundingClientRect();
          const at = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return at && !button.contains(at) ? at.id || at.tagName : "";
        }"""
    )
    assert covered == "", f"the save button is covered by {covered}"
    expect(button).to_be_visible()


def test_a_hand_the_host_keeps_offline_moves_the_list_on_past_players_with_a_phone(
    phones: Callable[..., Phone],
) -> None:
    a = phones("A")
    page = start_nuota(a, ["Ann", "Bob", "Cy", "Dario"])
    b = phones("B")
    join_with_code(b, a)
    claim(b, "Bob")
    whose = page.locator("#entry select[name$='-seat']")
    expect(whose.locator("option[data-next-skip]")).to_have_count(2)  # Ann's and Bob's phones
    offline(a)
    for name, count in HANDS["Ann"].items():
        page.locator(f"#hands-{name}").fill(str(count))
    page.locator("#entry button.primary").click()
    expect(page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    # Bob's own phone sends his hand: the list moves on to Cy, as the server's form would.
    expect(whose.locator("option:checked")).to_have_text("Cy")
