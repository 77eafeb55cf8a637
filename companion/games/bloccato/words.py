"""Bloccato e pelato: the engine's English sentences and dice, in the user's language.

The rules speak in templates with params (``"The roll %(dice)s does not let you mark a 3."``);
here they are translated, and dice such as ``"334CC"`` are spelled ``"3 3 4 cow cow"`` first.
The options summary and the sides' names are here too.
"""

from __future__ import annotations

from typing import Any

from ...i18n import gettext as _
from ...rules import IllegalMove

Text = tuple[str, dict[str, object]]


def dice_words(dice: str) -> str:
    """Dice for a sentence: ``"3 3 4 cow cow"``."""
    return " ".join(_("cow") if face == "C" else face for face in dice)


def side_name(seat: int) -> str:
    """ "crosses" (seat 0) or "circles" (seat 1)."""
    return _("crosses") if seat == 0 else _("circles")


def say(text: Text | None) -> str | None:
    """An engine sentence (template + params) in the user's language, dice spelled out."""
    if text is None:
        return None
    template, params = text
    params = dict(params)
    if isinstance(params.get("dice"), str):
        params["dice"] = dice_words(str(params["dice"]))
    translated = _(template)
    return translated % params if params else translated


def refusal(error: IllegalMove) -> str:
    """Why the rules refused a move, translated, dice spelled out."""
    return say((error.template, dict(error.params))) or ""


def roll_undone(who: str, dice: str, action: str, in_app: bool = False) -> str:
    """Why a cell tapped (or a pass) for a roll was not saved: ``who`` undid that roll since.
    A roll thrown in the app comes back with its throws (``in_app``): nothing to roll again."""
    if in_app:
        return roll_undone_in_app(who, dice, action)
    if action == "pass":
        return _(
            "%(who)s undid the roll you were passing on (%(dice)s), so your pass was not "
            "saved. Roll again.",
            who=who,
            dice=dice_words(dice),
        )
    return _(
        "%(who)s undid the roll you were marking for (%(dice)s), so your mark was not saved. "
        "Roll again.",
        who=who,
        dice=dice_words(dice),
    )


def roll_undone_in_app(who: str, dice: str, action: str) -> str:
    """:func:`roll_undone` for a roll thrown in the app: its throws are back as they were."""
    if action == "pass":
        return _(
            "%(who)s undid the roll you were passing on (%(dice)s), so your pass was not "
            "saved. The dice thrown in the app are back as they were.",
            who=who,
            dice=dice_words(dice),
        )
    return _(
        "%(who)s undid the roll you were marking for (%(dice)s), so your mark was not saved. "
        "The dice thrown in the app are back as they were.",
        who=who,
        dice=dice_words(dice),
    )


def options_summary(options: dict[str, Any]) -> str:
    """E.g. "Fresh sheet · crosses start"."""
    source = _("Sheet from a paper pad") if options.get("sheet") else _("Fresh sheet")
    first = options.get("first")
    if first == 0:
        starter = _("crosses start")
    elif first == 1:
        starter = _("circles start")
    else:
        starter = _("starter drawn by lot")
    return f"{source} · {starter}"
