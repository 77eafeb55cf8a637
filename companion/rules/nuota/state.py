"""Nuota per la vita: the state of a match, its round-by-round history and who starts.

The state is immutable and round-trips through plain JSON; the history keeps, per round, how it
ended, the points, the majority per species and the lives, so the sheet can show every round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Counts

LIVES = 5
"""Every player starts with 5 lives."""
VARIANTS = ("base", "expert")
"""The base game, and the expert variant (sudden death only with hares or pigs, and it gains a
life)."""


@dataclass(frozen=True)
class Round:
    """One finished round, as the history shows it.

    ``kind`` is ``"hands"`` (cards shown), ``"points"`` (totals typed) or ``"sudden_death"``.
    ``points`` has the total per seat (None for seats that were out, and for sudden death);
    ``winners`` the seat with the majority per species in :data:`SPECIES` order (shown hands only);
    ``hands`` the counts shown per seat; ``change`` the lives each seat lost (−) or gained (+) by
    the rule; ``lives`` each seat's lives afterwards; ``starter`` who started the round.
    """

    kind: str
    starter: int
    change: tuple[int, ...]
    lives: tuple[int, ...]
    points: tuple[int | None, ...] | None = None
    winners: tuple[int | None, ...] | None = None
    hands: tuple[Counts | None, ...] | None = None
    declarer: int | None = None
    combo: str | None = None


@dataclass(frozen=True)
class NuotaState:
    """A match: the players, the options, every seat's lives and the finished rounds."""

    players: tuple[str, ...]
    variant: str = "base"
    first: int = 0
    lives: tuple[int, ...] = ()
    rounds: tuple[Round, ...] = ()

    @property
    def seats(self) -> int:
        """How many players sit at the table (including those who are out)."""
        return len(self.players)


def alive(state: NuotaState) -> tuple[int, ...]:
    """The seats still in the game (at least one life)."""
    return tuple(seat for seat, lives in enumerate(state.lives) if lives > 0)


def is_out(state: NuotaState, seat: int) -> bool:
    """Whether ``seat`` has lost its last life."""
    return state.lives[seat] <= 0


def starter(state: NuotaState) -> int | None:
    """Who starts the current round: left of the previous starter, skipping those out.

    The first round starts with the ``first`` option; None once the match is over.
    """
    if len(alive(state)) <= 1:
        return None
    if not state.rounds:
        return state.first
    seat = state.rounds[-1].starter
    for _ in range(state.seats):
        seat = (seat + 1) % state.seats
        if not is_out(state, seat):
            return seat
    return None  # pragma: no cover - unreachable while two seats are alive


def _listed(values: Sequence[Any] | None) -> list[Any] | None:
    """A tuple of a round as a JSON list (hands as nested lists)."""
    if values is None:
        return None
    return [list(value) if isinstance(value, tuple) else value for value in values]


def _tupled(values: Sequence[Any] | None) -> tuple[Any, ...] | None:
    """A JSON list of a round back as a tuple (hands as nested tuples)."""
    if values is None:
        return None
    return tuple(tuple(value) if isinstance(value, list) else value for value in values)


def round_to_dict(round_: Round) -> dict[str, Any]:
    """One round as plain JSON; ``winners`` and ``hands`` list species in scoring order."""
    return {
        "kind": round_.kind,
        "starter": round_.starter,
        "change": list(round_.change),
        "lives": list(round_.lives),
        "points": _listed(round_.points),
        "winners": _listed(round_.winners),
        "hands": _listed(round_.hands),
        "declarer": round_.declarer,
        "combo": round_.combo,
    }


def round_from_dict(data: Mapping[str, Any]) -> Round:
    """Rebuild one round written by :func:`round_to_dict`."""
    return Round(
        kind=data["kind"],
        starter=data["starter"],
        change=tuple(data["change"]),
        lives=tuple(data["lives"]),
        points=_tupled(data.get("points")),
        winners=_tupled(data.get("winners")),
        hands=_tupled(data.get("hands")),
        declarer=data.get("declarer"),
        combo=data.get("combo"),
    )


def state_to_dict(state: NuotaState) -> dict[str, Any]:
    """The state as plain JSON."""
    return {
        "players": list(state.players),
        "variant": state.variant,
        "first": state.first,
        "lives": list(state.lives),
        "rounds": [round_to_dict(round_) for round_ in state.rounds],
    }


def state_from_dict(data: Mapping[str, Any]) -> NuotaState:
    """Rebuild a state written by :func:`state_to_dict`."""
    return NuotaState(
        players=tuple(data["players"]),
        variant=data["variant"],
        first=data["first"],
        lives=tuple(data["lives"]),
        rounds=tuple(round_from_dict(round_) for round_ in data["rounds"]),
    )
