"""Auf der Pirsch's scoreboard tells the outbox what a round kept offline changes there: the
number of the next round goes up by one (``data-next-entry="entry"``, as the entry forms' own
labels do), and what only the server can say of that round is marked ``data-next-stale``."""

from __future__ import annotations

from ..conftest import Phone
from .helpers import parse
from .pirsch_helpers import CLEAN_HUNT, enter_counts, start

TRUMPS = {"trump1": "bear", "trump2": "wolf", "trump3": "boar", "trump4": "mouflon"}


def next_round(phone: Phone, match_id: int) -> tuple[list[str], list[str]]:
    """The texts of the next-round box the outbox raises, and of those it would hide."""
    box = parse(phone.get(f"/m/{match_id}").get_data(as_text=True)).by_id("pirsch-next")
    raised = [n.text() for n in box.find_all(data_next_entry="entry")]
    stale = [n.text() for n in box.find_all(data_next_stale="entry")]
    return raised, stale


def test_the_next_round_number_is_marked_for_the_outbox_until_round_4(phone: Phone) -> None:
    match_id = start(phone, **TRUMPS)
    raised, stale = next_round(phone, match_id)
    assert raised == ["Next: round 1 of 4"]
    assert stale[0] == "· trump: bear"
    assert "The player holding the mouflon 10 leads round 1." in stale
    assert any("all 48 animal cards are dealt" in text for text in stale)
    assert not any("exactly 3 tricks" in text for text in stale)  # round 2 is a hunt too

    enter_counts(phone, match_id, CLEAN_HUNT)
    enter_counts(phone, match_id, CLEAN_HUNT)
    raised, stale = next_round(phone, match_id)
    assert raised == ["Next: round 3 of 4"]
    assert any("exactly 3 tricks" in text for text in stale)  # round 4 has no trick limit

    enter_counts(phone, match_id, CLEAN_HUNT)
    raised, stale = next_round(phone, match_id)
    assert raised == []  # no round after round 4
    assert stale[0] == "· trump: mouflon"
