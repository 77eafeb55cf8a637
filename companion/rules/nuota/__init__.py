"""Nuota per la vita: lives per seat, rounds ended by a showdown or by sudden death.

Three to five players start with 5 lives each. The 60 cards are ten species (giraffe 9 down to
mouse 3; a species' value is its number of copies); every player still in holds 10 of them.

- A round ends either normally (the hands are shown, or their totals typed) or by sudden death
  (a player holds all 4 cats, 5 hares or 5 pigs).
- Shown hands score species by species: the sole majority scores the species' value; a tie for
  the most scores nobody, and with only two players left a single card is no majority.
- Highest total loses no life, lowest loses 2, everyone else 1; tied lowest all lose 2, tied
  highest all lose 0, and when every total is equal nobody loses.
- Sudden death costs every other player 1 life. In the expert variant only 5 hares or 5 pigs
  end a round so, and the declarer gains a life.
- Each round starts left of the previous starter, skipping those out; the last one standing wins.

The modules: :mod:`.cards` the species, a hand and the deck; :mod:`.state` the lives, the
round-by-round history and who starts; :mod:`.moves` the checks that refuse entries the rules
cannot produce and how each move records a round; :mod:`.scoring` majorities, possible totals,
life losses and the end; :mod:`.game` the rules behind the common contract.
"""

from __future__ import annotations

from .cards import (
    DECK_SIZE,
    HAND_SIZE,
    NAMES,
    SPECIES,
    VALUES,
    Counts,
    Species,
    check_deck,
    check_hand,
    counts_of,
    species_table,
)
from .game import RULES, Nuota
from .moves import (
    COMBOS,
    EXPERT_COMBOS,
    can_sudden_death,
    check_hands,
    check_points,
    check_sudden_death,
    combos,
    finish,
    sudden_death_changes,
)
from .scoring import (
    Scoring,
    life_changes,
    min_majority,
    possible_total,
    possible_totals,
    score_hands,
)
from .state import (
    LIVES,
    VARIANTS,
    NuotaState,
    Round,
    alive,
    is_out,
    starter,
    state_from_dict,
    state_to_dict,
)

__all__ = [
    "COMBOS",
    "DECK_SIZE",
    "EXPERT_COMBOS",
    "HAND_SIZE",
    "LIVES",
    "NAMES",
    "RULES",
    "SPECIES",
    "VALUES",
    "VARIANTS",
    "Counts",
    "Nuota",
    "NuotaState",
    "Round",
    "Scoring",
    "Species",
    "alive",
    "can_sudden_death",
    "check_deck",
    "check_hand",
    "check_hands",
    "check_points",
    "check_sudden_death",
    "combos",
    "counts_of",
    "finish",
    "is_out",
    "life_changes",
    "min_majority",
    "possible_total",
    "possible_totals",
    "score_hands",
    "species_table",
    "starter",
    "state_from_dict",
    "state_to_dict",
    "sudden_death_changes",
]
