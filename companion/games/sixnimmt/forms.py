"""6 nimmt! on the web: the option fields and the two quick entry forms (heads, cards taken),
and the moves they make. The table-mode form is in :mod:`.table`."""

from __future__ import annotations

import re
from typing import Any

from wtforms import BooleanField, IntegerField, RadioField, StringField
from wtforms.validators import InputRequired, NumberRange, Optional, StopValidation, ValidationError

from ...i18n import gettext as _
from ...i18n import lazy_gettext as _l
from ...rules import IllegalMove
from ...rules.sixnimmt import ROWS, SixNimmtState, check_card, check_distinct
from ...sheet import Sheet
from ...translate import reason
from ..base import EntryBase, form_class
from ..taken_back import fill_seats, undone_of
from .words import END_CHOICES, VARIANT_CHOICES


def needed_when(choice: str, message: Any) -> Any:
    """Make a number box required only when ``end`` has this choice; otherwise an empty box is
    fine (and stops validation, like ``Optional``, but without hiding the reason). A number
    typed beside another choice is refused rather than dropped without a word (the page's
    script picks the box's choice as one types; without it, the box says so)."""

    def check(form: Any, field: Any) -> None:
        raw = field.raw_data[0] if field.raw_data else ""
        if str(raw).strip():
            if form.end.data != choice:
                raise StopValidation(_("Choose this option to use the number, or clear the box."))
            return
        field.errors[:] = []
        if form.end.data == choice:
            raise StopValidation(str(message))
        raise StopValidation()

    return check


def options_fields() -> dict[str, Any]:
    """Variant and end of the match."""
    return {
        "variant": RadioField(_l("Variant"), choices=VARIANT_CHOICES, default="base"),
        "end": RadioField(_l("The match ends"), choices=END_CHOICES, default="gt66"),
        "table": BooleanField(_l("Table mode: enter the revealed cards and the app places them")),
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


def options(form: Any) -> dict[str, Any]:
    """Options in the DESIGN.md vocabulary."""
    end: dict[str, Any]
    if form.end.data == "rounds":
        end = {"rounds": form.rounds.data}
    elif form.end.data == "limit":
        end = {"threshold": form.limit.data, "inclusive": False}
    else:
        end = {"threshold": 66, "inclusive": form.end.data == "ge66"}
    chosen: dict[str, Any] = {"variant": form.variant.data, "end": end}
    if form.table.data:
        chosen["table"] = True
    return chosen


def heads_form(sheet: Sheet[SixNimmtState], formdata: Any) -> EntryBase:
    """Bull heads per player, one number field each."""
    limit = sheet.state.heads_in_play - ROWS
    players = tuple(sheet.players)

    def fields() -> dict[str, Any]:
        return {
            f"seat{i}": IntegerField(
                name,
                validators=[
                    InputRequired(_l("Enter a number for every player (0 if none).")),
                    NumberRange(min=0, message=_l("Bull heads cannot be negative.")),
                    NumberRange(
                        max=limit,
                        message=_l(
                            "At most %(max)s: the cards in play, less the four that stay in "
                            "the rows, hold no more heads than that."
                        ),
                    ),
                ],
            )
            for i, name in enumerate(players)
        }

    form = form_class("HeadsForm", (players, limit), fields)(formdata=formdata, prefix="heads")
    form.back = formdata is None and fill_seats(form, undone_part(sheet, "heads"))
    return form


def undone_part(sheet: Sheet[SixNimmtState], part: str) -> object:
    """The heads or the cards of a round a just-made undo took back (the form opens with them,
    ready to correct), or None."""
    move = undone_of(sheet, "round")
    return move.get(part) if move is not None else None


def cards_form(sheet: Sheet[SixNimmtState], formdata: Any) -> EntryBase:
    """The cards each player took, typed as numbers separated by spaces, commas or dots (a
    phone's number pad has a comma or a dot but no space)."""
    players = tuple(sheet.players)

    def fields() -> dict[str, Any]:
        return {
            f"seat{i}": StringField(name, validators=[Optional()]) for i, name in enumerate(players)
        }

    form = form_class("CardsForm", players, fields)(formdata=formdata, prefix="cards")
    form.back = formdata is None and fill_seats(form, undone_part(sheet, "cards"), card_list)
    return form


def card_list(cards: object) -> str:
    """A player's cards as the box shows them: "5 17 55"."""
    return " ".join(str(card) for card in cards) if isinstance(cards, list) else ""


SEPARATORS = re.compile(r"[,.;·]")
"""What may stand between two card numbers besides spaces: whatever a number pad offers."""


def parse_cards(text: str | None) -> list[int]:
    """Numbers from free text ("5 17, 55", "5.17.55"); anything else is refused with a message."""
    cleaned = SEPARATORS.sub(" ", text or "").split()
    cards = []
    for token in cleaned:
        if not (token.isascii() and token.isdigit()) or len(token) > 4:
            raise ValidationError(_("“%(token)s” is not a card number.", token=token[:12]))
        cards.append(int(token))
    return cards


NOBODY_TOOK = _l(
    "Someone takes a row in every round (the rows hold at most 20 cards, and more are played): "
    "enter what each player took."
)


def someone_took(form: Any, seats: int, took: list[Any]) -> None:
    """Refuse a round in which nobody took anything, at every box (said once): with 4 rows of
    at most 5 cards and 10 cards played by each of 2 or more players, a row is always taken,
    and every card holds at least one head. Almost always a tap on Save before typing."""
    if any(took):
        return
    for i in range(seats):
        field = form[f"seat{i}"]
        field.errors = [*field.errors, str(NOBODY_TOOK)]
    raise ValidationError(str(NOBODY_TOOK))


def heads_move(sheet: Sheet[SixNimmtState], form: Any) -> dict[str, Any]:
    """The ``round`` move from the heads form."""
    heads = [form[f"seat{i}"].data for i in range(len(sheet.players))]
    someone_took(form, len(heads), heads)
    return {"type": "round", "heads": heads}


def cards_move(sheet: Sheet[SixNimmtState], form: Any) -> dict[str, Any]:
    """The ``round`` move from the cards form. Every box is read and checked before anything
    is said, so a round with several mistakes shows them all at once, each at its box (text
    that is no card, a card not in the deck, a card typed twice: at its second box)."""
    boxes = [form[f"seat{i}"] for i in range(len(sheet.players))]
    read = [read_box(box) for box in boxes]
    taken = [hand or [] for hand in read]
    exist_once = cards_exist_once(sheet.state, boxes, taken)  # the readable boxes too
    if None in read or not exist_once:
        raise ValidationError(_("Nothing was saved: check the boxes marked below."))
    someone_took(form, len(taken), taken)
    return {"type": "round", "cards": taken}


def read_box(box: Any) -> list[int] | None:
    """The card numbers of one box, or None with the reason said at the box."""
    try:
        return parse_cards(box.data)
    except ValidationError as error:
        box.errors = [*box.errors, str(error)]
        return None


def cards_exist_once(state: SixNimmtState, boxes: list[Any], cards: list[Any]) -> bool:
    """Whether every card is in this match's deck and typed once in the round; each mistake is
    said at its box (a card typed twice at both), in the rules' own words."""
    seen: dict[int, Any] = {}
    fine = True
    for box, hand in zip(boxes, cards, strict=True):
        for card in hand:
            try:
                check_card(state, card)
                check_distinct([*seen, card])
            except IllegalMove as refused:
                said = reason(refused)
                for place in (seen.get(card), box):
                    if place is not None and said not in place.errors:
                        place.errors = [*place.errors, said]
                fine = False
            seen.setdefault(card, box)
    return fine
