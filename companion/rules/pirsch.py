"""Auf der Pirsch: footprints × types in rounds 1–3, animals in round 4, highest total wins.

The deck, the provisional footprint table and counting live in :mod:`companion.rules.pirsch_cards`,
the scoring of one round's entry in :mod:`companion.rules.pirsch_entry`; this module keeps the
match: options, the rounds as entered, standings and the queries a page asks ("which round is
next?", "who leads it?").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .base import N_, GameInfo, IllegalMove, Move, Outcome, move_type, require
from .pirsch_cards import (
    ANIMAL_NAMES,
    ANIMALS,
    CARD_POINTS,
    FOOTPRINTS,
    FOOTPRINTS_PROVISIONAL,
    WarningItem,
    deck,
    deck_footprints,
    final_points,
    footprint_warnings,
    hunt_points,
    removed_cards,
    tricks_per_player,
)
from .pirsch_entry import RoundRecord, final_record, hunt_record
from .players import check_players

HUNTS = 3
ROUNDS = 4
MULTIPLIERS = ("footprints", "suits")


@dataclass(frozen=True)
class PirschState:
    """A match: players, options (multiplier, recorded trump order) and the rounds scored so far."""

    players: tuple[str, ...]
    multiplier: str = "footprints"
    trumps: tuple[str, ...] | None = None
    rounds: tuple[RoundRecord, ...] = ()

    @property
    def seats(self) -> int:
        """How many players sit at the table."""
        return len(self.players)

    def totals(self) -> list[int]:
        """Each seat's points over all scored rounds."""
        return [sum(r.points[seat] for r in self.rounds) for seat in range(self.seats)]


def parse_options(options: object) -> tuple[str, tuple[str, ...] | None]:
    """Read ``multiplier`` and ``trumps``; by default footprint types count, trumps unrecorded."""
    options = {} if options is None else options
    require(isinstance(options, Mapping), N_("The options are not understood."))
    assert isinstance(options, Mapping)
    multiplier = options.get("multiplier", "footprints")
    require(
        isinstance(multiplier, str) and multiplier in MULTIPLIERS,
        N_("The multiplier counts footprint types or captured suits."),
    )
    trumps = options.get("trumps")
    if trumps is None:
        return multiplier, None
    require(
        isinstance(trumps, list | tuple)
        and len(trumps) == ROUNDS
        and all(isinstance(t, str) for t in trumps)
        and sorted(trumps) == sorted(ANIMALS),
        N_("The four trump cards name each animal once, one per round."),
    )
    return multiplier, tuple(trumps)


class Pirsch:
    """The rules of Auf der Pirsch behind the common contract."""

    info = GameInfo(slug="pirsch", name="Auf der Pirsch", min_players=3, max_players=4)

    def setup(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> PirschState:
        """Start a match of 3 or 4 players; nothing is random, so ``seed`` is unused."""
        names = check_players(players, self.info)
        multiplier, trumps = parse_options(options)
        return PirschState(players=names, multiplier=multiplier, trumps=trumps)

    def apply(self, state: PirschState, move: Move) -> PirschState:
        """Score a hunt (rounds 1–3) or the final (round 4)."""
        require(self.outcome(state) is None, N_("The match is over: no more entries."))
        kind = move_type(move)
        if kind == "hunt":
            require(
                len(state.rounds) < HUNTS,
                N_("Only rounds 1 to 3 are hunts: round 4 scores the animals captured."),
            )
            record = hunt_record(state.players, state.multiplier, move)
        elif kind == "final":
            require(
                len(state.rounds) == HUNTS,
                N_("Round 4 comes after three hunts: enter round %(round)d first."),
                round=len(state.rounds) + 1,
            )
            record = final_record(state.players, move)
        else:
            raise IllegalMove(N_("Unknown move: %(type)s."), type=kind)
        return replace(state, rounds=(*state.rounds, record))

    def standings(self, state: PirschState) -> list[int]:
        """Points per seat: the higher the better."""
        return state.totals()

    def outcome(self, state: PirschState) -> Outcome | None:
        """Over after round 4; the highest totals win together."""
        if len(state.rounds) < ROUNDS:
            return None
        totals = state.totals()
        best = max(totals)
        return Outcome(winners=tuple(s for s, t in enumerate(totals) if t == best), reason="rounds")

    def to_dict(self, state: PirschState) -> dict[str, Any]:
        """The state as plain JSON."""
        return {
            "players": list(state.players),
            "multiplier": state.multiplier,
            "trumps": None if state.trumps is None else list(state.trumps),
            "rounds": [record.to_dict() for record in state.rounds],
        }

    def from_dict(self, data: Mapping[str, Any]) -> PirschState:
        """Rebuild a state written by ``to_dict``."""
        trumps = data.get("trumps")
        return PirschState(
            players=tuple(data["players"]),
            multiplier=data.get("multiplier", "footprints"),
            trumps=None if trumps is None else tuple(trumps),
            rounds=tuple(RoundRecord.from_dict(r) for r in data["rounds"]),
        )


def round_number(state: PirschState) -> int | None:
    """The round to enter next (1–4), or None once the match is over."""
    return len(state.rounds) + 1 if len(state.rounds) < ROUNDS else None


def next_move_type(state: PirschState) -> str | None:
    """Which move the sheet expects now: "hunt", "final", or None when the match is over."""
    number = round_number(state)
    if number is None:
        return None
    return "hunt" if number <= HUNTS else "final"


def can_hunt(state: PirschState) -> bool:
    """Whether a hunt (rounds 1–3) may be entered now."""
    return next_move_type(state) == "hunt"


def can_final(state: PirschState) -> bool:
    """Whether round 4 may be entered now."""
    return next_move_type(state) == "final"


def leaders(state: PirschState) -> tuple[int, ...]:
    """Seats with most points, who lead the next round; empty before round 1 and after the end."""
    if not state.rounds or round_number(state) is None:
        return ()
    totals = state.totals()
    return tuple(seat for seat, total in enumerate(totals) if total == max(totals))


def leader(state: PirschState) -> int | None:
    """The one seat leading the next round; None in round 1 (mouflon 10), on a tie, at the end."""
    tied = leaders(state)
    return tied[0] if len(tied) == 1 else None


def trump(state: PirschState) -> str | None:
    """The trump animal of the round to enter, when the trump order was recorded."""
    number = round_number(state)
    return None if state.trumps is None or number is None else state.trumps[number - 1]


def round_warnings(state: PirschState, index: int) -> list[WarningItem]:
    """Warnings of a scored round entered as footprints (none for per-card entry or round 4)."""
    record = state.rounds[index]
    if record.kind != "hunt" or record.hands is not None:
        return []
    return footprint_warnings(state, record.by_animal())


RULES = Pirsch()

__all__ = [
    "ANIMALS",
    "ANIMAL_NAMES",
    "CARD_POINTS",
    "FOOTPRINTS",
    "FOOTPRINTS_PROVISIONAL",
    "RULES",
    "Pirsch",
    "PirschState",
    "RoundRecord",
    "WarningItem",
    "can_final",
    "can_hunt",
    "deck",
    "deck_footprints",
    "final_points",
    "footprint_warnings",
    "hunt_points",
    "leader",
    "leaders",
    "next_move_type",
    "removed_cards",
    "round_number",
    "round_warnings",
    "trump",
    "tricks_per_player",
]
