"""6 nimmt!: bull heads per round, the end past the limit, lowest total wins.

Scoring moves (``round`` by heads or by the cards each seat took) live here; the row resolver
(``rows``/``reveal``, the "table mode") lives in :mod:`companion.rules.sixnimmt_table`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
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
from .players import check_players

DECK_SIZE = 104
ROWS = 4
HAND = 10
DEFAULT_THRESHOLD = 66


def bull_heads(card: int) -> int:
    """Bull heads on a card: 55 → 7, other doubles → 5, tens → 3, ending in 5 → 2, others 1."""
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 10 == 5:
        return 2
    return 1


def highest_card(variant: str, players: int) -> int:
    """The highest card in play: 104, or 10·n+4 in the professional variant."""
    return HAND * players + ROWS if variant == "pro" else DECK_SIZE


@dataclass(frozen=True)
class EndRule:
    """When the match ends: past a heads limit (``threshold``) or after a number of rounds."""

    threshold: int | None = DEFAULT_THRESHOLD
    inclusive: bool = False
    rounds: int | None = None

    def reached(self, totals: Sequence[int], rounds_played: int) -> bool:
        """Whether the match is over with these totals after this many rounds."""
        if self.rounds is not None:
            return rounds_played >= self.rounds
        assert self.threshold is not None
        if self.inclusive:
            return any(total >= self.threshold for total in totals)
        return any(total > self.threshold for total in totals)

    def to_dict(self) -> dict[str, Any]:
        """The option as it is written in the move vocabulary."""
        if self.rounds is not None:
            return {"rounds": self.rounds}
        return {"threshold": self.threshold, "inclusive": self.inclusive}


@dataclass(frozen=True)
class SixNimmtState:
    """A match: the players, the options and the heads each seat took in each finished round.

    ``table`` holds the round being played in table mode (None when no round is on the table).
    """

    players: tuple[str, ...]
    variant: str = "base"
    end: EndRule = EndRule()
    rounds: tuple[tuple[int, ...], ...] = ()
    table: Any = None

    @property
    def seats(self) -> int:
        """How many players sit at the table."""
        return len(self.players)

    @property
    def top_card(self) -> int:
        """The highest card in play with these options."""
        return highest_card(self.variant, self.seats)

    @property
    def heads_in_play(self) -> int:
        """All the bull heads in the cards used this match (171 in the base game)."""
        return sum(bull_heads(card) for card in range(1, self.top_card + 1))

    def totals(self) -> list[int]:
        """Each seat's heads over all finished rounds."""
        return [sum(round_[seat] for round_ in self.rounds) for seat in range(self.seats)]


def parse_end(raw: object) -> EndRule:
    """Read the ``end`` option, refusing limits and round counts no table would agree on."""
    if raw is None:
        return EndRule()
    require(isinstance(raw, Mapping), N_("The end of the match is not understood."))
    assert isinstance(raw, Mapping)
    if raw.get("rounds") is not None:
        rounds = whole_number(raw["rounds"])
        require(1 <= rounds <= 100, N_("The number of rounds must be between 1 and 100."))
        return EndRule(threshold=None, rounds=rounds)
    threshold = whole_number(raw.get("threshold", DEFAULT_THRESHOLD))
    require(1 <= threshold <= 1000, N_("The heads limit must be between 1 and 1000."))
    inclusive = raw.get("inclusive", False)
    require(isinstance(inclusive, bool), N_("The end of the match is not understood."))
    return EndRule(threshold=threshold, inclusive=bool(inclusive))


class SixNimmt:
    """The rules of 6 nimmt! behind the common contract."""

    info = GameInfo(slug="sixnimmt", name="6 nimmt!", min_players=2, max_players=10)

    def setup(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> SixNimmtState:
        """Start a match; professional variant only for 2–6 players, as the rulebook says."""
        names = check_players(players, self.info)
        options = options or {}
        require(isinstance(options, Mapping), N_("The options of the match are not understood."))
        variant = options.get("variant", "base")
        require(variant in ("base", "pro"), N_("Unknown variant."))
        if variant == "pro":
            require(len(names) <= 6, N_("The professional variant is for 2 to 6 players."))
        return SixNimmtState(players=names, variant=variant, end=parse_end(options.get("end")))

    def apply(self, state: SixNimmtState, move: Move) -> SixNimmtState:
        """Score a round (by heads or by cards) or play a table-mode step."""
        require(self.outcome(state) is None, N_("The match is over: no more entries."))
        kind = move_type(move)
        if kind == "round":
            require(state.table is None, N_("Finish or undo the round on the table first."))
            return self.finish_round(state, round_heads(state, move))
        if kind in ("rows", "reveal"):
            from . import sixnimmt_table

            return sixnimmt_table.apply(self, state, move)
        raise IllegalMove(N_("Unknown move: %(type)s."), type=kind)

    def finish_round(self, state: SixNimmtState, heads: Sequence[int]) -> SixNimmtState:
        """Add a finished round's heads to the sheet and clear the table."""
        return replace(state, rounds=(*state.rounds, tuple(heads)), table=None)

    def standings(self, state: SixNimmtState) -> list[int]:
        """Bull heads per seat: the lower the better."""
        return state.totals()

    def outcome(self, state: SixNimmtState) -> Outcome | None:
        """Over when the end rule is reached; the lowest totals win together."""
        totals = state.totals()
        if not state.rounds or not state.end.reached(totals, len(state.rounds)):
            return None
        best = min(totals)
        winners = tuple(seat for seat, total in enumerate(totals) if total == best)
        reason = "rounds" if state.end.rounds is not None else "limit"
        return Outcome(winners=winners, reason=reason)

    def to_dict(self, state: SixNimmtState) -> dict[str, Any]:
        """The state as plain JSON."""
        from . import sixnimmt_table

        return {
            "players": list(state.players),
            "variant": state.variant,
            "end": state.end.to_dict(),
            "rounds": [list(r) for r in state.rounds],
            "table": sixnimmt_table.table_to_dict(state.table),
        }

    def from_dict(self, data: Mapping[str, Any]) -> SixNimmtState:
        """Rebuild a state written by ``to_dict``."""
        from . import sixnimmt_table

        return SixNimmtState(
            players=tuple(data["players"]),
            variant=data["variant"],
            end=parse_end(data["end"]),
            rounds=tuple(tuple(r) for r in data["rounds"]),
            table=sixnimmt_table.table_from_dict(data.get("table")),
        )


def round_heads(state: SixNimmtState, move: Move) -> list[int]:
    """The heads each seat took this round, from ``heads`` or from ``cards``, checked."""
    if "cards" in move:
        return heads_from_cards(state, move["cards"])
    require("heads" in move, N_("Enter the bull heads or the cards of every player."))
    heads = [whole_number(value) for value in per_seat(move["heads"], state.seats)]
    require(all(value >= 0 for value in heads), N_("Bull heads cannot be negative."))
    limit = state.heads_in_play - ROWS
    require(
        sum(heads) <= limit,
        N_("A round cannot give more than %(limit)d bull heads: four rows stay on the table."),
        limit=limit,
    )
    return heads


def heads_from_cards(state: SixNimmtState, cards: object) -> list[int]:
    """Count heads from the cards each seat took; cards must exist, be distinct and leave 4 rows."""
    hands = per_seat(cards, state.seats)
    seen: set[int] = set()
    heads = []
    for hand in hands:
        require(isinstance(hand, list), N_("Give the cards of every player as a list."))
        assert isinstance(hand, list)
        for value in hand:
            card = whole_number(value)
            check_card(state, card)
            require(card not in seen, N_("Card %(card)d is entered twice."), card=card)
            seen.add(card)
        heads.append(sum(bull_heads(card) for card in hand))
    most = HAND * state.seats
    require(
        len(seen) <= most,
        N_("At most %(most)d cards can be taken in a round: four rows stay on the table."),
        most=most,
    )
    return heads


def check_card(state: SixNimmtState, card: int) -> None:
    """Refuse a card that is not in this match's deck."""
    require(
        1 <= card <= state.top_card,
        N_("Card %(card)d does not exist: cards go from 1 to %(top)d."),
        card=card,
        top=state.top_card,
    )


RULES = SixNimmt()
