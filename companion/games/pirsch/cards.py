"""Auf der Pirsch: the captured cards picked from a grid, one box per card of the deck, and the
move the app counts from them (a hunt's footprints, or round 4's cards per animal).

Apart from :mod:`.forms` because the grid is a form of its own: it shares the phase, the
staleness check and the rules' precheck with the counts form, which it imports from there.
"""

from __future__ import annotations

from typing import Any

from wtforms import HiddenField, SelectMultipleField
from wtforms.validators import ValidationError

from ...i18n import gettext as _
from ...rules import IllegalMove
from ...rules import pirsch as rules
from ...rules.pirsch import PirschState
from ...sheet import Sheet
from ..base import EntryBase, form_class
from ..taken_back import undone_of
from .forms import phase_of, precheck
from .words import animal_name, refusal


def cards_form(sheet: Sheet[PirschState], formdata: Any) -> EntryBase:
    """Per player, every card of the deck as a box to tick (values sent as "bear-7")."""
    phase = phase_of(sheet, formdata, "cards")
    players = tuple(sheet.players)

    def fields() -> dict[str, Any]:
        built: dict[str, Any] = {"phase": HiddenField(default=phase)}
        for i, name in enumerate(players):
            built[f"s{i}"] = SelectMultipleField(name, choices=[], validate_choice=False)
        return built

    made = form_class("PirschCardsForm", (players, phase), fields)
    form = made(formdata=formdata, prefix="cards")
    form.phase.data = phase
    form.row_errors = {}
    form.suits = deck_view(len(sheet.players))
    form.back = formdata is None and tick_back(form, undone_of(sheet, phase), len(players))
    return form


def tick_back(form: Any, move: dict[str, Any] | None, seats: int) -> bool:
    """The cards of a hunt a just-made undo took back, ticked again as they were picked, so that
    one correction saves it again; whether there was such a hunt (a round entered as counts,
    or round 4, whose cards are kept only as counts, opens the grid empty)."""
    hands = move.get("cards") if move is not None and move.get("type") == "hunt" else None
    if not isinstance(hands, list) or len(hands) != seats:
        return False
    if not all(isinstance(hand, list) for hand in hands):
        return False
    for seat, hand in enumerate(hands):
        form[f"s{seat}"].data = [f"{card[0]}-{card[1]}" for card in hand if len(card) == 2]
    return True


def deck_view(seats: int) -> list[dict[str, Any]]:
    """The cards in play by animal, each value with its footprints, for the picking grid."""
    cards = rules.deck(seats)
    return [
        {
            "animal": animal,
            "name": animal_name(animal),
            "cards": [(value, rules.footprints((a, value))) for a, value in cards if a == animal],
        }
        for animal in rules.ANIMALS
    ]


def read_cards(form: Any, seat: int) -> list[list[Any]]:
    """The ticked cards of one seat as ``[animal, value]``; a value that is no card is refused."""
    field = form[f"s{seat}"]
    cards = []
    for raw in field.data or []:
        animal, _dash, value = str(raw).rpartition("-")
        if not animal or not value.isdecimal() or len(value) > 3:
            field.errors = [*field.errors, _("“%(text)s” is not a card.", text=str(raw)[:20])]
            raise ValidationError(field.errors[-1])
        cards.append([animal, int(value)])
    return cards


def cards_move(sheet: Sheet[PirschState], form: Any) -> dict[str, Any]:
    """A hunt with the cards themselves (the rules count the footprints), or round 4 counted."""
    seats = len(sheet.players)
    hands = [read_cards(form, seat) for seat in range(seats)]
    move: dict[str, Any]
    if form.phase.data == "hunt":
        move = {"type": "hunt", "cards": hands}
    else:
        move = {"type": "final", "cards": [count_hand(form, hand, seats, hands) for hand in hands]}
    precheck(sheet, form, move)
    return move


def count_hand(
    form: Any, hand: list[list[Any]], seats: int, hands: list[list[list[Any]]]
) -> dict[str, int]:
    """Cards per animal of one round-4 hand, refusing a card not in play or ticked twice."""
    counts = dict.fromkeys(rules.ANIMALS, 0)
    everyone = [tuple(card) for other in hands for card in other]
    for card in hand:
        try:
            animal, value = rules.parse_card(card, seats)
        except IllegalMove as refused:
            form.form_errors.append(refusal(refused))
            raise ValidationError(form.form_errors[-1]) from None
        if everyone.count((animal, value)) > 1:
            message = _(
                "The %(animal)s %(value)d is entered twice.",
                animal=animal_name(animal),
                value=value,
            )
            form.form_errors.append(message)
            raise ValidationError(message)
        counts[animal] += 1
    return counts
