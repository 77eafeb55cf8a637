"""6 nimmt! on the web: what the scoreboard shows, each entry's line in the log and the running
totals charted after the end. The round on the table is shown by :mod:`.table`."""

from __future__ import annotations

from typing import Any

from ...i18n import gettext as _
from ...i18n import ngettext
from ...rules.sixnimmt import SixNimmtState, bull_heads
from ...sheet import Sheet
from ..running import Running, cumulative
from .table import table_view
from .words import heads_label, round_label

ROUNDS_SHOWN = 6
"""Rounds an open sheet shows row by row; the earlier ones (two or more) fold into one row of
their totals, so the scoreboard (sent with every tap and poll) costs the same however long the
match runs. Every round stays in the log, and the finished sheet lists them all."""


def board(sheet: Sheet[SixNimmtState]) -> dict[str, Any]:
    """The latest rounds as rows (every round once the match is over), the earlier ones folded
    into their totals, running totals, leaders and how far each player is from the end."""
    state = sheet.state
    totals = state.totals()
    first = len(state.rounds) - ROUNDS_SHOWN if sheet.match.is_open else 0
    if first < 2:  # a single earlier round keeps its own row
        first = 0
    acc = list(totals)
    for heads in state.rounds[first:]:
        acc = [a - h for a, h in zip(acc, heads, strict=True)]
    earlier = {"last": first, "totals": list(acc)} if first else None
    rows = []
    for number, heads in enumerate(state.rounds[first:], start=first + 1):
        acc = [a + h for a, h in zip(acc, heads, strict=True)]
        rows.append({"number": number, "cells": list(zip(heads, acc, strict=True))})
    leaders = [i for i, t in enumerate(totals) if t == min(totals)] if state.rounds else []
    return {
        "rounds": rows,
        "earlier": earlier,
        "totals": totals,
        "leaders": leaders,
        "margins": margins(state, totals),
        "rounds_left": (state.end.rounds - len(state.rounds)) if state.end.rounds else None,
        "table": table_view(sheet),
        "table_mode": bool(sheet.match.options.get("table")),
    }


def margins(state: SixNimmtState, totals: list[int]) -> list[int] | None:
    """Heads each player can still take before the match ends (None when it ends by rounds)."""
    if state.end.threshold is None:
        return None
    room = state.end.threshold - (1 if state.end.inclusive else 0)
    return [room - total for total in totals]


def describe(move: dict[str, Any], players: list[str]) -> str:
    """A log line such as "Round: Ann 5 · Bob 0 · Cy 11"."""
    kind = move.get("type")
    if kind == "round" and "heads" in move:
        values = [str(h) for h in move["heads"]]
        return _("Round: %(scores)s", scores=join_named(players, values))
    if kind == "round":
        values = [
            f"{sum(map(bull_heads, cards))} "
            f"({ngettext('%(num)d card', '%(num)d cards', len(cards))})"
            for cards in move["cards"]
        ]
        return _("Round by cards: %(scores)s", scores=join_named(players, values))
    if kind == "rows":
        return _("Rows on the table: %(cards)s", cards=" · ".join(map(str, move["cards"])))
    if kind == "reveal":
        cards = join_named(players, [str(c) for c in move["cards"]])
        chosen = chosen_row(move)
        if chosen is None:
            return _("Turn: %(cards)s", cards=cards)
        seat, row = chosen
        return _(
            "Turn: %(cards)s; %(who)s chose to take row %(row)d",
            cards=cards,
            who=players[seat],
            row=row + 1,
        )
    return str(kind)


def chosen_row(move: dict[str, Any]) -> tuple[int, int] | None:
    """The seat that chose the row it took in this turn, and that row (0-3). Only the turn's
    lowest card can be below every row end, so the rules read only its seat's choice (one given
    for another seat changes nothing, and is not told). The app stores a choice only for a card
    that needed one (:mod:`companion.pending`); the move alone cannot tell, as the rows are not
    in it."""
    cards, choices = move.get("cards") or [], move.get("row_choice") or []
    if not cards or len(choices) != len(cards):
        return None
    seat = min(range(len(cards)), key=lambda i: cards[i])
    row = choices[seat]
    return (seat, row) if isinstance(row, int) and not isinstance(row, bool) else None


def join_named(players: list[str], values: list[str]) -> str:
    """ "Ann 5 · Bob 0": each player's name with their value."""
    return " · ".join(f"{name} {value}" for name, value in zip(players, values, strict=True))


def running(sheet: Sheet[SixNimmtState]) -> Running | None:
    """Each player's heads after every round, with the heads limit when the match has one."""
    state = sheet.state
    if not state.rounds:
        return None
    lines = tuple(
        (name, cumulative([heads[seat] for heads in state.rounds]))
        for seat, name in enumerate(sheet.players)
    )
    return Running(heads_label(), round_label(), lines, state.end.threshold)
