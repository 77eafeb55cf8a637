"""What Nuota per la vita's sheet shows: lives, who starts, the hands coming in, the rounds.

Everything is derived from the replayed state (and the held hands), never stored: the species
breakdown of a round is recomputed from the hands its entry kept, the same way the rules scored it.
The log's lines and the running totals charted after the end live here too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...i18n import gettext as _
from ...rules.nuota import LIVES, SPECIES, NuotaState, Round, alive, score_hands, starter
from ...sheet import Sheet
from ...sheet import start as setup_state
from ..base import Running
from .hands import held_hands
from .words import combo_label, species_label


def scoreboard(sheet: Sheet[NuotaState]) -> dict[str, Any]:
    """The scoreboard's figures: seats with lives, the round under way, the last round, history."""
    state = sheet.state
    names = sheet.players
    first = starter(state)
    held = held_hands(sheet)
    winners = set(sheet.match.winners or [])  # the last one standing, or the host's end
    seats = [
        {
            "name": name,
            "lives": lives,
            "lost": max(0, LIVES - lives),
            "out": lives <= 0,
            "starts": seat == first,
            "winner": seat in winners,
        }
        for seat, (name, lives) in enumerate(zip(names, state.lives, strict=True))
    ]
    return {
        "seats": seats,
        "round": len(state.rounds) + 1,
        "starter": names[first] if first is not None else None,
        "expert": state.variant == "expert",
        "gathering": gathering(sheet, held),
        "held": [hand is not None for hand in held],
        "back": all(held[seat] is not None for seat in alive(state)) and bool(alive(state)),
        "last": breakdown(state.rounds[-1], names) if state.rounds else None,
        "history": [history_row(number, r, names) for number, r in enumerate(state.rounds, 1)],
    }


def gathering(sheet: Sheet[NuotaState], held: list[Any]) -> list[dict[str, Any]] | None:
    """Whose hand is in for the round under way ("Ann ✓ Bob ✓ Cy …"), once the first one is."""
    if sheet.outcome is not None or not any(hand is not None for hand in held):
        return None
    return [
        {"name": sheet.players[seat], "done": held[seat] is not None} for seat in alive(sheet.state)
    ]


def breakdown(round_: Round, names: list[str]) -> dict[str, Any]:
    """A finished round as the table checks it: species by species, then totals and lives."""
    rows = []
    if round_.kind == "hands" and round_.hands is not None and round_.winners is not None:
        for index, species in enumerate(SPECIES):
            counts = [None if hand is None else hand[index] for hand in round_.hands]
            rows.append(
                {
                    "label": species_label(species.name),
                    "value": species.value,
                    "counts": counts,
                    "winner": round_.winners[index],
                    "why": no_majority(counts) if round_.winners[index] is None else None,
                }
            )
    return {
        "kind": round_.kind,
        "rows": rows,
        "points": list(round_.points or [None] * len(names)),
        "change": list(round_.change),
        "lives": list(round_.lives),
        "declarer": names[round_.declarer] if round_.declarer is not None else None,
        "combo": combo_label(round_.combo) if round_.combo else None,
    }


def no_majority(counts: list[int | None]) -> str | None:
    """Why nobody scored a species someone held: a tie for the most, or (two players left) a
    single card, which is no majority then (see min_majority). None when nobody held any."""
    held = [count for count in counts if count]
    if not held:
        return None
    if held.count(max(held)) > 1:
        return _("tie: nobody scores")
    return _("1 card is no majority with 2 players")


def history_row(number: int, round_: Round, names: list[str]) -> dict[str, Any]:
    """One round of the history: per seat the points, the lives lost or gained and those left."""
    points = round_.points or [None] * len(names)
    cells = []
    for seat, (change, lives) in enumerate(zip(round_.change, round_.lives, strict=True)):
        was_out = lives <= 0 and change == 0
        cells.append(
            {
                "points": points[seat],
                "change": change,
                "lives": lives,
                "out": was_out,
                "declarer": seat == round_.declarer,
            }
        )
    return {
        "number": number,
        "kind": round_.kind,
        "starter": names[round_.starter],
        "combo": combo_label(round_.combo, short=True) if round_.combo else None,
        "cells": cells,
    }


def describe(move: dict[str, Any], players: list[str]) -> str:
    """A log line: "Hands shown: Ann 23 · Bob 7 · Cy 14", totals, or sudden death."""
    kind = move.get("type")
    if kind == "showdown" and "hands" in move:
        hands = move["hands"]
        scoring = score_hands(hands, sum(1 for hand in hands if hand is not None))
        return _("Hands shown: %(scores)s", scores=named(players, scoring.points))
    if kind == "showdown":
        return _("Totals: %(scores)s", scores=named(players, move.get("points") or []))
    if kind == "sudden_death":
        seat = move.get("seat")
        who = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"
        return _(
            "Sudden death: %(name)s with %(combo)s", name=who, combo=combo_label(move["combo"])
        )
    return str(kind)


def named(players: list[str], values: Sequence[Any]) -> str:
    """ "Ann 23 · Bob 7": each player still in with their value (those out are left out)."""
    return " · ".join(
        f"{name} {value}" for name, value in zip(players, values, strict=False) if value is not None
    )


def running_totals(sheet: Sheet[NuotaState]) -> Running | None:
    """Each player's lives at the start and after every round."""
    rounds = sheet.state.rounds
    if not rounds:
        return None
    start = setup_state(sheet.match).lives
    lines = tuple(
        (name, (start[seat], *(r.lives[seat] for r in rounds)))
        for seat, name in enumerate(sheet.players)
    )
    return Running(_("Lives"), _("Round"), lines)
