"""Nuota per la vita on the web: options, the three ways to end a round, and the lives board.

The forms live in nuota_forms.py, the hands gathered from several phones in nuota_hands.py, the
scoreboard's figures in nuota_board.py and the species' names in nuota_text.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import RadioField, SelectField
from wtforms.validators import ValidationError

from ..rules.nuota import RULES, score_hands
from ..sheet import Sheet
from ..sheet import start as setup_state
from .base import EntryKind, Running
from .nuota_board import scoreboard
from .nuota_forms import KINDS
from .nuota_hands import gather
from .nuota_text import VARIANT_LABELS, combo_label

MAX_PLAYERS = RULES.info.max_players


def first_in_table(form: Any, field: Any) -> None:
    """The first player must be one of the names typed above (3 to 5 of them)."""
    typed = sum(
        1 for name, value in form.data.items() if name[:1] == "p" and name[1:].isdigit() and value
    )
    if isinstance(field.data, int) and RULES.info.min_players <= typed <= field.data:
        raise ValidationError(_("Only %(n)d players are at the table.", n=typed))


class NuotaSeam:
    """The web side of Nuota per la vita."""

    slug = "nuota"
    scoreboard_template = "games/nuota/_scoreboard.html"

    def title(self) -> str:
        """The game's name (the Italian edition's title everywhere)."""
        return "Nuota per la vita"

    def options_fields(self) -> dict[str, Any]:
        """Base or expert variant, and who starts the first round."""
        return {
            "variant": RadioField(
                _l("Variant"),
                choices=[
                    ("base", _l("Base game")),
                    (
                        "expert",
                        _l("Expert: sudden death only with 5 hares or 5 pigs, and it gains a life"),
                    ),
                ],
                default="base",
            ),
            "first": SelectField(
                _l("Who starts the first round"),
                choices=[(seat, _l("Player %(n)d", n=seat + 1)) for seat in range(MAX_PLAYERS)],
                coerce=int,
                default=0,
                validators=[first_in_table],
            ),
        }

    def options(self, form: Any) -> dict[str, Any]:
        """Options in the DESIGN.md vocabulary."""
        return {"variant": form.variant.data, "first": form.first.data}

    def options_summary(self, options: dict[str, Any]) -> str:
        """ "Base game" or "Expert variant"."""
        return str(VARIANT_LABELS.get(options.get("variant", "base"), VARIANT_LABELS["base"]))

    def entry_kinds(self, sheet: Sheet) -> list[EntryKind]:
        """Show the hands (first), enter the totals, or declare sudden death."""
        return list(KINDS)

    def chooser(self, sheet: Sheet, move: dict[str, Any]) -> int | None:
        """No move waits for one player's choice here (hands are gathered instead)."""
        return None

    def gather(
        self, sheet: Sheet, move: dict[str, Any], seat: int | None, host: bool
    ) -> tuple[dict[str, Any], bool]:
        """Merge this phone's hand with those held so far (see nuota_hands.gather)."""
        return gather(sheet, move, seat, host)

    def leaders(self, sheet: Sheet) -> list[int]:
        """Seats with the most lives: the winners if the host ends the match now."""
        lives = sheet.state.lives
        return [seat for seat, left in enumerate(lives) if left == max(lives)]

    def describe(self, move: dict[str, Any], players: list[str]) -> str:
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

    def scoreboard(self, sheet: Sheet) -> dict[str, Any]:
        """Lives, who starts, the hands coming in, the last round and the history."""
        return scoreboard(sheet)

    def running_totals(self, sheet: Sheet) -> Running | None:
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


def named(players: list[str], values: Sequence[Any]) -> str:
    """ "Ann 23 · Bob 7": each player still in with their value (those out are left out)."""
    return " · ".join(
        f"{name} {value}" for name, value in zip(players, values, strict=False) if value is not None
    )


SEAM = NuotaSeam()
