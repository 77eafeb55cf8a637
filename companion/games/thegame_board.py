"""The Game's scoreboard: the four piles, whose turn it is, and the team's result at the end.

Everything here is derived from the replayed state, so every phone that polls sees the same piles.
The numbers a template needs are computed once here; the templates only lay them out.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from ..rules import thegame as rules
from ..rules.thegame_state import next_seat, refilled
from ..sheet import Sheet
from .thegame_history import team_record


def pile_name(pile: int) -> str:
    """ "rising pile 1" … "falling pile 2": the words the rules' reasons use too."""
    if rules.ascending(pile):
        return _("rising pile %(n)d", n=pile % 2 + 1)
    return _("falling pile %(n)d", n=pile % 2 + 1)


def pile_view(state: rules.TheGameState, pile: int, alerts: dict[int, Any]) -> dict[str, Any]:
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
        "name": pile_name(pile),
        "top": top,
        "empty": not state.piles[pile],
        "count": len(state.piles[pile]),
        "back": back if open_back else None,
        "fire": alerts.get(pile),
    }


def fire_view(sheet: Sheet, alert: rules.FireAlert) -> dict[str, Any]:
    """An uncovered fire card with its deadline in words."""
    who = sheet.players[alert.deadline_seat] if alert.deadline_seat is not None else "?"
    if alert.due_this_turn:
        text = _(
            "Fire card %(card)d on %(pile)s: cover it this turn (%(name)s), or the game is lost.",
            card=alert.card,
            pile=pile_name(alert.pile),
            name=who,
        )
    else:
        text = _(
            "Fire card %(card)d on %(pile)s: cover it by the end of the next turn (%(name)s).",
            card=alert.card,
            pile=pile_name(alert.pile),
            name=who,
        )
    return {"card": alert.card, "pile": alert.pile, "due": alert.due_this_turn, "text": text}


def describe_move(move: dict[str, Any]) -> str:
    """One line for a move: the log and the "undo" button share it."""
    kind = move.get("type")
    if kind == "play":
        return _("%(card)s on %(pile)s", card=move.get("card"), pile=pile_name(move.get("pile", 0)))
    if kind == "end_turn":
        return _("End of turn")
    if kind == "stuck":
        return _("We are stuck: the game ends")
    if kind == "result":
        left = move.get("left", 0)
        return ngettext("Result: %(num)d card left", "Result: %(num)d cards left", left)
    return str(kind)


def scoreboard(sheet: Sheet) -> dict[str, Any]:
    """The board: piles and turn while playing, the team's result (and record) once it is over."""
    state = sheet.state
    alerts = {a.pile: fire_view(sheet, a) for a in rules.fire_alerts(state)}
    effective = sheet.effective()
    active = rules.active_seat(state)
    following = next_seat(state, refilled(state)[0]) if active is not None else None
    board: dict[str, Any] = {
        "typed": state.left is not None,
        "tracking": rules.tracking(state),
        "piles": [pile_view(state, pile, alerts) for pile in range(rules.PILES)],
        "fires": list(alerts.values()),
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
        "last": describe_move(effective[-1].move) if effective else None,
        "last_seat": effective[-1].seat if effective else None,
        "result": None,
    }
    if sheet.match.status == "finished":
        board["result"] = result_view(sheet)
    return board


def result_view(sheet: Sheet) -> dict[str, Any]:
    """The team's result, its rating, how it ended and how it compares with earlier games."""
    state = sheet.state
    left = rules.cards_left(state)
    lost = state.ended == "fire"
    grade = "lost" if lost else rules.rating(left)
    if grade == "beaten":
        headline = _("You beat the game!")
    elif grade == "lost":
        headline = _("Lost to the fire.")
    elif grade == "excellent":
        headline = _("Excellent!")
    else:
        headline = _("The team played %(n)d of the 98 cards.", n=rules.CARDS - left)
    ending = "result" if state.left is not None else state.ended or ""
    reasons = {
        "stuck": _("%(name)s could not play the minimum.", name=sheet.players[state.seat]),
        "fire": _("A fire card stayed uncovered past its deadline."),
        "result": _("Result entered at the end."),
        "beaten": _("Every card was played."),
    }
    return {
        "left": left,
        "grade": grade,
        "headline": headline,
        "left_label": ngettext("card left", "cards left", left),
        "reason": reasons.get(ending, _("The host ended the match early.")),
        "scale": None
        if grade in ("beaten", "lost")
        else _("0 cards left beats the game; under 10 is excellent."),
        "record": team_record(sheet.match, left, lost),
    }
