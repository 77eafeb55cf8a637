"""Auf der Pirsch on the web: options, entry kinds, log lines and the scoreboard.

The forms live in :mod:`companion.games.pirsch_forms`, the scoreboard's figures in
:mod:`companion.games.pirsch_board`; this module ties them into the seam the platform calls.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import lazy_pgettext
from wtforms import RadioField, SelectField
from wtforms.validators import ValidationError

from ..rules import pirsch as rules
from ..rules.pirsch_cards import count_footprints, final_points, parse_counts, types
from ..sheet import Sheet
from .base import EntryKind, Running, cumulative
from .pirsch_board import board, hunt_formula
from .pirsch_forms import animal_name, cards_form, cards_move, counts_form, counts_move

MULTIPLIER_CHOICES = [
    ("footprints", _l("Footprint types (rulebook)")),
    ("suits", _l("Captured animal types (some editions)")),
]


def trump_check(form: Any, field: Any) -> None:
    """The trump order is all four rounds, each animal once, or nothing at all."""
    picks = [form[f"trump{n}"].data or "" for n in range(1, rules.ROUNDS + 1)]
    if not any(picks):
        return
    if not field.data:
        raise ValidationError(_("Pick the trump of every round, or leave all four empty."))
    if picks.count(field.data) > 1:
        raise ValidationError(_("Each animal is trump in one round only."))


def trump_field(number: int) -> SelectField:
    """The trump animal of one round, or none recorded."""
    choices = [("", _l("none"))] + [(a, _l(rules.ANIMAL_NAMES[a])) for a in rules.ANIMALS]
    return SelectField(
        lazy_pgettext("pirsch", "Round %(n)d", n=number),
        choices=choices,
        default="",
        validators=[trump_check],
    )


def hunt_line(move: dict[str, Any], players: list[str]) -> str:
    """A hunt for the log: "Ann 5 + 4 + 3 = 12 × 3 = 36 · …" (cards: their footprints)."""
    if "cards" in move:
        parts = []
        for name, hand in zip(players, move["cards"], strict=True):
            counts = count_footprints([(a, v) for a, v in hand])
            spelled = " + ".join(str(n) for n in counts if n) or "0"
            parts.append(
                _("%(name)s %(sum)s = %(n)d footprints", name=name, sum=spelled, n=sum(counts))
            )
        return _("Hunt, cards picked: %(scores)s", scores=" · ".join(parts))
    suits = move.get("suits")
    parts = []
    for seat, (name, raw) in enumerate(zip(players, move["footprints"], strict=True)):
        counts = parse_counts(raw)
        factor = suits[seat] if suits else types(counts)
        parts.append(f"{name} {hunt_formula(counts, factor, sum(counts) * factor, names=False)}")
    return _("Hunt: %(scores)s", scores=" · ".join(parts))


def final_line(move: dict[str, Any], players: list[str]) -> str:
    """Round 4 for the log: "Ann 31 (bear 5, wolf 3, boar 2) · …"."""
    parts = []
    for name, raw in zip(players, move["cards"], strict=True):
        counts = parse_counts(raw)
        cards = ", ".join(
            f"{animal_name(a)} {n}" for a, n in zip(rules.ANIMALS, counts, strict=True) if n
        )
        points = final_points(raw)
        parts.append(f"{name} {points} ({cards})" if cards else f"{name} {points}")
    return _("Round 4: %(scores)s", scores=" · ".join(parts))


class PirschSeam:
    """The web side of Auf der Pirsch."""

    slug = "pirsch"
    scoreboard_template = "games/pirsch/_scoreboard.html"

    def title(self) -> str:
        """The game's name (the same in every language)."""
        return "Auf der Pirsch"

    def options_fields(self) -> dict[str, Any]:
        """The multiplier reading and the optional trump order of the four rounds."""
        fields: dict[str, Any] = {
            "multiplier": RadioField(
                _l("Multiplier in rounds 1–3"),
                choices=MULTIPLIER_CHOICES,
                default="footprints",
            )
        }
        for number in range(1, rules.ROUNDS + 1):
            fields[f"trump{number}"] = trump_field(number)
        return fields

    def options(self, form: Any) -> dict[str, Any]:
        """Options as DESIGN.md spells them: ``multiplier``; ``trumps`` when all four are set."""
        multiplier = form.multiplier.data if form.multiplier.data in rules.MULTIPLIERS else None
        options: dict[str, Any] = {"multiplier": multiplier or "footprints"}
        trumps = [form[f"trump{n}"].data for n in range(1, rules.ROUNDS + 1)]
        if all(trumps):
            options["trumps"] = trumps
        return options

    def options_summary(self, options: dict[str, Any]) -> str:
        """E.g. "footprints × footprint types · trumps: bear, wolf, boar, mouflon"."""
        if options.get("multiplier") == "suits":
            text = _("footprints × captured animal types")
        else:
            text = _("footprints × footprint types")
        trumps = options.get("trumps")
        if isinstance(trumps, list) and trumps:
            order = ", ".join(animal_name(str(t)) for t in trumps)
            text = _("%(multiplier)s · trumps: %(order)s", multiplier=text, order=order)
        return text

    def entry_kinds(self, sheet: Sheet) -> list[EntryKind]:
        """Counts per animal (footprints, or cards in round 4) first, then the cards picked."""
        final = rules.next_move_type(sheet.state) == "final"
        return [
            EntryKind(
                "counts",
                (lambda: _("Cards per animal")) if final else (lambda: _("Footprints")),
                "games/pirsch/_counts.html",
                counts_form,
                counts_move,
            ),
            EntryKind(
                "cards",
                lambda: _("Pick the cards"),
                "games/pirsch/_cards.html",
                cards_form,
                cards_move,
            ),
        ]

    def chooser(self, sheet: Sheet, move: dict[str, Any]) -> int | None:
        """No move waits for a player's choice in this game."""
        return None

    def leaders(self, sheet: Sheet) -> list[int]:
        """Seats with the highest totals: the winners if the host ends the match now."""
        totals = sheet.state.totals()
        return [i for i, total in enumerate(totals) if total == max(totals)]

    def describe(self, move: dict[str, Any], players: list[str]) -> str:
        """One log line per round, with each player's figures."""
        kind = move.get("type")
        if kind == "hunt":
            return hunt_line(move, players)
        if kind == "final":
            return final_line(move, players)
        return str(kind)

    def scoreboard(self, sheet: Sheet) -> dict[str, Any]:
        """Rounds, totals, leaders, the next round and the setup hint."""
        return board(sheet)

    def running_totals(self, sheet: Sheet) -> Running | None:
        """Each player's points after every round."""
        rounds = sheet.state.rounds
        if not rounds:
            return None
        lines = tuple(
            (name, cumulative([r.points[seat] for r in rounds]))
            for seat, name in enumerate(sheet.players)
        )
        return Running(_("Points"), _("Round"), lines)


SEAM = PirschSeam()
