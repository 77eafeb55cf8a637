"""6 nimmt! table mode on the web: the row-starter and reveal forms, and what the table shows."""

from __future__ import annotations

from typing import Any

from wtforms import IntegerField
from wtforms.validators import InputRequired, NumberRange

from ...i18n import lazy_gettext as _l
from ...rules.sixnimmt import ROWS, SixNimmtState, bull_heads, needs_choice, row_heads
from ...sheet import Sheet
from ..base import EntryBase, EntryKind, form_class
from .words import placement_line, table_label


def card_field(label: Any, top: int) -> IntegerField:
    """One card number, 1 to the highest card in play."""
    return IntegerField(
        label,
        validators=[
            InputRequired(_l("Enter a card number.")),
            NumberRange(1, top, _l("Cards go from %(min)s to %(max)s.")),
        ],
    )


def table_form(sheet: Sheet[SixNimmtState], formdata: Any) -> EntryBase:
    """The four row starters when no round is on the table, else one revealed card per player."""
    top = sheet.state.top_card
    players = tuple(sheet.players)
    if sheet.state.table is None:

        def rows() -> dict[str, Any]:
            fields = {f"row{i}": card_field(_l("Row %(n)d", n=i + 1), top) for i in range(ROWS)}
            return {**fields, "step": "rows"}

        built = form_class("RowsForm", top, rows)
    else:

        def reveal() -> dict[str, Any]:
            fields = {f"seat{i}": card_field(name, top) for i, name in enumerate(players)}
            return {**fields, "step": "reveal"}

        built = form_class("RevealForm", (players, top), reveal)
    return built(formdata=formdata, prefix="table")


def table_move(sheet: Sheet[SixNimmtState], form: Any) -> dict[str, Any]:
    """``rows`` or ``reveal`` (with no row chosen yet) from the table form."""
    if form.step == "rows":
        return {"type": "rows", "cards": [form[f"row{i}"].data for i in range(ROWS)]}
    seats = range(len(sheet.players))
    return {
        "type": "reveal",
        "cards": [form[f"seat{i}"].data for i in seats],
        "row_choice": [None for _ in seats],
    }


def chooser(sheet: Sheet[SixNimmtState], move: dict[str, Any]) -> int | None:
    """The seat that must pick a row before this reveal can be placed, if any."""
    if move.get("type") != "reveal" or sheet.state.table is None:
        return None
    seats = needs_choice(sheet.state.table, move["cards"])
    return seats[0] if seats else None


TABLE_KIND = EntryKind("table", table_label, "games/sixnimmt/_table.html", table_form, table_move)


def table_view(sheet: Sheet[SixNimmtState]) -> dict[str, Any] | None:
    """The round on the table for the scoreboard: rows, last turn, heads so far, cards seen."""
    table = sheet.state.table
    if table is None:
        return None
    names = sheet.players
    rows = [
        {"cards": [(card, bull_heads(card)) for card in row], "heads": heads, "full": len(row) == 5}
        for row, heads in zip(table.rows, row_heads(table), strict=True)
    ]
    last = [placement_line(p, names) for p in table.last]
    return {
        "rows": rows,
        "turn": table.turn,
        "last": last,
        "heads": list(table.heads),
        "seen": list(table.seen),
        "pending": pending_view(sheet, rows),
    }


def pending_view(sheet: Sheet[SixNimmtState], rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Who must choose a row now, with which card, and what each row would cost."""
    held = sheet.pending
    if held is None:
        return None
    card = held.move["cards"][held.seat]
    return {
        "seat": held.seat,
        "name": sheet.players[held.seat],
        "card": card,
        "rows": [row["heads"] for row in rows],
        "cards": held.move["cards"],
    }
