"""The Game's turn with the network cut: the cards kept offline count down "put down N more",
End turn opens once the minimum is kept and is kept too (then the panel closes: the next turn
is the server's to open), and once the network is back the cards and the end of the turn are stored
in order, so the next player's turn is on every phone."""

from __future__ import annotations

from collections.abc import Callable

from .conftest import LiveServer
from .helpers import Phone, Shots, expect
from .test_offline import offline, stored
from .test_outbox_games import outbox_lines, play, start


def test_a_whole_turn_kept_offline_ends_it_once_the_network_is_back(
    phones: Callable[..., Phone], server: LiveServer, shots: Shots
) -> None:
    a = phones("A", viewport={"width": 360, "height": 740})
    page = start(a, "thegame", ["Ann", "Bob"])
    match = int(page.url.rsplit("/", 1)[1])
    actions = page.locator("#entry .tg-actions")
    end_turn = actions.locator("form[data-kept-from] button[type=submit]")
    expect(actions.locator(".hint:visible")).to_have_text(
        ["Put down 2 more cards to end the turn."]
    )
    expect(end_turn).to_be_hidden()

    offline(a)
    play(a, 30, 0)
    expect(actions.locator(".hint:visible")).to_have_text(["Put down 1 more card to end the turn."])
    expect(end_turn).to_be_hidden()
    play(a, 90, 2)
    expect(actions.locator("p.hint:visible")).to_have_count(0)
    expect(end_turn).to_have_text("End turn: Bob is next")
    end_turn.click()
    expect(page.locator("#outbox")).to_contain_text("3 entries not sent yet")
    assert outbox_lines(a)[-1] == "End turn: Bob is next", outbox_lines(a)
    expect(end_turn).to_be_disabled()  # kept once: a second tap cannot end Bob's turn too
    expect(page.locator("#entry input[name='tracker-card']")).to_be_disabled()
    expect(actions.locator(".next-online")).to_be_visible()
    assert stored(server, match) == []
    shots(a, "turn-kept-offline")

    offline(a, cut=False)
    expect(page.locator("#outbox")).not_to_contain_text("not sent yet")
    expect(page.locator("#scoreboard .tg-pile .tg-top")).to_have_text(["30", "1", "90", "100"])
    moves = stored(server, match)
    assert [move.get("card") for move in moves[:2]] == [30, 90], moves
    assert len(moves) == 3 and moves[2].get("card") is None, moves
    expect(page.locator("#entry")).to_contain_text("It is Bob's turn")
