"""Two phones enter the same Nuota hand: a player's own hand that came in after the host's form
was drawn (the host typed it offline, say) is never replaced by the host's; a form that showed
the held hand may still correct it, as the player's own phone always may."""

from __future__ import annotations

from html import unescape

from companion.extensions import db
from companion.models import Pending

from ..conftest import Phone
from .nuota_helpers import ANN, BOB, hand, hand_form, table

HOSTS_GUESS = {"giraffe": 2, "goat": 5, "sheep": 3}


def held_hand(phone: Phone, match_id: int, seat: int) -> dict[str, int] | None:
    """The hand held for ``seat`` (None: not in yet)."""
    with phone.app.app_context():
        held = db.session.get(Pending, match_id)
        return None if held is None else held.move["hands"][seat]


def test_the_hosts_hand_typed_before_the_players_own_came_in_does_not_replace_it(
    phone: Phone, other: Phone
) -> None:
    match_id = table(phone, other)
    hosts_form = hand_form(phone, match_id)  # drawn before Bob's hand came in
    assert hand(other, match_id, 1, BOB).status_code == 200
    late = dict(hosts_form, **{"hands-seat": "1"})
    late.update({f"hands-{name}": str(n) for name, n in HOSTS_GUESS.items()})
    answer = unescape(phone.post(f"/m/{match_id}/entry/hands", late, hx=True).get_data(True))
    assert "Bob's hand came in first and was not replaced." in answer
    assert held_hand(phone, match_id, 1) == BOB


def test_a_form_that_showed_the_held_hand_may_correct_it(phone: Phone, other: Phone) -> None:
    match_id = table(phone, other)
    assert hand(other, match_id, 1, BOB).status_code == 200
    assert hand(phone, match_id, 1, HOSTS_GUESS).status_code == 200  # a fresh form, seen
    assert held_hand(phone, match_id, 1) == HOSTS_GUESS
    assert hand(other, match_id, 1, BOB).status_code == 200  # the player's own phone, always
    assert held_hand(phone, match_id, 1) == BOB
    assert hand(phone, match_id, 0, ANN).status_code == 200
