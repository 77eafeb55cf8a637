"""Auf der Pirsch: footprints × types in rounds 1–3, animals in round 4, highest total wins.

Three or four players each get 12 animal cards (bear, wolf, boar, mouflon, values 1–12; with
three players the 1, 6 and 12 of every animal are taken out). The mouflon 10 leads round 1, then
the player with most points leads. Each round has its own trump animal (each animal once);
the order may be recorded as an option.

- Rounds 1–3 are hunts: every player must win exactly 3 tricks (4 with three players). Each
  player scores the footprints on the cards they captured × the number of animals those
  footprints show ("5 + 4 + 3 = 12 × 3 = 36"); an option multiplies by the captured suits
  instead. A hunt is entered as footprints per animal or as the cards themselves.
- Round 4 has no trick limit: each captured card scores wolf 1, mouflon 2, boar 3, bear 4.
- After round 4 the highest total wins; ties share the win.

The footprint table is provisional (no public source prints it): it only feeds per-card entry
and warnings, never a refusal.

The modules: :mod:`.cards` the deck, the footprint table and reading counts and cards;
:mod:`.state` the match and its round records; :mod:`.moves` the checks and scoring of each
round's entry and the queries a page asks ("which round is next?"); :mod:`.scoring` points,
totals, winners and who leads; :mod:`.game` the rules behind the common contract.
"""

from __future__ import annotations

from .cards import (
    ANIMAL_NAMES,
    ANIMALS,
    CARD_POINTS,
    FOOTPRINTS,
    FOOTPRINTS_PROVISIONAL,
    HAND,
    MAX_FOOTPRINTS_PER_CARD,
    REMOVED_VALUES,
    Card,
    Counts,
    WarningItem,
    as_dict,
    count_footprints,
    count_suits,
    deck,
    deck_footprints,
    footprint_warnings,
    footprints,
    parse_card,
    parse_counts,
    removed_cards,
    suit_size,
    tricks_per_player,
    types,
)
from .game import RULES, Pirsch
from .moves import can_final, can_hunt, next_move_type, round_number, round_warnings, trump
from .scoring import final_points, hunt_points, leader, leaders
from .state import HUNTS, MULTIPLIERS, ROUNDS, PirschState, RoundRecord

__all__ = [
    "ANIMALS",
    "ANIMAL_NAMES",
    "CARD_POINTS",
    "FOOTPRINTS",
    "FOOTPRINTS_PROVISIONAL",
    "HAND",
    "HUNTS",
    "MAX_FOOTPRINTS_PER_CARD",
    "MULTIPLIERS",
    "REMOVED_VALUES",
    "ROUNDS",
    "RULES",
    "Card",
    "Counts",
    "Pirsch",
    "PirschState",
    "RoundRecord",
    "WarningItem",
    "as_dict",
    "can_final",
    "can_hunt",
    "count_footprints",
    "count_suits",
    "deck",
    "deck_footprints",
    "final_points",
    "footprint_warnings",
    "footprints",
    "hunt_points",
    "leader",
    "leaders",
    "next_move_type",
    "parse_card",
    "parse_counts",
    "removed_cards",
    "round_number",
    "round_warnings",
    "suit_size",
    "trump",
    "tricks_per_player",
    "types",
]
