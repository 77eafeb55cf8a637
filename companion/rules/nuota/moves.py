"""Nuota per la vita's two moves: a showdown (hands or totals) and a sudden death.

Each ``check_*`` refuses an entry the rules cannot produce, with a reason naming the player; the
move functions then score the round (:mod:`.scoring`) and :func:`finish` records it in the state.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..base import N_, Move, can, per_seat, require, whole_number
from .cards import DECK_SIZE, Counts, check_deck, check_hand
from .scoring import life_changes, possible_total, possible_totals, score_hands
from .state import NuotaState, Round, alive, is_out, starter

COMBOS = ("cats", "hares", "pigs")
"""Sudden-death sets: all 4 cats, all 5 hares or all 5 pigs."""
EXPERT_COMBOS = ("hares", "pigs")


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
    return can(check_sudden_death, state, seat, combo)


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


def finish(state: NuotaState, kind: str, changes: tuple[int, ...], **details: Any) -> NuotaState:
    """Record a finished round: apply the life changes (never below 0) and note who started."""
    first = starter(state)
    assert first is not None
    lives = tuple(
        max(0, lives + change) for lives, change in zip(state.lives, changes, strict=True)
    )
    round_ = Round(kind=kind, starter=first, change=changes, lives=lives, **details)
    return replace(state, lives=lives, rounds=(*state.rounds, round_))


def showdown(state: NuotaState, move: Move) -> NuotaState:
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


def sudden_death(state: NuotaState, move: Move) -> NuotaState:
    """End the round at once: the declarer's set costs every other player a life."""
    declarer = check_sudden_death(state, move.get("seat"), move.get("combo"))
    changes = sudden_death_changes(state, declarer)
    return finish(state, "sudden_death", changes, declarer=declarer, combo=str(move["combo"]))
