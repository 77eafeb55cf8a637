"""Auf der Pirsch hunt rounds: footprints to points, captured suits, per-card entry, warnings.

These are the sums a table checks three times a match, so they are pinned down on their own.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.base import IllegalMove
from companion.rules.pirsch import (
    FOOTPRINTS,
    FOOTPRINTS_PROVISIONAL,
    RULES,
    deck,
    deck_footprints,
    footprint_warnings,
    hunt_points,
    removed_cards,
    round_warnings,
    tricks_per_player,
)
from companion.rules.pirsch.cards import ANIMAL_NAMES, ANIMALS, HAND, as_dict, count_footprints

from .pirsch_helpers import EMPTY, EXAMPLE, NAMES3, NAMES4, PLAYOUT, dealt_hands, hunt, start


def test_rulebook_example_five_bear_four_wolf_three_boar_is_12_times_3_is_36() -> None:
    assert hunt_points(EXAMPLE) == 36
    state = RULES.apply(start(), hunt(EXAMPLE, EMPTY, EMPTY, EMPTY))
    assert RULES.standings(state) == [36, 0, 0, 0]
    record = state.rounds[0]
    assert (record.totals()[0], record.factors[0], record.points[0]) == (12, 3, 36)
    assert record.by_animal()[0] == EXAMPLE


def test_multiplier_counts_only_animals_with_a_footprint() -> None:
    assert hunt_points({"bear": 9}) == 9
    assert hunt_points({"bear": 1, "wolf": 1, "boar": 1, "mouflon": 1}) == 16
    assert hunt_points(EMPTY) == 0
    assert hunt_points({}) == 0


def test_missing_animals_count_as_zero_footprints() -> None:
    state = RULES.apply(start(), hunt({"bear": 2}, {}, {"wolf": 1}, EMPTY))
    assert RULES.standings(state) == [2, 0, 1, 0]


def test_captured_suits_option_multiplies_by_suits_entered() -> None:
    state = start(multiplier="suits")
    state = RULES.apply(state, hunt(EXAMPLE, EMPTY, EMPTY, EMPTY, suits=[4, 1, 2, 3]))
    assert RULES.standings(state) == [48, 0, 0, 0]
    assert state.rounds[0].suits == (4, 1, 2, 3)
    assert hunt_points(EXAMPLE, suits=4) == 48


def test_captured_suits_option_counts_suits_from_the_cards() -> None:
    hands = dealt_hands(4, seed=3)
    state = RULES.apply(start(multiplier="suits"), {"type": "hunt", "cards": hands})
    for seat, hand in enumerate(hands):
        suits = len({animal for animal, _ in hand})
        footprints = sum(FOOTPRINTS.get(value, 0) for _, value in hand)
        assert state.rounds[0].suits is not None
        assert state.rounds[0].suits[seat] == suits
        assert state.rounds[0].points[seat] == footprints * suits


def test_captured_suits_count_a_suit_without_footprints() -> None:
    def cards(animal: str, values: range) -> list[list[Any]]:
        return [[animal, value] for value in values]

    hands = [
        cards("bear", range(1, 5)) + cards("wolf", range(1, 5)) + cards("mouflon", range(5, 9)),
        cards("bear", range(5, 13)) + cards("mouflon", range(1, 5)),
        cards("boar", range(1, 13)),
        cards("wolf", range(5, 13)) + cards("mouflon", range(9, 13)),
    ]
    base = RULES.apply(start(), {"type": "hunt", "cards": hands})
    suits = RULES.apply(start(multiplier="suits"), {"type": "hunt", "cards": hands})
    assert base.rounds[0].counts[0] == (0, 0, 0, 8)
    assert base.rounds[0].points == (8 * 1, 9 * 1, 9 * 1, 10 * 2)
    assert suits.rounds[0].suits == (3, 2, 1, 2)
    assert suits.rounds[0].points == (8 * 3, 9 * 2, 9 * 1, 10 * 2)


def test_per_card_entry_counts_footprints_with_the_provisional_table() -> None:
    hands = dealt_hands(4)
    state = RULES.apply(start(), {"type": "hunt", "cards": hands})
    record = state.rounds[0]
    assert record.hands is not None and len(record.hands) == 4
    for seat, hand in enumerate(hands):
        counts = tuple(
            sum(FOOTPRINTS.get(v, 0) for a, v in hand if a == animal) for animal in ANIMALS
        )
        assert record.counts[seat] == counts
        assert record.points[seat] == sum(counts) * sum(1 for c in counts if c)
    assert round_warnings(state, 0) == []
    assert [sum(record.counts[s][i] for s in range(4)) for i in range(4)] == [9, 9, 9, 9]


def test_per_card_entry_with_three_players_uses_the_36_card_deck() -> None:
    state = RULES.apply(start(NAMES3), {"type": "hunt", "cards": dealt_hands(3)})
    totals = [sum(state.rounds[0].counts[s][i] for s in range(3)) for i in range(4)]
    assert totals == [7, 7, 7, 7]


def test_deck_has_48_cards_and_36_without_the_1_6_12_for_three_players() -> None:
    assert len(deck(4)) == 48 and removed_cards(4) == ()
    assert len(deck(3)) == 36 and len(removed_cards(3)) == 12
    assert {v for _, v in removed_cards(3)} == {1, 6, 12}
    assert not set(removed_cards(3)) & set(deck(3))
    assert tricks_per_player(4) == 3 and tricks_per_player(3) == 4
    with pytest.raises(IllegalMove):
        deck(5)
    with pytest.raises(IllegalMove):
        removed_cards(True)


def test_footprint_table_is_marked_provisional_and_carries_9_per_suit() -> None:
    assert FOOTPRINTS_PROVISIONAL is True
    assert dict(FOOTPRINTS) == {5: 1, 6: 2, 7: 3, 8: 2, 9: 1}
    assert deck_footprints(4) == 9 and deck_footprints(3) == 7
    assert set(ANIMAL_NAMES) == set(ANIMALS)


def test_consistent_footprints_give_no_warning() -> None:
    hands = PLAYOUT.deal(4, random.Random(5))
    footprints = [as_dict(count_footprints(hand)) for hand in hands]
    assert footprint_warnings(4, footprints) == []
    state = RULES.apply(start(), hunt(*footprints))
    assert round_warnings(state, 0) == []


def test_more_footprints_of_an_animal_than_the_deck_carries_warns_but_is_accepted() -> None:
    footprints = [{"bear": 10}, EMPTY, EMPTY]
    warnings = footprint_warnings(NAMES3, footprints)
    templates = [template for template, _ in warnings]
    assert any("no %(animal)s cards carry exactly" in t for t in templates)
    first = warnings[0][1]
    assert first["player"] == "Ann" and first["animal"] == "bear" and first["most"] == 7
    state = RULES.apply(start(NAMES3), hunt(*footprints))
    assert RULES.standings(state) == [10, 0, 0]
    assert round_warnings(state, 0) == warnings


def test_footprints_needing_more_than_twelve_cards_warn() -> None:
    footprints = [{"bear": 9, "wolf": 9, "boar": 9}, EMPTY, EMPTY, EMPTY]
    warnings = footprint_warnings(NAMES4, footprints)
    needed = [p for t, p in warnings if "need at least" in t]
    assert needed == [{"seat": 0, "player": "Ann", "needed": 15, "hand": HAND}]


def test_footprints_over_all_players_must_match_the_deck_or_warn() -> None:
    warnings = footprint_warnings(start(), [EXAMPLE, EMPTY, EMPTY, EMPTY])
    totals = {p["animal"]: (p["count"], p["expected"]) for t, p in warnings if "add up" in t}
    assert totals == {"bear": (5, 9), "wolf": (4, 9), "boar": (3, 9), "mouflon": (0, 9)}


def test_warnings_refuse_malformed_footprints_like_a_move() -> None:
    with pytest.raises(IllegalMove):
        footprint_warnings(4, [EMPTY] * 3)
    with pytest.raises(IllegalMove):
        footprint_warnings(5, [EMPTY] * 5)
    with pytest.raises(IllegalMove):
        footprint_warnings(4, [{"bear": -1}, EMPTY, EMPTY, EMPTY])


counts = st.fixed_dictionaries({a: st.integers(0, 9) for a in ANIMALS})


@settings(max_examples=60, deadline=None)
@given(st.lists(counts, min_size=4, max_size=4), st.booleans())
def test_hunt_points_are_never_negative(footprints: list[dict[str, int]], suits: bool) -> None:
    options = {"multiplier": "suits"} if suits else {}
    extra = {"suits": [4] * 4} if suits else {}
    state = RULES.apply(RULES.setup(NAMES4, options), hunt(*footprints, **extra))
    assert all(points >= 0 for points in state.rounds[0].points)
    assert all(points >= 0 for points in RULES.standings(state))
