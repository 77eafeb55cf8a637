"""The Game's cards queued offline when another phone entered for this one meanwhile: the sheet
overtook them, so the server refuses each of them, and each is listed with its pile, the last
one too (the panel cannot take back a card and the pile it was tapped on: it would come back
as the card alone)."""

from __future__ import annotations

from collections.abc import Callable

from .conftest import LiveServer
from .helpers import Phone, claim, expect, join_with_code
from .offline_helpers import offline, stored
from .test_outbox_games import outbox_lines, play, start


def test_every_card_queued_on_a_sheet_that_moved_on_is_listed_with_its_pile(
    phones: Callable[..., Phone], server: LiveServer
) -> None:
    fabio = phones("Fabio")
    page = start(fabio, "thegame", ["Fabio", "Giulia"])
    match = int(page.url.rsplit("/", 1)[1])
    giulia = phones("Giulia")
    join_with_code(giulia, fabio)
    claim(giulia, "Giulia")

    offline(fabio)
    play(fabio, 65, 1)
    play(fabio, 87, 2)
    expect(page.locator("#outbox")).to_contain_text("2 entries not sent yet")
    giulia.page.locator("#entry details.tg-proxy summary").click()
    play(giulia, 70, 1)  # for Fabio, while his phone is away
    tops = "#scoreboard .tg-pile .tg-top"
    expect(giulia.page.locator(tops)).to_have_text(["1", "70", "100", "100"])

    offline(fabio, cut=False)
    expect(page.locator("#outbox")).not_to_contain_text("not sent yet")
    missed = page.locator("#outbox li.missed")
    expect(missed).to_have_count(2)
    lines = outbox_lines(fabio)
    assert lines[0].endswith("Card number 65 · ▲2"), lines
    assert lines[1].endswith("Card number 87 · ▼1"), lines
    assert all("Not saved: the sheet changed first" in line for line in lines), lines
    # The panel follows the sheet: no card left in its box without the pile it was played on.
    expect(page.locator("#entry .tg-pile-button .tg-top")).to_have_text(["1", "70", "100", "100"])
    expect(page.locator("#entry input[name='tracker-card']")).to_have_value("")
    expect(page.locator("#entry .notice[role=alert]")).to_have_count(0)
    assert [move.get("card") for move in stored(server, match)] == [70]
