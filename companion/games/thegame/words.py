"""The Game's words: pile names, log lines, the options line and how a match ended.

The pile names are the words the rules' reasons use too ("rising pile 1").
"""

from __future__ import annotations

from typing import Any

from ...i18n import gettext as _
from ...i18n import ngettext
from ...rules import thegame as rules


def pile_name(pile: int) -> str:
    """ "rising pile 1" … "falling pile 2": the words the rules' reasons use too."""
    if rules.ascending(pile):
        return _("rising pile %(n)d", n=pile % 2 + 1)
    return _("falling pile %(n)d", n=pile % 2 + 1)


def options_summary(options: dict[str, Any]) -> str:
    """E.g. "Professional · one card fewer in hand · On Fire"."""
    parts = [_("Professional") if options.get("variant") == "pro" else _("Base game")]
    if options.get("small_hand"):
        parts.append(_("one card fewer in hand"))
    if options.get("on_fire"):
        parts.append(_("On Fire"))
    return " · ".join(parts)


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


def fire_text(card: int, pile: int, name: str | None, due: bool) -> str:
    """An uncovered fire card and by the end of whose turn it must be covered (``name`` None:
    a game played alone, where every turn is the player's own)."""
    where = pile_name(pile)
    if name is None:
        if due:
            return _(
                "Fire card %(card)d on %(pile)s: cover it this turn, or the game is lost.",
                card=card,
                pile=where,
            )
        return _(
            "Fire card %(card)d on %(pile)s: cover it by the end of your next turn.",
            card=card,
            pile=where,
        )
    if due:
        return _(
            "Fire card %(card)d on %(pile)s: cover it this turn (%(name)s), or the game is lost.",
            card=card,
            pile=where,
            name=name,
        )
    return _(
        "Fire card %(card)d on %(pile)s: cover it by the end of the next turn (%(name)s).",
        card=card,
        pile=where,
        name=name,
    )


def headline(grade: str, left: int) -> str:
    """The finished screen's first line for the rating ``grade`` (or ``lost``)."""
    if grade == "beaten":
        return _("You beat the game!")
    if grade == "lost":
        return _("Lost to the fire.")
    if grade == "excellent":
        return _("Excellent!")
    return _("The team played %(n)d of the 98 cards.", n=rules.CARDS - left)


def ending(reason: str, player: str) -> str:
    """How the match ended (``player`` is the one on turn, for "stuck")."""
    reasons = {
        "stuck": _("%(name)s could not play the minimum.", name=player),
        "fire": _("A fire card stayed uncovered past its deadline."),
        "result": _("Result entered at the end."),
        "beaten": _("Every card was played."),
    }
    return reasons.get(reason, _("The host ended the match early."))


def scale(grade: str) -> str | None:
    """The rulebook's scale, under a result that is neither beaten nor lost."""
    if grade in ("beaten", "lost"):
        return None
    return _("0 cards left beats the game; under 10 is excellent.")


def cards_left_label() -> str:
    """What the team's result counts, on the charts' axis."""
    return _("Cards left")
