"""6 nimmt! on the web: the game's words — its option choices and summary, the names of its
entry kinds and chart, and where a revealed card went, in the user's language."""

from __future__ import annotations

from typing import Any

from ...i18n import gettext as _
from ...i18n import lazy_gettext as _l
from ...i18n import ngettext, pgettext
from ...rules.sixnimmt import FULL, PLACED, Placement, parse_end

VARIANT_CHOICES = [
    ("base", _l("Base game")),
    ("pro", _l("Professional (2–6 players, only the cards they need: 1 to 44 with 4 players)")),
]

END_CHOICES = [
    ("gt66", _l("When someone has more than 66 bull heads (rulebook)")),
    ("ge66", _l("When someone has 66 bull heads or more")),
    ("limit", _l("When someone has more than another limit")),
    ("rounds", _l("After a number of rounds")),
]


def heads_label() -> str:
    """The heads-per-player entry, and what the chart measures."""
    return _("Bull heads")


def cards_label() -> str:
    """The cards-taken entry."""
    return _("Cards taken")


def table_label() -> str:
    """The table-mode entry."""
    return _("Table mode")


def round_label() -> str:
    """The chart's step."""
    return _("Round")


def options_summary(options: dict[str, Any]) -> str:
    """E.g. "Professional · more than 66"."""
    variant = _("Professional") if options.get("variant") == "pro" else _("Base game")
    end = parse_end(options.get("end"))
    if end.rounds is not None:
        ending = ngettext("%(num)d round", "%(num)d rounds", end.rounds)
    elif end.inclusive:
        ending = _("ends at %(n)d or more", n=end.threshold)
    else:
        ending = _("ends past %(n)d", n=end.threshold)
    return f"{variant} · {ending}"


def placement_line(placement: Placement, names: list[str]) -> str:
    """E.g. "Cy's 30 was the sixth card: took row 1 (5 cards, 7 heads)"."""
    who = names[placement.seat]
    row = placement.row + 1
    if placement.kind == PLACED:
        return _("%(who)s's %(card)d went to row %(row)d", who=who, card=placement.card, row=row)
    cards = ngettext("%(num)d card", "%(num)d cards", len(placement.took))
    heads = ngettext("%(num)d head", "%(num)d heads", placement.heads)
    took = f"{cards}, {heads}"
    if placement.kind == FULL:
        return _(
            "%(who)s's %(card)d was the sixth card: took row %(row)d (%(took)s)",
            who=who,
            card=placement.card,
            row=row,
            took=took,
        )
    return _(
        "%(who)s's %(card)d was lower than every row: took row %(row)d (%(took)s)",
        who=who,
        card=placement.card,
        row=row,
        took=took,
    )


def entry_name(number: int) -> str:
    """A stored round as a phone is told of it ("Elena entered round 6 a moment ago"), with
    the article Italian needs wherever the name stands ("la mano 6", "per la mano 6")."""
    return pgettext("sixnimmt entry", "round %(n)d", n=number)
