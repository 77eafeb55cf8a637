"""6 nimmt!'s cards: the deck, the rows and hands it is dealt into, and each card's bull heads."""

from __future__ import annotations

from functools import cache

DECK_SIZE = 104
ROWS = 4
HAND = 10


def bull_heads(card: int) -> int:
    """Bull heads on a card: 55 → 7, other doubles → 5, tens → 3, ending in 5 → 2, others 1."""
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 10 == 5:
        return 2
    return 1


@cache
def heads_up_to(top: int) -> int:
    """All the bull heads on the cards 1 to ``top`` (171 for the whole deck). Every round's
    check asks for it, and a history page replays many rounds: each sum is counted once."""
    return sum(bull_heads(card) for card in range(1, top + 1))


def highest_card(variant: str, players: int) -> int:
    """The highest card in play: 104, or 10·n+4 in the professional variant."""
    return HAND * players + ROWS if variant == "pro" else DECK_SIZE
