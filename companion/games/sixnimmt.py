"""6 nimmt! on the web: options, the two quick entry forms, and the scoreboard's figures."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from wtforms import BooleanField, IntegerField, RadioField, StringField
from wtforms.validators import InputRequired, NumberRange, Optional, StopValidation, ValidationError

from ..rules import sixnimmt as rules
from ..sheet import Sheet
from .base import EntryBase, EntryKind, Running, cumulative
from .sixnimmt_table import TABLE_KIND, chooser, table_view

END_CHOICES = [
    ("gt66", _l("More than 66 (rulebook)")),
    ("ge66", _l("66 or more")),
    ("limit", _l("More than another limit")),
    ("rounds", _l("A number of rounds")),
]


def needed_when(choice: str, message: Any) -> Any:
    """Make a number box required only when ``end`` has this choice; otherwise an empty box is
    fine (and stops validation, like ``Optional``, but without hiding the reason)."""

    def check(form: Any, field: Any) -> None:
        raw = field.raw_data[0] if field.raw_data else ""
        if str(raw).strip():
            return
        field.errors[:] = []
        if form.end.data == choice:
            raise StopValidation(str(message))
        raise StopValidation()

    return check


def heads_form(sheet: Sheet, formdata: Any) -> EntryBase:
    """Bull heads per player, one number field each."""
    limit = sheet.state.heads_in_play - rules.ROWS
    fields = {
        f"seat{i}": IntegerField(
            name,
            validators=[
                InputRequired(_l("Enter a number for every player (0 if none).")),
                NumberRange(0, limit, _l("Between %(min)s and %(max)s.")),
            ],
        )
        for i, name in enumerate(sheet.players)
    }
    form_class = type("HeadsForm", (EntryBase,), fields)
    return form_class(formdata=formdata, prefix="heads")


def cards_form(sheet: Sheet, formdata: Any) -> EntryBase:
    """The cards each player took, typed as numbers separated by spaces."""
    fields = {
        f"seat{i}": StringField(name, validators=[Optional()])
        for i, name in enumerate(sheet.players)
    }
    form_class = type("CardsForm", (EntryBase,), fields)
    return form_class(formdata=formdata, prefix="cards")


def parse_cards(text: str | None) -> list[int]:
    """Numbers from free text ("5 17, 55"); anything else is refused with a message."""
    cleaned = (text or "").replace(",", " ").replace(";", " ").split()
    cards = []
    for token in cleaned:
        if not (token.isascii() and token.isdigit()) or len(token) > 4:
            raise ValidationError(_("“%(token)s” is not a card number.", token=token[:12]))
        cards.append(int(token))
    return cards


def heads_move(sheet: Sheet, form: Any) -> dict[str, Any]:
    """The ``round`` move from the heads form."""
    return {"type": "round", "heads": [form[f"seat{i}"].data for i in range(len(sheet.players))]}


def cards_move(sheet: Sheet, form: Any) -> dict[str, Any]:
    """The ``round`` move from the cards form (raises ValidationError on unreadable text)."""
    cards = []
    for i in range(len(sheet.players)):
        field = form[f"seat{i}"]
        try:
            cards.append(parse_cards(field.data))
        except ValidationError as error:
            field.errors = [*field.errors, str(error)]
            raise
    return {"type": "round", "cards": cards}


class SixNimmtSeam:
    """The web side of 6 nimmt!."""

    slug = "sixnimmt"
    scoreboard_template = "games/sixnimmt/_scoreboard.html"

    def title(self) -> str:
        """The game's name."""
        return "6 nimmt!"

    def options_fields(self) -> dict[str, Any]:
        """Variant and end of the match."""
        return {
            "variant": RadioField(
                _l("Variant"),
                choices=[
                    ("base", _l("Base game")),
                    ("pro", _l("Professional (2–6 players, cards 1 to 10·players+4)")),
                ],
                default="base",
            ),
            "end": RadioField(_l("The match ends at"), choices=END_CHOICES, default="gt66"),
            "table": BooleanField(
                _l("Table mode: enter the revealed cards and the app places them")
            ),
            "limit": IntegerField(
                _l("Heads limit"),
                validators=[
                    needed_when("limit", _l("Enter the heads limit.")),
                    NumberRange(1, 1000, _l("Between %(min)s and %(max)s.")),
                ],
            ),
            "rounds": IntegerField(
                _l("Number of rounds"),
                validators=[
                    needed_when("rounds", _l("Enter the number of rounds.")),
                    NumberRange(1, 100, _l("Between %(min)s and %(max)s.")),
                ],
            ),
        }

    def options(self, form: Any) -> dict[str, Any]:
        """Options in the DESIGN.md vocabulary."""
        end: dict[str, Any]
        if form.end.data == "rounds":
            end = {"rounds": form.rounds.data}
        elif form.end.data == "limit":
            end = {"threshold": form.limit.data, "inclusive": False}
        else:
            end = {"threshold": 66, "inclusive": form.end.data == "ge66"}
        options: dict[str, Any] = {"variant": form.variant.data, "end": end}
        if form.table.data:
            options["table"] = True
        return options

    def options_summary(self, options: dict[str, Any]) -> str:
        """E.g. "Professional · more than 66"."""
        variant = _("Professional") if options.get("variant") == "pro" else _("Base game")
        end = rules.parse_end(options.get("end"))
        if end.rounds is not None:
            ending = ngettext("%(num)d round", "%(num)d rounds", end.rounds)
        elif end.inclusive:
            ending = _("ends at %(n)d or more", n=end.threshold)
        else:
            ending = _("ends past %(n)d", n=end.threshold)
        return f"{variant} · {ending}"

    def entry_kinds(self, sheet: Sheet) -> list[EntryKind]:
        """Heads per player, cards per player, or table mode (first while a round is on it)."""
        quick = [
            EntryKind(
                "heads",
                lambda: _("Bull heads"),
                "games/sixnimmt/_heads.html",
                heads_form,
                heads_move,
            ),
            EntryKind(
                "cards",
                lambda: _("Cards taken"),
                "games/sixnimmt/_cards.html",
                cards_form,
                cards_move,
            ),
        ]
        if sheet.state.table is not None or sheet.match.options.get("table"):
            return [TABLE_KIND, *quick]
        return [*quick, TABLE_KIND]

    def chooser(self, sheet: Sheet, move: dict[str, Any]) -> int | None:
        """The seat that must choose before ``move`` can be stored (a too-low card)."""
        return chooser(sheet, move)

    def leaders(self, sheet: Sheet) -> list[int]:
        """Seats with the fewest heads: the winners if the host ends the match now."""
        totals = sheet.state.totals()
        return [i for i, total in enumerate(totals) if total == min(totals)]

    def describe(self, move: dict[str, Any], players: list[str]) -> str:
        """A log line such as "Round: Ann 5 · Bob 0 · Cy 11"."""
        kind = move.get("type")
        if kind == "round" and "heads" in move:
            values = [str(h) for h in move["heads"]]
            return _("Round: %(scores)s", scores=join_named(players, values))
        if kind == "round":
            values = [
                f"{sum(map(rules.bull_heads, cards))} "
                f"({ngettext('%(num)d card', '%(num)d cards', len(cards))})"
                for cards in move["cards"]
            ]
            return _("Round by cards: %(scores)s", scores=join_named(players, values))
        if kind == "rows":
            return _("Rows on the table: %(cards)s", cards=" · ".join(map(str, move["cards"])))
        if kind == "reveal":
            cards = [str(c) for c in move["cards"]]
            return _("Turn: %(cards)s", cards=join_named(players, cards))
        return str(kind)

    def scoreboard(self, sheet: Sheet) -> dict[str, Any]:
        """Rounds as rows, running totals, leaders and how far each player is from the end."""
        state = sheet.state
        totals = state.totals()
        running, acc = [], [0] * len(totals)
        for heads in state.rounds:
            acc = [a + h for a, h in zip(acc, heads, strict=True)]
            running.append(list(zip(heads, acc, strict=True)))
        leaders = [i for i, t in enumerate(totals) if t == min(totals)] if state.rounds else []
        return {
            "rounds": running,
            "totals": totals,
            "leaders": leaders,
            "margins": margins(state, totals),
            "rounds_left": (state.end.rounds - len(state.rounds)) if state.end.rounds else None,
            "table": table_view(sheet),
        }

    def running_totals(self, sheet: Sheet) -> Running | None:
        """Each player's heads after every round, with the heads limit when the match has one."""
        state = sheet.state
        if not state.rounds:
            return None
        lines = tuple(
            (name, cumulative([heads[seat] for heads in state.rounds]))
            for seat, name in enumerate(sheet.players)
        )
        return Running(_("Bull heads"), _("Round"), lines, state.end.threshold)


def join_named(players: list[str], values: list[str]) -> str:
    """ "Ann 5 · Bob 0": each player's name with their value."""
    return " · ".join(f"{name} {value}" for name, value in zip(players, values, strict=True))


def margins(state: rules.SixNimmtState, totals: list[int]) -> list[int] | None:
    """Heads each player can still take before the match ends (None when it ends by rounds)."""
    if state.end.threshold is None:
        return None
    room = state.end.threshold - (1 if state.end.inclusive else 0)
    return [room - total for total in totals]


SEAM = SixNimmtSeam()
