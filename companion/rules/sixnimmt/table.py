"""6 nimmt! table mode: the app places the revealed cards and credits the bull heads.

A round on the table starts with ``{"type": "rows", "cards": [a, b, c, d]}`` (the four row
starters) and goes on with one ``{"type": "reveal", "cards": [...], "row_choice": [...]}`` per
turn. Cards are placed lowest first by the rulebook's four rules; after the tenth turn the round
closes itself and its heads go to the score sheet. Undoing a turn is a replay without its entry,
so nothing here handles it.

This module is the table itself (its rows, what was seen and taken) and how a turn's cards are
placed; checking a ``rows`` or ``reveal`` move against the match is :mod:`.moves`.

Decision on ``row_choice``: it may be left out; each entry is null or a row index 0-3. It is used
only for a seat whose card is lower than every row end when its turn to be placed comes (only the
lowest card of a turn can be: once placed, it ends a row below every later card). A choice given
for any other seat is checked for shape and then ignored, so a phone that chose early changes
nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..base import N_, require
from .cards import bull_heads

ROW_LENGTH = 5
"""A row holds at most five cards: the sixth takes them (rule 3)."""

PLACED = "placed"
"""Rule 2: the card went after the row end closest below it."""
FULL = "full"
"""Rule 3: the card was the sixth of its row; its player took the five and started the row."""
LOW = "low"
"""Rule 4: the card was lower than every row end; its player took the chosen row and started it."""


@dataclass(frozen=True)
class Placement:
    """Where one revealed card went: seat, card, row (0-3), why, and the cards its player took."""

    seat: int
    card: int
    row: int
    kind: str
    took: tuple[int, ...] = ()

    @property
    def heads(self) -> int:
        """The bull heads this placement cost its player."""
        return sum(bull_heads(card) for card in self.took)


@dataclass(frozen=True)
class TableRound:
    """A round played on the table: the rows, what was seen and taken, and the last turn.

    ``seen`` is every card that appeared this round (row starters and revealed cards), sorted;
    ``taken`` the cards each seat took, in the order taken; ``turn`` how many turns were revealed.
    """

    rows: tuple[tuple[int, ...], ...]
    seen: tuple[int, ...]
    taken: tuple[tuple[int, ...], ...]
    turn: int = 0
    last: tuple[Placement, ...] = ()

    @property
    def heads(self) -> tuple[int, ...]:
        """Bull heads each seat took this round so far."""
        return tuple(sum(bull_heads(card) for card in cards) for cards in self.taken)

    @property
    def ends(self) -> tuple[int, ...]:
        """The last card of each row, the one a new card is compared with."""
        return tuple(row[-1] for row in self.rows)


def start_round(seats: int, starters: Sequence[int]) -> TableRound:
    """A fresh table: one row per starter, nothing taken yet."""
    return TableRound(
        rows=tuple((card,) for card in starters),
        seen=tuple(sorted(starters)),
        taken=tuple(() for _ in range(seats)),
    )


def destination(table: TableRound, card: int) -> int | None:
    """The row a card goes to by rules 1 and 2 on the current rows; None if it is lower than all."""
    below = [index for index, end in enumerate(table.ends) if end < card]
    if not below:
        return None
    return max(below, key=lambda index: table.ends[index])


def needs_choice(table: TableRound, cards: Sequence[object]) -> list[int]:
    """Seats that must pick a row to take before this turn can be placed (at most one).

    Only the lowest card of a turn can be lower than every row end. Entries that are not whole
    numbers (a card not typed yet) are skipped, so call it once every card is entered.
    """
    entered = [
        (card, seat)
        for seat, card in enumerate(cards)
        if isinstance(card, int) and not isinstance(card, bool)
    ]
    if not entered:
        return []
    card, seat = min(entered)
    return [seat] if destination(table, card) is None else []


def row_heads(table: TableRound) -> list[int]:
    """Bull heads in each row: what a player would take with it."""
    return [sum(bull_heads(card) for card in row) for row in table.rows]


def play_turn(table: TableRound, cards: Sequence[int], choices: Sequence[int | None]) -> TableRound:
    """Place one turn's cards, lowest first, by rules 1-4; return the new table.

    ``cards`` and ``choices`` hold one entry per seat, already checked by ``check_reveal``.
    """
    rows = list(table.rows)
    taken = list(table.taken)
    placements = []
    for card, seat in sorted((card, seat) for seat, card in enumerate(cards)):
        current = replace(table, rows=tuple(rows))
        row = destination(current, card)
        if row is None:
            choice = choices[seat]
            require(
                choice is not None,
                N_("Card %(card)d is lower than every row: its player must choose a row to take."),
                card=card,
            )
            assert choice is not None
            row, kind, took = choice, LOW, rows[choice]
        elif len(rows[row]) == ROW_LENGTH:
            kind, took = FULL, rows[row]
        else:
            kind, took = PLACED, ()
        rows[row] = (card,) if took else (*rows[row], card)
        taken[seat] = (*taken[seat], *took)
        placements.append(Placement(seat=seat, card=card, row=row, kind=kind, took=took))
    return TableRound(
        rows=tuple(rows),
        seen=tuple(sorted((*table.seen, *cards))),
        taken=tuple(taken),
        turn=table.turn + 1,
        last=tuple(placements),
    )


def table_to_dict(table: TableRound | None) -> dict[str, Any] | None:
    """The table as plain JSON (None when no round is on the table)."""
    if table is None:
        return None
    return {
        "rows": [list(row) for row in table.rows],
        "seen": list(table.seen),
        "taken": [list(cards) for cards in table.taken],
        "turn": table.turn,
        "last": [
            {"seat": p.seat, "card": p.card, "row": p.row, "kind": p.kind, "took": list(p.took)}
            for p in table.last
        ],
    }


def table_from_dict(data: Mapping[str, Any] | None) -> TableRound | None:
    """Rebuild a table written by ``table_to_dict``."""
    if data is None:
        return None
    return TableRound(
        rows=tuple(tuple(row) for row in data["rows"]),
        seen=tuple(data["seen"]),
        taken=tuple(tuple(cards) for cards in data["taken"]),
        turn=data["turn"],
        last=tuple(
            Placement(
                seat=p["seat"], card=p["card"], row=p["row"], kind=p["kind"], took=tuple(p["took"])
            )
            for p in data["last"]
        ),
    )
