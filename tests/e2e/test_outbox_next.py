"""What a form and the sheet say of the next entry once the outbox keeps one offline: a form
drawn rounds before the last takes as many rounds as are left and then closes (never a round
the match does not have), a player's own Nuota hand closes its form (typed again, it would
count for the next round), and Pirsch's "Next: round N of 4" moves on with the form while what
only the server can say of that round (its trump, who leads; 6 nimmt!'s rounds left) is hidden
until it answers."""

from __future__ import annotations

from collections.abc import Callable

from .conftest import LiveServer
from .helpers import Phone, claim, expect, join_with_code, start_match, start_nuota
from .nuota_helpers import HANDS
from .offline_helpers import offline, stored, type_round
from .test_pirsch import ROUND_1, ROUND_3, fill_grid, start_pirsch


def test_a_form_drawn_two_rounds_before_the_end_closes_after_the_second_kept(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a = phones("A")
    match = start_match(a, ["Ann", "Bob", "Cy"], rounds=2)
    claim(a, "Ann")
    page = a.page
    form = page.locator("#entry form[data-entry]")
    left = page.locator("#scoreboard .rounds-left")
    expect(left).to_have_text("2 rounds left")
    offline(a)
    type_round(a, [1, 2, 3])
    expect(form.locator(".round-label")).to_contain_text("Round 2")
    expect(left).to_be_hidden()  # "2 rounds left" would be wrong; the server says it again
    expect(form.locator("button[type=submit]")).to_be_enabled()
    type_round(a, [4, 0, 1])
    expect(page.locator("#outbox")).to_contain_text("2 entries not sent yet")
    expect(form.locator(".next-online")).to_contain_text("What comes next needs the network")
    expect(form.locator("button[type=submit]")).to_be_disabled()
    expect(form.locator(".round-label")).to_contain_text("Round 2")  # never a third

    offline(a, cut=False)
    expect(page.locator("#scoreboard .winners")).to_have_text("Winner: Bob")
    assert [move["heads"] for move in stored(server, match)] == [[1, 2, 3], [4, 0, 1]]


def test_pirschs_next_round_moves_on_with_a_round_kept_offline(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a = phones("A")
    page = start_pirsch(a)
    upcoming = page.locator("#pirsch-next")
    expect(upcoming).to_contain_text("Next: round 1 of 4 · trump: bear")

    offline(a)
    fill_grid(a, ROUND_1)
    page.locator("#entry form[data-entry] button[type=submit]").click()
    expect(page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    # The kept round is said per player, in one short line (not twelve labels).
    expect(page.locator("#outbox li")).to_have_text(
        "Ann: bear 5, wolf 4, boar 3 · Bob: bear 2, wolf 3, boar 4, mouflon 3 · Cy: mouflon 4"
    )
    expect(upcoming.locator(".round-label")).to_have_text("Next: round 2 of 4", use_inner_text=True)
    expect(upcoming.get_by_text("mouflon 10 leads")).to_be_hidden()  # the server says who leads
    expect(page.locator("#entry .round-label")).to_contain_text("Round 2 of 4")

    offline(a, cut=False)
    expect(page.locator("#outbox")).not_to_contain_text("not sent yet")
    expect(upcoming).to_contain_text("Next: round 2 of 4 · trump: wolf")
    assert len(stored(server, match_of(page.url))) == 1


def test_pirschs_form_closed_on_its_last_kept_round_still_shows_that_round(
    phones: Callable[..., Phone],
) -> None:
    a = phones("A")
    page = start_pirsch(a)
    form = page.locator("#entry form[data-entry]")
    offline(a)
    for number, rows in enumerate((ROUND_1, ROUND_1, ROUND_3), start=1):
        expect(form.locator(".round-label")).to_contain_text(f"Round {number} of 4")
        fill_grid(a, rows)
        form.locator("button[type=submit]").click()
    expect(page.locator("#outbox")).to_contain_text("3 entries not sent yet")
    # The third round kept closes the form (round 4 is another form): it shows that round as
    # typed, greyed, and says it is kept here; never an empty grid under "Kept".
    expect(form.locator(".next-online")).to_contain_text("Kept on this phone as entered below")
    expect(form.locator(".round-label")).to_contain_text("Round 3 of 4")
    box = form.locator("input[name='counts-s1_wolf']")
    expect(box).to_be_disabled()
    expect(box).to_have_value("2")
    expect(form.locator("input[name='counts-s0_bear']")).to_have_value("3")
    expect(form.locator("button[type=submit]")).to_be_disabled()


def match_of(url: str) -> int:
    """The match id of a sheet's URL."""
    return int(url.rstrip("/").rsplit("/", 1)[1])


def test_a_players_own_hand_kept_offline_closes_the_form(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    a = phones("A")
    start_nuota(a, ["Ann", "Bob", "Cy"])
    b = phones("B")
    join_with_code(b, a)
    claim(b, "Bob")
    page = b.page
    expect(page.locator("#entry .round-label")).to_contain_text("Round 1: your hand, Bob")
    offline(b)
    for name, count in HANDS["Bob"].items():
        page.locator(f"#hands-{name}").fill(str(count))
    page.locator("#entry button.primary").click()
    expect(page.locator("#outbox")).to_contain_text("1 entry not sent yet")
    expect(page.locator("#entry .next-online")).to_contain_text(
        "Kept on this phone as entered below, not sent yet."
    )
    expect(page.locator("#hands-giraffe")).to_be_disabled()
    expect(page.locator("#entry button.primary")).to_be_disabled()
    # The kept hand stays in its boxes (greyed), never a wiped grid of zeros under "Kept".
    for name, count in HANDS["Bob"].items():
        expect(page.locator(f"#hands-{name}")).to_have_value(str(count))
    expect(page.locator("#hands-bear")).to_have_value("")
    expect(page.locator("#hand-count")).to_contain_text("10 cards · a full hand ✓")

    offline(b, cut=False)
    expect(page.locator("#outbox")).not_to_contain_text("not sent yet")
    expect(page.locator("#entry")).to_contain_text("Your hand is in")
    expect(a.page.locator("#scoreboard")).to_contain_text("Bob ✓")


def test_the_summary_of_a_grid_groups_by_player_whatever_the_name(
    phones: Callable[..., Phone],
) -> None:
    a = phones("A")
    start_pirsch(a)
    said = a.page.evaluate(
        """() => {
          const form = document.createElement("form");
          form.innerHTML = ['constructor', '__proto__', 'Ann'].map(name =>
            `<div data-summary-group="${name}">` +
            `<input name="${name}-a" data-short="bear" value="2">` +
            `<input name="${name}-b" data-short="wolf" value="1"></div>`).join("");
          return window.companionStatus.summary(form, new URLSearchParams());
        }"""
    )
    assert said == "constructor: bear 2, wolf 1 · __proto__: bear 2, wolf 1 · Ann: bear 2, wolf 1"
