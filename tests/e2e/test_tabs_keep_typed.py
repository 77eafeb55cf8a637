"""What was typed in one way of entering survives a look at another: Pirsch's footprints typed,
then "Pick the cards" opened and a card ticked, then back: both are still there, until the sheet
moves on (then a form typed for a round that is gone is not given back); dice tapped survive a
change of language, which loads the sheet again."""

from __future__ import annotations

from collections.abc import Callable

from .helpers import Phone, claim, expect, join_with_code
from .test_pirsch import ROUND_1, fill_grid, save, start_pirsch, tab


def test_typed_counts_and_ticked_cards_come_back_with_their_tab(
    phones: Callable[..., Phone],
) -> None:
    a = phones("A")
    page = start_pirsch(a)
    fill_grid(a, ROUND_1[:2])
    tab(a, "Pick the cards")
    card = page.locator("#entry input[name='cards-s2'][value='mouflon-10']")
    card.check()
    tab(a, "Footprints")
    expect(page.locator("#entry input[name='counts-s0_bear']")).to_have_value("5")
    expect(page.locator("#entry input[name='counts-s1_mouflon']")).to_have_value("3")
    tab(a, "Pick the cards")
    expect(card).to_be_checked()
    a.check()

    # The sheet moves on (another phone saves round 1): what was typed for it is not given back.
    b = phones("B")
    join_with_code(b, a)
    claim(b, "Bob")
    tab(a, "Footprints")  # the ticked card is put aside for round 1; the counts come back
    expect(page.locator("#entry input[name='counts-s0_bear']")).to_have_value("5")
    fill_grid(b, ROUND_1)
    save(b)
    expect(page.locator("#scoreboard")).to_contain_text("Next: round 2 of 4")
    expect(page.locator("#entry .round-label")).to_contain_text("Round 1")  # typed: kept
    tab(a, "Pick the cards")
    expect(page.locator("#entry .round-label")).to_contain_text("Round 2")
    expect(card).not_to_be_checked()
    a.check()


def test_dice_tapped_and_heads_typed_survive_a_change_of_language(
    phones: Callable[..., Phone],
) -> None:
    from .test_outbox_games import start

    a = phones("A")
    page = start(a, "bloccato", ["Ann", "Bob"])
    for die, face in enumerate("444"):
        page.locator(f"#entry label.bl-face:has(input[name='turn-die{die}'][value='{face}'])").tap()
    page.locator("footer a[lang=it]").click()
    page.wait_for_load_state("load")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    for die in range(3):
        expect(page.locator(f"#entry input[name='turn-die{die}'][value='4']")).to_be_checked()
    expect(page.locator("#entry input[name='turn-die3']:checked")).to_have_count(0)
    a.check()
