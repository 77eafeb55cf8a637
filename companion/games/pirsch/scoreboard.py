"""Auf der Pirsch on the web: what the scoreboard shows, worked out from the replayed state.

Every figure here comes from the rules' round records; the board only puts them into words:
each player's "bear 5 + wolf 4 + boar 3 = 12 × 3 = 36", the warnings of a round whose footprints
disagree with the (provisional) table, who leads the next round, and the cards to take out.
Also each entry's line in the log and the running totals charted after the end.
"""

from __future__ import annotations

from typing import Any

from ...i18n import gettext as _
from ...i18n import ngettext
from ...rules import pirsch as rules
from ...rules.pirsch import PirschState
from ...sheet import Sheet
from ..running import Running, cumulative
from .words import animal_name, final_formula, hunt_formula, warning_text


def round_view(state: PirschState, index: int, names: list[str]) -> dict[str, Any]:
    """One scored round: its trump, each player's figures and formula, its warnings."""
    record = state.rounds[index]
    trump = state.trumps[index] if state.trumps else None
    hunt = record.kind == "hunt"
    cells = []
    for seat, name in enumerate(names):
        counts, points = record.counts[seat], record.points[seat]
        if hunt:
            factor = record.factors[seat]
            sub = f"{sum(counts)} × {factor}"
            formula = hunt_formula(counts, factor, points)
        else:
            cards = sum(counts)
            sub = ngettext("%(num)d card", "%(num)d cards", cards)
            formula = final_formula(counts, points)
        cells.append({"name": name, "points": points, "sub": sub, "formula": formula})
    warnings = [warning_text(t, p) for t, p in rules.round_warnings(state, index)]
    return {
        "number": index + 1,
        "hunt": hunt,
        "trump": animal_name(trump) if trump else None,
        "by_cards": record.hands is not None,
        "cells": cells,
        "warnings": warnings,
    }


def lead_text(state: PirschState, names: list[str]) -> str:
    """Who leads the round to enter: the mouflon 10 in round 1, else most points."""
    if not state.rounds:
        return _("The player holding the mouflon 10 leads round 1.")
    seats = rules.leaders(state)
    if len(seats) == 1:
        return _("%(name)s leads: most points so far.", name=names[seats[0]])
    tied = ", ".join(names[seat] for seat in seats)
    return _("Tied on most points: %(names)s. Agree who of them leads.", names=tied)


def next_view(state: PirschState, names: list[str]) -> dict[str, Any] | None:
    """The round to play next: number, trump, who leads, its trick rule; None at the end."""
    number = rules.round_number(state)
    if number is None:
        return None
    trump = rules.trump(state)
    if rules.can_hunt(state):
        tricks = rules.tricks_per_player(state.seats)
        rule = ngettext(
            "Each player wins exactly %(num)d trick; footprints score.",
            "Each player wins exactly %(num)d tricks; footprints score.",
            tricks,
        )
    else:
        rule = _(
            "No trick limit. Each captured card scores: wolf 1, mouflon 2, boar 3, bear 4 "
            "(%(total)d points in all).",
            total=sum(rules.suit_size(state.seats) * p for p in rules.CARD_POINTS.values()),
        )
    return {
        "number": number,
        "trump": animal_name(trump) if trump else None,
        "lead": lead_text(state, names),
        "rule": rule,
    }


def setup_text(state: PirschState) -> str:
    """What to do with the deck before dealing, shown until round 1 is entered."""
    if state.seats == 3:
        values = ", ".join(str(v) for v in rules.REMOVED_VALUES[:-1])
        return _(
            "With 3 players, take out the %(values)s and %(last)d of every animal (12 cards): "
            "36 cards remain, 12 for each player.",
            values=values,
            last=rules.REMOVED_VALUES[-1],
        )
    return _("With 4 players, all 48 animal cards are dealt, 12 for each player.")


def board(sheet: Sheet[PirschState]) -> dict[str, Any]:
    """The scoreboard's context: rounds, totals, leaders, the next round and the setup."""
    state = sheet.state
    names = sheet.players
    totals = state.totals()
    leaders = [s for s, t in enumerate(totals) if t == max(totals)] if state.rounds else []
    rounds = [round_view(state, index, names) for index in range(len(state.rounds))]
    return {
        "rounds": rounds,
        "totals": totals,
        "leaders": leaders,
        "next": next_view(state, names),
        "setup": setup_text(state) if not state.rounds else None,
        "suits": state.multiplier == "suits",
        "warned": [r for r in rounds if r["warnings"]],
    }


def hunt_line(move: dict[str, Any], players: list[str]) -> str:
    """A hunt for the log: "Ann 5 + 4 + 3 = 12 × 3 = 36 · …" (cards: their footprints)."""
    if "cards" in move:
        parts = []
        for name, hand in zip(players, move["cards"], strict=True):
            counts = rules.count_footprints([(a, v) for a, v in hand])
            spelled = " + ".join(str(n) for n in counts if n) or "0"
            parts.append(
                _("%(name)s %(sum)s = %(n)d footprints", name=name, sum=spelled, n=sum(counts))
            )
        return _("Hunt, cards picked: %(scores)s", scores=" · ".join(parts))
    suits = move.get("suits")
    parts = []
    for seat, (name, raw) in enumerate(zip(players, move["footprints"], strict=True)):
        counts = rules.parse_counts(raw)
        factor = suits[seat] if suits else rules.types(counts)
        parts.append(f"{name} {hunt_formula(counts, factor, sum(counts) * factor, names=False)}")
    return _("Hunt: %(scores)s", scores=" · ".join(parts))


def final_line(move: dict[str, Any], players: list[str]) -> str:
    """Round 4 for the log: "Ann 31 (bear 5, wolf 3, boar 2) · …"."""
    parts = []
    for name, raw in zip(players, move["cards"], strict=True):
        counts = rules.parse_counts(raw)
        cards = ", ".join(
            f"{animal_name(a)} {n}" for a, n in zip(rules.ANIMALS, counts, strict=True) if n
        )
        points = rules.final_points(raw)
        parts.append(f"{name} {points} ({cards})" if cards else f"{name} {points}")
    return _("Round 4: %(scores)s", scores=" · ".join(parts))


def running(sheet: Sheet[PirschState]) -> Running | None:
    """Each player's points after every round; None before round 1."""
    rounds = sheet.state.rounds
    if not rounds:
        return None
    lines = tuple(
        (name, cumulative([r.points[seat] for r in rounds]))
        for seat, name in enumerate(sheet.players)
    )
    return Running(_("Points"), _("Round"), lines)
