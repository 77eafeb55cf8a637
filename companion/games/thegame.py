"""The Game on the web: options, the tracker and the result, and the team's scoreboard.

The Game is cooperative: the team shares one result (cards left), so the scoreboard carries the
team's result and rating instead of a winner, through ``outcome_template`` (the hook in
``play/_scoreboard.html``). Forms live in :mod:`.thegame_forms`, the board in :mod:`.thegame_board`
and the comparison with the team's earlier games in :mod:`.thegame_history`.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, RadioField

from ..rules import thegame as rules
from ..sheet import Sheet
from .base import EntryKind, Running
from .thegame_board import describe_move, scoreboard
from .thegame_forms import entry_kinds


class TheGameSeam:
    """The web side of The Game."""

    slug = "thegame"
    scoreboard_template = "games/thegame/_scoreboard.html"
    outcome_template = "games/thegame/_outcome.html"
    cooperative = True

    def title(self) -> str:
        """The game's name (the same in every language)."""
        return "The Game"

    def options_fields(self) -> dict[str, Any]:
        """Variant, one card fewer in hand, the On Fire expansion."""
        return {
            "variant": RadioField(
                _l("Variant"),
                choices=[
                    ("base", _l("Base game: at least 2 cards a turn")),
                    ("pro", _l("Professional: at least 3 cards a turn")),
                ],
                default="base",
            ),
            "small_hand": BooleanField(_l("One card fewer in hand")),
            "on_fire": BooleanField(_l("On Fire: cards 22 33 44 55 66 77 must be covered")),
        }

    def options(self, form: Any) -> dict[str, Any]:
        """Options in the DESIGN.md vocabulary."""
        return {
            "variant": "pro" if form.variant.data == "pro" else "base",
            "small_hand": bool(form.small_hand.data),
            "on_fire": bool(form.on_fire.data),
        }

    def options_summary(self, options: dict[str, Any]) -> str:
        """E.g. "Professional · one card fewer in hand · On Fire"."""
        parts = [_("Professional") if options.get("variant") == "pro" else _("Base game")]
        if options.get("small_hand"):
            parts.append(_("one card fewer in hand"))
        if options.get("on_fire"):
            parts.append(_("On Fire"))
        return " · ".join(parts)

    def entry_kinds(self, sheet: Sheet) -> list[EntryKind]:
        """The tracker (default) and, until the first card is tracked, the result alone."""
        return entry_kinds(sheet)

    def chooser(self, sheet: Sheet, move: dict[str, Any]) -> int | None:
        """No move of The Game waits for another player's choice."""
        return None

    def leaders(self, sheet: Sheet) -> list[int]:
        """Nobody, when the host ends the match early: the team wins only by beating the game.

        A cooperative game has no leader; ending early is not beating the game, so the history
        records no winners (the same as the rules' outcome of any result above 0). Every seat
        only if no card is left, which cannot happen early (the 98th card ends the game).
        """
        if rules.cards_left(sheet.state) == 0:
            return list(range(len(sheet.players)))
        return []

    def describe(self, move: dict[str, Any], players: list[str]) -> str:
        """A log line: "37 on rising pile 1", "End of turn", "Result: 12 cards left"."""
        return describe_move(move)

    def scoreboard(self, sheet: Sheet) -> dict[str, Any]:
        """The piles, the turn, the team's result and record."""
        return scoreboard(sheet)

    def running_totals(self, sheet: Sheet) -> Running | None:
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
        return Running(_("Cards left"), _("Turn"), ((_("Team"), tuple(values)),))


SEAM = TheGameSeam()
