"""Auf der Pirsch: the checks of each move and how it adds a scored round to the match.

A hunt (rounds 1–3) is entered as footprints per animal or as the cards each seat captured; the
final (round 4) as captured cards per animal. Each is checked and scored into a
:class:`~.state.RoundRecord`. Also the queries a page asks before it offers a form ("which round
is next?", "whose trump?") and the warnings of a round whose footprints disagree with the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..base import N_, Move, can, per_seat, require, whole_number
from .cards import (
    ANIMALS,
    HAND,
    MAX_FOOTPRINTS_PER_CARD,
    Card,
    Counts,
    WarningItem,
    as_dict,
    count_footprints,
    count_suits,
    footprint_warnings,
    parse_counts,
    parse_hands,
    suit_size,
    types,
)
from .scoring import final_points, hunt_score
from .state import HUNTS, ROUNDS, PirschState, RoundRecord


def check_open(state: PirschState) -> None:
    """Refuse any entry once round 4 is scored."""
    require(len(state.rounds) < ROUNDS, N_("The match is over: no more entries."))


def check_hunt(state: PirschState) -> None:
    """A hunt may be entered in rounds 1–3 only."""
    require(
        len(state.rounds) < HUNTS,
        N_("Only rounds 1 to 3 are hunts: round 4 scores the animals captured."),
    )


def check_final(state: PirschState) -> None:
    """Round 4 may be entered right after the three hunts."""
    require(
        len(state.rounds) == HUNTS,
        N_("Round 4 comes after three hunts: enter round %(round)d first."),
        round=len(state.rounds) + 1,
    )


def hunt(state: PirschState, move: Move) -> PirschState:
    """The match after a hunt (rounds 1–3)."""
    check_hunt(state)
    record = hunt_record(state.players, state.multiplier, move)
    return replace(state, rounds=(*state.rounds, record))


def final(state: PirschState, move: Move) -> PirschState:
    """The match after round 4, which ends it."""
    check_final(state)
    record = final_record(state.players, move)
    return replace(state, rounds=(*state.rounds, record))


def hunt_record(players: Sequence[str], multiplier: str, move: Move) -> RoundRecord:
    """Score a hunt entered as footprints per animal or as the cards each seat captured."""
    require(
        ("cards" in move) != ("footprints" in move),
        N_("Enter either the footprints or the cards of every player."),
    )
    hands: tuple[tuple[Card, ...], ...] | None = None
    if "cards" in move:
        require("suits" not in move, N_("With the cards entered, the suits are counted from them."))
        hands = parse_hands(move["cards"], players)
        counts = tuple(count_footprints(hand) for hand in hands)
        suits = tuple(count_suits(hand) for hand in hands) if multiplier == "suits" else None
    else:
        counts = tuple(parse_counts(raw) for raw in per_seat(move["footprints"], len(players)))
        most = HAND * MAX_FOOTPRINTS_PER_CARD
        for name, seat_counts in zip(players, counts, strict=True):
            require(
                sum(seat_counts) <= most,
                N_("%(player)s has %(count)d footprints, but 12 cards carry at most %(most)d."),
                player=name,
                count=sum(seat_counts),
                most=most,
            )
        suits = parse_suits(players, multiplier, move.get("suits"), counts)
    factors = suits if suits is not None else tuple(types(c) for c in counts)
    points = tuple(hunt_score(c, f) for c, f in zip(counts, factors, strict=True))
    return RoundRecord("hunt", points, counts, factors, hands, suits)


def parse_suits(
    players: Sequence[str], multiplier: str, raw: object, counts: Sequence[Counts]
) -> tuple[int, ...] | None:
    """The captured suits per seat, needed (only) under the "suits" multiplier with footprints."""
    if multiplier != "suits":
        require(raw is None, N_("Captured suits only count with the captured-suits multiplier."))
        return None
    require(raw is not None, N_("Enter how many different animals each player captured."))
    least = -(-HAND // suit_size(len(players)))
    suits = tuple(whole_number(value) for value in per_seat(raw, len(players)))
    for name, seat_suits, seat_counts in zip(players, suits, counts, strict=True):
        require(
            least <= seat_suits <= len(ANIMALS),
            N_("12 captured cards show between %(least)d and 4 different animals."),
            least=least,
        )
        require(
            seat_suits >= types(seat_counts),
            N_("%(player)s has footprints of %(types)d animals, so captured at least %(types)d."),
            player=name,
            types=types(seat_counts),
        )
    return suits


def final_record(players: Sequence[str], move: Move) -> RoundRecord:
    """Score round 4: every card is captured, in whole tricks; wolf 1, mouflon 2, boar 3, bear 4."""
    require("cards" in move, N_("Enter the cards of each animal every player captured."))
    seats = len(players)
    counts = tuple(parse_counts(raw) for raw in per_seat(move["cards"], seats))
    size = suit_size(seats)
    for index, animal in enumerate(ANIMALS):
        total = sum(seat_counts[index] for seat_counts in counts)
        require(
            total == size,
            N_("Every card is captured: the %(animal)s cards add up to %(count)d, not %(size)d."),
            animal=animal,
            count=total,
            size=size,
        )
    for name, seat_counts in zip(players, counts, strict=True):
        require(
            sum(seat_counts) % seats == 0,
            N_(
                "A trick holds one card from each of the %(players)d players, "
                "so %(player)s cannot have captured %(count)d cards."
            ),
            players=seats,
            player=name,
            count=sum(seat_counts),
        )
    points = tuple(final_points(as_dict(seat_counts)) for seat_counts in counts)
    return RoundRecord("final", points, counts)


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
    return can(check_hunt, state)


def can_final(state: PirschState) -> bool:
    """Whether round 4 may be entered now."""
    return can(check_final, state)


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
