"""The Game's scoreboard: the four piles, whose turn it is, and the team's result at the end.

Everything here is derived from the replayed state, so every phone that polls sees the same piles.
The numbers a template needs are computed once here; the templates only lay them out.
"""

from __future__ import annotations

from typing import Any

from ...i18n import gettext as _
from ...i18n import ngettext
from ...rules import thegame as rules
from ...rules.base import Termination
from ...rules.thegame import TheGameState
from ...sheet import Sheet
from ..base import Running
from . import words
from .history import team_record


def pile_view(state: TheGameState, pile: int, alerts: dict[int, Any]) -> dict[str, Any]:
    """One pile: its direction, top card, the backward card still possible, any fire on it."""
    up = rules.ascending(pile)
    top = rules.pile_top(state, pile)
    back = top - 10 if up else top + 10
    open_back = (
        bool(state.piles[pile])
        and rules.LOWEST <= back <= rules.HIGHEST
        and back not in rules.played_cards(state)
    )
    return {
        "index": pile,
        "up": up,
        "n": pile % 2 + 1,
        "name": words.pile_name(pile),
        "top": top,
        "empty": not state.piles[pile],
        "count": len(state.piles[pile]),
        "back": back if open_back else None,
        "fire": alerts.get(pile),
    }


def fire_view(sheet: Sheet[TheGameState], alert: rules.FireAlert) -> dict[str, Any]:
    """An uncovered fire card with its deadline in words."""
    alone = len(sheet.players) == 1  # no one else's turn to name
    seat = alert.deadline_seat
    who = None if alone else sheet.players[seat] if seat is not None else "?"
    text = words.fire_text(alert.card, alert.pile, who, alert.due_this_turn)
    return {"card": alert.card, "pile": alert.pile, "due": alert.due_this_turn, "text": text}


def board(sheet: Sheet[TheGameState]) -> dict[str, Any]:
    """The board: piles and turn while playing, the team's result (and record) once it is over."""
    state = sheet.state
    alerts = {a.pile: fire_view(sheet, a) for a in rules.fire_alerts(state)}
    effective = sheet.effective()
    active = rules.active_seat(state)
    following = rules.next_seat(state, rules.refilled(state)[0]) if active is not None else None
    view: dict[str, Any] = {
        "typed": state.left is not None,
        "tracking": rules.tracking(state),
        "piles": [pile_view(state, pile, alerts) for pile in range(rules.PILES)],
        "fires": list(alerts.values()) if sheet.outcome is None else [],
        "active": active,
        "active_name": sheet.players[active] if active is not None else None,
        "next_name": sheet.players[following] if following is not None else None,
        "turn": state.turn + 1,
        "played_turn": rules.played_this_turn(state),
        "minimum": rules.minimum(state),
        "base_minimum": rules.MINIMUM[state.variant],
        "draw": rules.draw_pile(state),
        "left": rules.cards_left(state),
        "played": state.played,
        "hand_size": state.hand_size,
        "on_fire": state.on_fire,
        "hands": [
            {"name": name, "cards": count, "out": count == 0 and rules.draw_pile(state) == 0}
            for name, count in zip(sheet.players, state.hands, strict=True)
        ],
        "can_end_turn": rules.can_end_turn(state),
        "can_stuck": rules.can_declare_stuck(state),
        "fire_due": any(a["due"] for a in alerts.values()),
        "last": words.describe_move(effective[-1].move) if effective else None,
        "last_seat": effective[-1].seat if effective else None,
        "result": None,
    }
    if sheet.match.status == "finished":
        view["result"] = result_view(sheet)
    return view


def result_view(sheet: Sheet[TheGameState]) -> dict[str, Any]:
    """The team's result, its rating, how it ended and how it compares with earlier games."""
    state = sheet.state
    left = rules.cards_left(state)
    lost = state.ended == Termination.FIRE
    grade = "lost" if lost else rules.rating(left)
    ending = Termination.RESULT if state.left is not None else state.ended or ""
    return {
        "left": left,
        "grade": grade,
        "headline": words.headline(grade, left),
        "left_label": ngettext("card left", "cards left", left),
        "reason": words.ending(ending, sheet.players[state.seat]),
        "scale": words.scale(grade),
        "record": team_record(sheet.match, left, lost),
    }


def running(sheet: Sheet[TheGameState]) -> Running | None:
    """The team's cards left after each turn; None when only the result was typed."""
    moves = [entry.move for entry in sheet.effective()]
    if not moves or any(move.get("type") == "result" for move in moves):
        return None
    left, values = rules.CARDS, [rules.CARDS]
    for move in moves:
        left -= move.get("type") == "play"
        if move.get("type") == "end_turn":
            values.append(left)
    if values[-1] != left or len(values) == 1:
        values.append(left)
    return Running(words.cards_left_label(), _("Turn"), ((_("Team"), tuple(values)),))
