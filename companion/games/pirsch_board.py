"""Auf der Pirsch on the web: what the scoreboard shows, worked out from the replayed state.

Every figure here comes from the rules' round records; the board only puts them into words:
each player's "bear 5 + wolf 4 + boar 3 = 12 × 3 = 36", the warnings of a round whose footprints
disagree with the (provisional) table, who leads the next round, and the cards to take out.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from ..rules import pirsch as rules
from ..rules.pirsch_cards import REMOVED_VALUES, Counts, suit_size
from ..sheet import Sheet
from .pirsch_forms import animal_name


def hunt_formula(counts: Counts, factor: int, points: int, names: bool = True) -> str:
    """ "bear 5 + wolf 4 + boar 3 = 12 × 3 = 36" (or "5 + 4 + 3 = …" without the names)."""
    parts = [
        f"{animal_name(animal)} {n}" if names else str(n)
        for animal, n in zip(rules.ANIMALS, counts, strict=True)
        if n
    ]
    return f"{' + '.join(parts) or '0'} = {sum(counts)} × {factor} = {points}"


def final_formula(counts: Counts, points: int) -> str:
    """ "bear 5 × 4 + wolf 3 × 1 = 23": captured cards × their points."""
    parts = [
        f"{animal_name(animal)} {n} × {rules.CARD_POINTS[animal]}"
        for animal, n in zip(rules.ANIMALS, counts, strict=True)
        if n
    ]
    return f"{' + '.join(parts) or '0'} = {points}"


def warning_text(template: str, params: dict[str, object]) -> str:
    """One warning of the rules in the user's language, its animal translated."""
    values = dict(params)
    if isinstance(values.get("animal"), str):
        values["animal"] = animal_name(str(values["animal"]))
    return _(template) % values


def round_view(state: rules.PirschState, index: int, names: list[str]) -> dict[str, Any]:
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


def lead_text(state: rules.PirschState, names: list[str]) -> str:
    """Who leads the round to enter: the mouflon 10 in round 1, else most points."""
    if not state.rounds:
        return _("The player holding the mouflon 10 leads round 1.")
    seats = rules.leaders(state)
    if len(seats) == 1:
        return _("%(name)s leads: most points so far.", name=names[seats[0]])
    tied = ", ".join(names[seat] for seat in seats)
    return _("Tied on most points: %(names)s. Agree who of them leads.", names=tied)


def next_view(state: rules.PirschState, names: list[str]) -> dict[str, Any] | None:
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
            total=sum(suit_size(state.seats) * p for p in rules.CARD_POINTS.values()),
        )
    return {
        "number": number,
        "trump": animal_name(trump) if trump else None,
        "lead": lead_text(state, names),
        "rule": rule,
    }


def setup_text(state: rules.PirschState) -> str:
    """What to do with the deck before dealing, shown until round 1 is entered."""
    if state.seats == 3:
        values = ", ".join(str(v) for v in REMOVED_VALUES[:-1])
        return _(
            "With 3 players, take out the %(values)s and %(last)d of every animal (12 cards): "
            "36 cards remain, 12 for each player.",
            values=values,
            last=REMOVED_VALUES[-1],
        )
    return _("With 4 players, all 48 animal cards are dealt, 12 for each player.")


def board(sheet: Sheet) -> dict[str, Any]:
    """The scoreboard's context: rounds, totals, leaders, the next round and the setup."""
    state: rules.PirschState = sheet.state
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
