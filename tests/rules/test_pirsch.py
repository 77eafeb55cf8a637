"""Auf der Pirsch: scenario tests named after the rule they encode, refusals and properties."""

from __future__ import annotations

import copy
import importlib.util
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.base import IllegalMove
from companion.rules.pirsch import (
    FOOTPRINTS,
    FOOTPRINTS_PROVISIONAL,
    RULES,
    PirschState,
    can_final,
    can_hunt,
    deck,
    deck_footprints,
    final_points,
    footprint_warnings,
    hunt_points,
    leader,
    leaders,
    next_move_type,
    removed_cards,
    round_number,
    round_warnings,
    tricks_per_player,
    trump,
)
from companion.rules.pirsch.cards import ANIMAL_NAMES, ANIMALS, HAND, as_dict, count_footprints

NAMES4 = ["Ann", "Bob", "Cy", "Dee"]
NAMES3 = ["Ann", "Bob", "Cy"]
EXAMPLE = {"bear": 5, "wolf": 4, "boar": 3, "mouflon": 0}
EMPTY = {"bear": 0, "wolf": 0, "boar": 0, "mouflon": 0}


def load_playout() -> Any:
    """The playout helper of this game, loaded by path so the test does not depend on packaging."""
    path = Path(__file__).with_name("playout_pirsch.py")
    spec = importlib.util.spec_from_file_location("playout_pirsch", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PLAYOUT = load_playout()


def start(names: list[str] = NAMES4, **options: Any) -> PirschState:
    return RULES.setup(names, options)


def hunt(*footprints: Any, **extra: Any) -> dict[str, Any]:
    return {"type": "hunt", "footprints": list(footprints), **extra}


def dealt_hands(players: int, seed: int = 1) -> list[list[list[Any]]]:
    """Every card in play, shuffled and split 12 per player, as a per-card hunt carries them."""
    return [[[a, v] for a, v in hand] for hand in PLAYOUT.deal(players, random.Random(seed))]


def after_hunts(names: list[str] = NAMES4, **options: Any) -> PirschState:
    """A match with its three hunts entered (rulebook example for seat 0, nothing for the rest)."""
    state = start(names, **options)
    extra = {"suits": [3] + [2] * (len(names) - 1)} if options.get("multiplier") == "suits" else {}
    for _ in range(3):
        state = RULES.apply(state, hunt(EXAMPLE, *[EMPTY] * (len(names) - 1), **extra))
    return state


def even_final(players: int) -> list[dict[str, int]]:
    """Round 4 where the cards are spread as evenly as whole tricks allow (4p: 12 each; 3p: 12)."""
    if players == 4:
        return [{a: 3 for a in ANIMALS} for _ in range(4)]
    return [{"bear": 3, "wolf": 3, "boar": 3, "mouflon": 3} for _ in range(3)]


def refused(state: PirschState, move: Any, needle: str = "") -> IllegalMove:
    before = RULES.to_dict(state)
    with pytest.raises(IllegalMove) as caught:
        RULES.apply(state, move)
    assert RULES.to_dict(state) == before
    assert needle in caught.value.reason
    return caught.value


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


@pytest.mark.parametrize(("names", "points"), [(NAMES4, 120), (NAMES3, 90)])
def test_round_four_scores_wolf_1_mouflon_2_boar_3_bear_4_and_sums_to_all_cards(
    names: list[str], points: int
) -> None:
    state = after_hunts(names)
    final = RULES.apply(state, {"type": "final", "cards": even_final(len(names))})
    gained = [
        after - before
        for after, before in zip(RULES.standings(final), RULES.standings(state), strict=True)
    ]
    assert sum(gained) == points
    assert final.rounds[-1].points == tuple(final_points(c) for c in even_final(len(names)))
    assert final_points({"wolf": 1}) == 1 and final_points({"mouflon": 1}) == 2
    assert final_points({"boar": 1}) == 3 and final_points({"bear": 1}) == 4


def test_round_four_one_player_takes_every_trick() -> None:
    state = after_hunts()
    all_cards = {a: 12 for a in ANIMALS}
    final = RULES.apply(state, {"type": "final", "cards": [EMPTY, all_cards, EMPTY, EMPTY]})
    assert final.rounds[-1].points == (0, 120, 0, 0)
    outcome = RULES.outcome(final)
    assert outcome is not None and outcome.winners == (1,) and outcome.reason == "rounds"


@pytest.mark.parametrize("names", [NAMES4, NAMES3])
def test_round_four_refuses_a_suit_that_does_not_add_up(names: list[str]) -> None:
    cards = even_final(len(names))
    cards[0] = {**cards[0], "bear": cards[0]["bear"] - 1, "wolf": cards[0]["wolf"] + 1}
    refused(after_hunts(names), {"type": "final", "cards": cards}, "bear cards add up to")
    cards = even_final(len(names))
    cards[0] = {**cards[0], "bear": cards[0]["bear"] + 1}
    refused(after_hunts(names), {"type": "final", "cards": cards}, "Every card is captured")


def test_round_four_refuses_cards_that_are_not_whole_tricks() -> None:
    cards = [
        {"bear": 12, "wolf": 1, "boar": 0, "mouflon": 0},
        {"bear": 0, "wolf": 11, "boar": 0, "mouflon": 0},
        {"bear": 0, "wolf": 0, "boar": 12, "mouflon": 0},
        {"bear": 0, "wolf": 0, "boar": 0, "mouflon": 12},
    ]
    refused(after_hunts(), {"type": "final", "cards": cards}, "A trick holds one card")


def test_tied_highest_totals_share_the_win() -> None:
    state = start()
    for _ in range(3):
        state = RULES.apply(state, hunt(EXAMPLE, EXAMPLE, EMPTY, EMPTY))
    assert leaders(state) == (0, 1) and leader(state) is None
    final = RULES.apply(state, {"type": "final", "cards": even_final(4)})
    outcome = RULES.outcome(final)
    assert outcome is not None and outcome.winners == (0, 1)
    assert RULES.standings(final) == [108 + 30, 108 + 30, 30, 30]


def test_all_zero_match_is_a_tie_of_everybody() -> None:
    state = start(NAMES3)
    for _ in range(3):
        state = RULES.apply(state, hunt(EMPTY, EMPTY, EMPTY))
    final = RULES.apply(state, {"type": "final", "cards": even_final(3)})
    outcome = RULES.outcome(final)
    assert outcome is not None and outcome.winners == (0, 1, 2)


def test_mouflon_10_leads_round_one_then_most_points_lead() -> None:
    state = start()
    assert leader(state) is None and leaders(state) == ()
    state = RULES.apply(state, hunt(EMPTY, EXAMPLE, EMPTY, EMPTY))
    assert leader(state) == 1 and leaders(state) == (1,)
    state = RULES.apply(state, hunt({"bear": 9, "wolf": 9, "boar": 1}, EMPTY, EMPTY, EMPTY))
    assert leader(state) == 0 and RULES.standings(state) == [57, 36, 0, 0]
    state = RULES.apply(state, hunt(EMPTY, EMPTY, EMPTY, EMPTY))
    final = RULES.apply(state, {"type": "final", "cards": even_final(4)})
    assert leader(final) is None and leaders(final) == ()


def test_rounds_go_hunt_hunt_hunt_final_then_the_match_ends() -> None:
    state = start()
    seen = []
    while RULES.outcome(state) is None:
        seen.append((round_number(state), next_move_type(state), can_hunt(state), can_final(state)))
        move = PLAYOUT.random_move(RULES, state, random.Random(len(seen)))
        state = RULES.apply(state, move)
    assert seen == [
        (1, "hunt", True, False),
        (2, "hunt", True, False),
        (3, "hunt", True, False),
        (4, "final", False, True),
    ]
    assert round_number(state) is None and next_move_type(state) is None
    assert PLAYOUT.random_move(RULES, state, random.Random(0)) is None


def test_recorded_trump_order_names_the_trump_of_each_round() -> None:
    order = ["mouflon", "bear", "wolf", "boar"]
    state = start(trumps=order)
    seen = []
    for _ in range(3):
        seen.append(trump(state))
        state = RULES.apply(state, hunt(EMPTY, EMPTY, EMPTY, EMPTY))
    seen.append(trump(state))
    assert seen == order
    assert trump(start()) is None
    assert state.trumps == tuple(order)


@pytest.mark.parametrize(
    "trumps",
    [
        ["bear", "bear", "wolf", "boar"],
        ["bear", "wolf", "boar"],
        ["bear", "wolf", "boar", "mouflon", "bear"],
        ["bear", "wolf", "boar", "deer"],
        "bear",
        [1, 2, 3, 4],
        {"bear": 1},
    ],
)
def test_four_trump_cards_name_each_animal_once(trumps: Any) -> None:
    with pytest.raises(IllegalMove, match="trump"):
        start(trumps=trumps)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (["Ann", "Bob"], {}),
        (["A", "B", "C", "D", "E"], {}),
        (NAMES4, {"multiplier": "cards"}),
        (NAMES4, {"multiplier": None}),
        (NAMES4, {"multiplier": 2}),
        (NAMES4, ["suits"]),
        (NAMES4, "suits"),
        ("Ann", {}),
        (["Ann", "ann", "Cy"], {}),
    ],
)
def test_setup_refuses_bad_players_and_options(players: Any, options: Any) -> None:
    with pytest.raises(IllegalMove):
        RULES.setup(players, options)


def test_setup_defaults_to_footprint_types_and_no_trumps() -> None:
    state = RULES.setup(NAMES3)
    assert (state.multiplier, state.trumps, state.rounds) == ("footprints", None, ())
    assert RULES.info.min_players == 3 and RULES.info.max_players == 4


def test_a_fourth_hunt_is_refused() -> None:
    refused(after_hunts(), hunt(EMPTY, EMPTY, EMPTY, EMPTY), "round 4")


@pytest.mark.parametrize("hunts", [0, 1, 2])
def test_a_final_before_round_four_is_refused(hunts: int) -> None:
    state = start()
    for _ in range(hunts):
        state = RULES.apply(state, hunt(EMPTY, EMPTY, EMPTY, EMPTY))
    refused(state, {"type": "final", "cards": even_final(4)}, "Round 4 comes after three hunts")


@pytest.mark.parametrize(
    "move",
    [
        {"type": "final", "cards": even_final(4)},
        {"type": "hunt", "footprints": [EMPTY] * 4},
        {"type": "nonsense"},
        {},
        None,
    ],
)
def test_nothing_is_accepted_after_the_end(move: Any) -> None:
    state = RULES.apply(after_hunts(), {"type": "final", "cards": even_final(4)})
    refused(state, move, "over")


@pytest.mark.parametrize(
    ("move", "needle"),
    [
        (None, "move"),
        ([], "move"),
        ("hunt", "move"),
        ({"type": 3}, "move"),
        ({"type": "round", "heads": [1, 2, 3, 4]}, "Unknown move"),
        ({"type": "hunt"}, "either"),
        ({"type": "hunt", "footprints": [EMPTY] * 4, "cards": []}, "either"),
        ({"type": "hunt", "footprints": [EMPTY] * 3}, "one value per player"),
        ({"type": "hunt", "footprints": {"bear": 1}}, "one value per player"),
        ({"type": "hunt", "footprints": None}, "one value per player"),
        (hunt({"bear": -1}, EMPTY, EMPTY, EMPTY), "negative"),
        (hunt({"bear": 1.5}, EMPTY, EMPTY, EMPTY), "whole number"),
        (hunt({"bear": 2.0}, EMPTY, EMPTY, EMPTY), "whole number"),
        (hunt({"bear": "3"}, EMPTY, EMPTY, EMPTY), "whole number"),
        (hunt({"bear": True}, EMPTY, EMPTY, EMPTY), "whole number"),
        (hunt({"bear": None}, EMPTY, EMPTY, EMPTY), "whole number"),
        (hunt({"deer": 1}, EMPTY, EMPTY, EMPTY), "Unknown animal: deer"),
        (hunt({1: 1}, EMPTY, EMPTY, EMPTY), "Unknown animal"),
        (hunt([5, 4, 3, 0], EMPTY, EMPTY, EMPTY), "per animal"),
        (hunt(None, EMPTY, EMPTY, EMPTY), "per animal"),
        (hunt({"bear": 37}, EMPTY, EMPTY, EMPTY), "at most 36"),
        (hunt({"bear": 10, "wolf": 10, "boar": 10, "mouflon": 7}, EMPTY, EMPTY, EMPTY), "36"),
        (hunt(EMPTY, EMPTY, EMPTY, EMPTY, suits=[1, 1, 1, 1]), "captured-suits multiplier"),
    ],
)
def test_bad_hunts_are_refused(move: Any, needle: str) -> None:
    refused(start(), move, needle)


@pytest.mark.parametrize(
    ("cards", "needle"),
    [
        ([], "one value per player"),
        ("cards", "one value per player"),
        ([[["bear", 7]]] * 4, "twice"),
        ([[["bear", 7]], [], [], []], "exactly 12 cards"),
        ([None, [], [], []], "as a list"),
        ([[["bear"]], [], [], []], "an animal and a value"),
        ([[["bear", 7, 1]], [], [], []], "an animal and a value"),
        ([["bear7"], [], [], []], "an animal and a value"),
        ([[{"bear": 7}], [], [], []], "an animal and a value"),
        ([[["deer", 7]], [], [], []], "Unknown animal"),
        ([[[7, "bear"]], [], [], []], "whole number"),
        ([[["bear", 13]], [], [], []], "1 to 12"),
        ([[["bear", 0]], [], [], []], "1 to 12"),
        ([[["bear", -5]], [], [], []], "1 to 12"),
        ([[["bear", 7.0]], [], [], []], "whole number"),
        ([[["bear", True]], [], [], []], "whole number"),
    ],
)
def test_bad_per_card_hunts_are_refused(cards: Any, needle: str) -> None:
    refused(start(), {"type": "hunt", "cards": cards}, needle)


def test_per_card_hunt_refuses_the_same_card_twice() -> None:
    hands = dealt_hands(4)
    hands[1][0] = list(hands[0][0])
    refused(start(), {"type": "hunt", "cards": hands}, "entered twice")
    hands = dealt_hands(4)
    hands[0][1] = list(hands[0][0])
    refused(start(), {"type": "hunt", "cards": hands}, "entered twice")


def test_per_card_hunt_refuses_a_player_without_exactly_twelve_cards() -> None:
    hands = dealt_hands(4)
    hands[1].append(hands[0].pop())
    refused(start(), {"type": "hunt", "cards": hands}, "Ann has 11")


@pytest.mark.parametrize("value", [1, 6, 12])
def test_per_card_hunt_with_three_players_refuses_the_removed_cards(value: int) -> None:
    hands = dealt_hands(3)
    hands[2][5] = ["wolf", value]
    refused(start(NAMES3), {"type": "hunt", "cards": hands}, "taken out")


def test_per_card_hunt_with_suits_given_is_refused() -> None:
    move = {"type": "hunt", "cards": dealt_hands(4), "suits": [2, 2, 2, 2]}
    refused(start(multiplier="suits"), move, "counted from them")


@pytest.mark.parametrize(
    ("names", "suits", "needle"),
    [
        (NAMES4, None, "how many different animals"),
        (NAMES4, [3, 1, 1], "one value per player"),
        (NAMES4, [3, 0, 1, 1], "between 1 and 4"),
        (NAMES4, [5, 1, 1, 1], "between 1 and 4"),
        (NAMES4, [2, 1, 1, 1], "Ann has footprints of 3 animals"),
        (NAMES4, [3.0, 1, 1, 1], "whole number"),
        (NAMES4, "3111", "one value per player"),
        (NAMES3, [3, 1, 2], "between 2 and 4"),
    ],
)
def test_captured_suits_must_be_possible(names: list[str], suits: Any, needle: str) -> None:
    move = hunt(EXAMPLE, *[EMPTY] * (len(names) - 1))
    if suits is not None:
        move["suits"] = suits
    refused(start(names, multiplier="suits"), move, needle)


@pytest.mark.parametrize(
    ("cards", "needle"),
    [
        (None, "one value per player"),
        ([EMPTY] * 3, "one value per player"),
        ([{"bear": -1}] + even_final(4)[1:], "negative"),
        ([{"bear": 3.0}] + even_final(4)[1:], "whole number"),
        ([{"deer": 3}] + even_final(4)[1:], "Unknown animal"),
        ([[3, 3, 3, 3]] + even_final(4)[1:], "per animal"),
        ([EMPTY] * 4, "Every card is captured"),
    ],
)
def test_bad_finals_are_refused(cards: Any, needle: str) -> None:
    refused(after_hunts(), {"type": "final", "cards": cards}, needle)
    refused(after_hunts(), {"type": "final", "footprints": even_final(4)}, "Enter the cards")


def test_refusals_carry_a_template_and_params_for_translation() -> None:
    error = refused(start(), hunt({"deer": 1}, EMPTY, EMPTY, EMPTY))
    assert error.template.startswith("Unknown animal: %(animal)s")
    assert error.params == {"animal": "deer"}


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


def test_history_keeps_each_round_as_entered() -> None:
    hands = dealt_hands(4)
    state = RULES.apply(start(), {"type": "hunt", "cards": hands})
    state = RULES.apply(state, hunt(EXAMPLE, EMPTY, EMPTY, EMPTY))
    state = RULES.apply(state, hunt(EMPTY, EMPTY, EMPTY, EXAMPLE))
    state = RULES.apply(state, {"type": "final", "cards": even_final(4)})
    kinds = [(r.kind, r.hands is not None) for r in state.rounds]
    assert kinds == [("hunt", True), ("hunt", False), ("hunt", False), ("final", False)]
    assert state.rounds[0].hands == tuple(tuple((a, v) for a, v in hand) for hand in hands)
    assert state.rounds[2].points == (0, 0, 0, 36)
    assert state.rounds[3].by_animal() == even_final(4)
    assert state.rounds[3].totals() == [12, 12, 12, 12]
    assert RULES.standings(state) == [sum(r.points[s] for r in state.rounds) for s in range(4)]
    round_trip = RULES.from_dict(json.loads(json.dumps(RULES.to_dict(state))))
    assert round_trip == state


def test_random_playouts_end_after_four_rounds_for_every_option() -> None:
    for options in PLAYOUT.OPTIONS:
        for players in PLAYOUT.PLAYER_COUNTS:
            rng = random.Random(players)
            state = RULES.setup(NAMES4[:players], options, seed=1)
            moves = 0
            while (move := PLAYOUT.random_move(RULES, state, rng)) is not None:
                before = copy.deepcopy(RULES.to_dict(state))
                state = RULES.apply(state, move)
                assert RULES.to_dict(RULES.from_dict(before)) == before
                moves += 1
            assert moves == 4 and RULES.outcome(state) is not None


counts = st.fixed_dictionaries({a: st.integers(0, 9) for a in ANIMALS})


@settings(max_examples=60, deadline=None)
@given(st.lists(counts, min_size=4, max_size=4), st.booleans())
def test_hunt_points_are_never_negative(footprints: list[dict[str, int]], suits: bool) -> None:
    options = {"multiplier": "suits"} if suits else {}
    extra = {"suits": [4] * 4} if suits else {}
    state = RULES.apply(RULES.setup(NAMES4, options), hunt(*footprints, **extra))
    assert all(points >= 0 for points in state.rounds[0].points)
    assert all(points >= 0 for points in RULES.standings(state))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([3, 4]))
def test_accepted_finals_always_sum_to_120_or_90(seed: int, players: int) -> None:
    state = after_hunts(NAMES4[:players])
    cards = PLAYOUT.final_cards(players, random.Random(seed))
    final = RULES.apply(state, {"type": "final", "cards": cards})
    assert sum(final.rounds[-1].points) == (120 if players == 4 else 90)
    assert min(final.rounds[-1].points) >= 0


@settings(max_examples=80, deadline=None)
@given(st.lists(st.fixed_dictionaries({a: st.integers(0, 12) for a in ANIMALS}), min_size=3))
def test_any_final_is_refused_or_sums_to_every_card(cards: list[dict[str, int]]) -> None:
    players = len(cards) if len(cards) in (3, 4) else 4
    try:
        final = RULES.apply(after_hunts(NAMES4[:players]), {"type": "final", "cards": cards})
    except IllegalMove:
        return
    assert sum(final.rounds[-1].points) == (120 if players == 4 else 90)


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 40)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)
move_keys = st.sampled_from(["type", "footprints", "cards", "suits", "bear"])
moves = st.dictionaries(move_keys, json_values, max_size=4) | json_values


@settings(max_examples=150, deadline=None)
@given(moves, st.integers(0, 3), st.sampled_from(["hunt", "final"]), st.booleans())
def test_any_input_is_either_accepted_or_refused_with_illegal_move(
    move: Any, hunts: int, kind: str, suits: bool
) -> None:
    state = start(multiplier="suits") if suits else start()
    for _ in range(hunts):
        state = RULES.apply(
            state, hunt(EMPTY, EMPTY, EMPTY, EMPTY, **({"suits": [1] * 4} if suits else {}))
        )
    if isinstance(move, dict) and "type" not in move:
        move = {**move, "type": kind}
    before = RULES.to_dict(state)
    try:
        after = RULES.apply(state, move)
    except IllegalMove:
        pass
    else:
        assert RULES.from_dict(json.loads(json.dumps(RULES.to_dict(after)))) == after
    assert RULES.to_dict(state) == before
