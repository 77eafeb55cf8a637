"""6 nimmt!'s moves: each one checked against the match, and the state it leaves.

A round is scored at once (``round``, by the heads or by the cards each seat took) or played on
the table (``rows``, then one ``reveal`` per turn, placed by :mod:`.table`); either way a
finished round's heads go to the sheet. The ``may_*`` and table queries answer what a page asks
before it offers a form.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..base import N_, Move, Rules, per_seat, require, whole_number
from .cards import HAND, ROWS, bull_heads
from .state import SixNimmtState
from .table import Placement, TableRound, needs_choice, play_turn, start_round


def score_round(state: SixNimmtState, move: Move) -> SixNimmtState:
    """Play a ``round`` move: the heads go straight to the sheet (not while a table is open)."""
    require(state.table is None, N_("Finish or undo the round on the table first."))
    return finish_round(state, check_round(state, move))


def finish_round(state: SixNimmtState, heads: Sequence[int]) -> SixNimmtState:
    """Add a finished round's heads to the sheet and clear the table."""
    return replace(state, rounds=(*state.rounds, tuple(heads)), table=None)


def check_round(state: SixNimmtState, move: Move) -> list[int]:
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


def check_distinct(cards: Sequence[int]) -> None:
    """Refuse a card entered twice in one move."""
    seen: set[int] = set()
    for card in cards:
        require(card not in seen, N_("Card %(card)d is entered twice."), card=card)
        seen.add(card)


def check_rows(state: SixNimmtState, move: Move) -> list[int]:
    """The four row starters of a new round, checked: distinct cards of this match's deck."""
    require(state.table is None, N_("The rows of this round are already on the table."))
    raw = move.get("cards")
    require(
        isinstance(raw, list) and len(raw) == ROWS,
        N_("Give the four cards that start the rows."),
    )
    assert isinstance(raw, list)
    cards = [whole_number(value) for value in raw]
    for card in cards:
        check_card(state, card)
    check_distinct(cards)
    return cards


def check_reveal(state: SixNimmtState, move: Move) -> tuple[list[int], list[int | None]]:
    """One turn's cards and row choices, checked; refuse anything the table cannot place."""
    table = state.table
    require(table is not None, N_("Enter the four cards that start the rows first."))
    assert table is not None
    cards = [whole_number(value) for value in per_seat(move.get("cards"), state.seats)]
    for card in cards:
        check_card(state, card)
    check_distinct(cards)
    for card in cards:
        require(
            card not in table.seen,
            N_("Card %(card)d has already been seen this round."),
            card=card,
        )
    raw = move.get("row_choice")
    raw_choices = [None] * state.seats if raw is None else per_seat(raw, state.seats)
    choices: list[int | None] = []
    for value in raw_choices:
        choice = None if value is None else whole_number(value)
        require(choice is None or 0 <= choice < ROWS, N_("Choose one of the four rows."))
        choices.append(choice)
    for seat in needs_choice(table, cards):
        require(
            choices[seat] is not None,
            N_("%(player)s's card %(card)d is lower than every row: %(player)s must choose a row."),
            player=state.players[seat],
            card=cards[seat],
        )
    return cards, choices


def preview_reveal(state: SixNimmtState, move: Move) -> TableRound:
    """The table a ``reveal`` would leave, even the tenth (which closes the round); checked.

    Lets a page show where the cards will go before submitting, or show the last turn of a
    round that has already closed (replay the entries before it, then preview the last one).
    """
    cards, choices = check_reveal(state, move)
    assert state.table is not None
    return play_turn(state.table, cards, choices)


def rows(state: SixNimmtState, move: Move) -> SixNimmtState:
    """Play a ``rows`` move: the four starters open a round on the table."""
    return replace(state, table=start_round(state.seats, check_rows(state, move)))


def reveal(state: SixNimmtState, move: Move) -> SixNimmtState:
    """Play a ``reveal`` move; the tenth reveal closes the round onto the sheet."""
    table = preview_reveal(state, move)
    if table.turn < HAND:
        return replace(state, table=table)
    return finish_round(state, table.heads)


def may_enter_rows(rules: Rules[SixNimmtState], state: SixNimmtState) -> bool:
    """Whether a new round can be started on the table now."""
    return rules.outcome(state) is None and state.table is None


def may_reveal(rules: Rules[SixNimmtState], state: SixNimmtState) -> bool:
    """Whether a turn can be revealed now (the rows are on the table)."""
    return rules.outcome(state) is None and state.table is not None


def possible_cards(state: SixNimmtState) -> list[int]:
    """Cards that can still be revealed this round: the match's deck minus every card seen."""
    seen = set(state.table.seen) if state.table is not None else set()
    return [card for card in range(1, state.top_card + 1) if card not in seen]


def round_heads(state: SixNimmtState) -> list[int]:
    """Bull heads each seat took in the round on the table (zeros when there is none)."""
    if state.table is not None:
        return list(state.table.heads)
    return [0] * state.seats


def last_turn(state: SixNimmtState) -> tuple[Placement, ...]:
    """The placements of the last revealed turn of the round on the table, lowest card first."""
    return state.table.last if state.table is not None else ()
