"""Nuota per la vita: lives per seat, rounds ended by a showdown or by sudden death.

A round ends either normally (the hands are shown, or their totals typed) or by sudden death (a
player holds all 4 cats, 5 hares or 5 pigs). Majorities and life losses are computed in
:mod:`companion.rules.nuota_scoring`; this module keeps the lives, the round-by-round history and
who starts, and refuses entries the rules cannot produce.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .base import (
    N_,
    GameInfo,
    IllegalMove,
    Move,
    Outcome,
    move_type,
    per_seat,
    require,
    whole_number,
)
from .nuota_scoring import (
    DECK_SIZE,
    SPECIES,
    Counts,
    Scoring,
    Species,
    check_deck,
    check_hand,
    life_changes,
    min_majority,
    possible_total,
    possible_totals,
    score_hands,
    species_table,
)
from .nuota_state import (
    LIVES,
    NuotaState,
    Round,
    alive,
    finish,
    is_out,
    starter,
    state_from_dict,
    state_to_dict,
)
from .players import check_players

VARIANTS = ("base", "expert")
COMBOS = ("cats", "hares", "pigs")
"""Sudden-death sets: all 4 cats, all 5 hares or all 5 pigs."""
EXPERT_COMBOS = ("hares", "pigs")

__all__ = [
    "COMBOS",
    "LIVES",
    "RULES",
    "SPECIES",
    "Nuota",
    "NuotaState",
    "Round",
    "Scoring",
    "Species",
    "alive",
    "can_sudden_death",
    "check_hand",
    "check_hands",
    "check_points",
    "check_sudden_death",
    "combos",
    "is_out",
    "life_changes",
    "min_majority",
    "possible_total",
    "possible_totals",
    "score_hands",
    "species_table",
    "starter",
]


def combos(state: NuotaState) -> tuple[str, ...]:
    """The sets that end a round by sudden death in this match's variant."""
    return EXPERT_COMBOS if state.variant == "expert" else COMBOS


def check_sudden_death(state: NuotaState, seat: object, combo: object) -> int:
    """Refuse a sudden death this seat cannot declare; return the seat as an int."""
    require(len(alive(state)) > 1, N_("The match is over: no more entries."))
    index = whole_number(seat)
    require(0 <= index < state.seats, N_("Choose a player at the table."))
    require(
        not is_out(state, index),
        N_("%(player)s is out of the game and cannot declare sudden death."),
        player=state.players[index],
    )
    require(combo in COMBOS, N_("Sudden death needs all 4 cats, all 5 hares or all 5 pigs."))
    require(
        combo in combos(state),
        N_("In the expert variant only all 5 hares or all 5 pigs end the round at once."),
    )
    return index


def can_sudden_death(state: NuotaState, seat: object, combo: object) -> bool:
    """Whether ``seat`` may declare sudden death with ``combo`` now (for offering the button)."""
    try:
        check_sudden_death(state, seat, combo)
    except IllegalMove:
        return False
    return True


def sudden_death_changes(state: NuotaState, declarer: int) -> tuple[int, ...]:
    """Every other player loses 1 life; in the expert variant the declarer gains 1."""
    gain = 1 if state.variant == "expert" else 0
    return tuple(
        0 if is_out(state, seat) else (gain if seat == declarer else -1)
        for seat in range(state.seats)
    )


def check_hands(state: NuotaState, raw: object) -> tuple[Counts | None, ...]:
    """The shown hands, one per seat: 10 real cards for each seat in play, null for those out."""
    hands: list[Counts | None] = []
    for seat, hand in enumerate(per_seat(raw, state.seats)):
        name = state.players[seat]
        if is_out(state, seat):
            require(hand is None, N_("%(player)s is out of the game and has no hand."), player=name)
            hands.append(None)
        else:
            require(hand is not None, N_("Enter the hand of %(player)s."), player=name)
            hands.append(check_hand(hand, name))
    check_deck(hands)
    return tuple(hands)


def check_points(state: NuotaState, raw: object) -> tuple[int | None, ...]:
    """The typed totals, one per seat: totals the species can make, null for seats that are out."""
    points: list[int | None] = []
    for seat, value in enumerate(per_seat(raw, state.seats)):
        name = state.players[seat]
        if is_out(state, seat):
            require(
                value is None, N_("%(player)s is out of the game and has no total."), player=name
            )
            points.append(None)
            continue
        require(value is not None, N_("Enter the total of %(player)s."), player=name)
        total = whole_number(value)
        require(total >= 0, N_("A total cannot be negative."))
        require(
            possible_total(total),
            N_("No set of species adds up to %(total)d: %(player)s's total is not possible."),
            total=total,
            player=name,
        )
        points.append(total)
    scored = [total for total in points if total is not None]
    require(
        sum(scored) <= DECK_SIZE,
        N_("All totals together can be at most 60: every species scores once at most."),
    )
    require(
        possible_totals(scored),
        N_("These totals cannot all be scored together: each species scores for one player only."),
    )
    return tuple(points)


class Nuota:
    """The rules of Nuota per la vita behind the common contract."""

    info = GameInfo(slug="nuota", name="Nuota per la vita", min_players=3, max_players=5)

    def setup(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> NuotaState:
        """Start a match: 5 lives each; ``variant`` base or expert, ``first`` the first starter."""
        names = check_players(players, self.info)
        options = {} if options is None else options
        require(isinstance(options, Mapping), N_("The options are not understood."))
        variant = options.get("variant", "base")
        require(variant in VARIANTS, N_("Unknown variant."))
        first = options.get("first")
        first = 0 if first is None else whole_number(first)
        require(0 <= first < len(names), N_("The first player must be one of the players."))
        return NuotaState(players=names, variant=variant, first=first, lives=(LIVES,) * len(names))

    def apply(self, state: NuotaState, move: Move) -> NuotaState:
        """End a round by showdown (hands or totals) or by sudden death."""
        require(self.outcome(state) is None, N_("The match is over: no more entries."))
        kind = move_type(move)
        if kind == "showdown":
            return self.showdown(state, move)
        if kind == "sudden_death":
            declarer = check_sudden_death(state, move.get("seat"), move.get("combo"))
            changes = sudden_death_changes(state, declarer)
            return finish(
                state, "sudden_death", changes, declarer=declarer, combo=str(move["combo"])
            )
        raise IllegalMove(N_("Unknown move: %(type)s."), type=kind)

    def showdown(self, state: NuotaState, move: Move) -> NuotaState:
        """Score a normal end of round from the shown hands or from the typed totals."""
        has_hands, has_points = "hands" in move, "points" in move
        require(has_hands != has_points, N_("Enter either every player's hand or every total."))
        if has_points:
            points = check_points(state, move["points"])
            return finish(state, "points", life_changes(points), points=points)
        hands = check_hands(state, move["hands"])
        scoring = score_hands(hands, len(alive(state)))
        return finish(
            state,
            "hands",
            life_changes(scoring.points),
            points=scoring.points,
            winners=scoring.winners,
            hands=hands,
        )

    def standings(self, state: NuotaState) -> list[int]:
        """Lives per seat (0 for a seat that is out)."""
        return list(state.lives)

    def outcome(self, state: NuotaState) -> Outcome | None:
        """Over when one player is left: the last one standing wins."""
        seats = alive(state)
        if len(seats) > 1:
            return None
        return Outcome(winners=seats, reason="last_standing")

    def to_dict(self, state: NuotaState) -> dict[str, Any]:
        """The state as plain JSON."""
        return state_to_dict(state)

    def from_dict(self, data: Mapping[str, Any]) -> NuotaState:
        """Rebuild a state written by ``to_dict``."""
        return state_from_dict(data)


RULES = Nuota()
