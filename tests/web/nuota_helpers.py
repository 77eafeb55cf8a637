"""Shared steps for the Nuota per la vita tests: starting a table, entering hands, totals and
sudden deaths from a phone, and reading the lives back, so every Nuota test module plays the
same table the same way."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from companion.models import Match

from ..conftest import Phone, hidden_fields
from .helpers import seen

# Three hands of 10 (the rulebook's giraffes: 4, 3 and 1). Ann scores giraffe 9 + mole 7 = 16,
# Bob goat 7 + sheep 6 = 13, Cy dog 6 + mouse 3 = 9; bears are tied 3–3, so nobody scores them.
ANN = {"giraffe": 4, "bear": 3, "mole": 3}
BOB = {"giraffe": 3, "goat": 4, "sheep": 3}
CY = {"giraffe": 1, "bear": 3, "dog": 4, "mouse": 2}


def start(phone: Phone, names: list[str], **options: str) -> int:
    """A new Nuota match with these players; returns its id."""
    data = {f"p{i}": name for i, name in enumerate(names)}
    data.update({"group": "new", "variant": "base", "first": "0", **options})
    response = phone.post("/new/nuota", data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def table(phone: Phone, other: Phone, **options: str) -> int:
    """Ann (host), Bob (the other phone) and Cy (no phone)."""
    match_id = start(phone, ["Ann", "Bob", "Cy"], **options)
    phone.claim(match_id, 0)
    other.join(match_id)
    other.claim(match_id, 1)
    return match_id


def page(phone: Phone, match_id: int, kind: str = "hands") -> str:
    """The sheet as this phone shows it, with the given entry kind open."""
    return seen(unescape(phone.get(f"/m/{match_id}?entry={kind}").get_data(as_text=True)))


def text(html: str) -> str:
    """The visible words of a page, tags dropped and spaces squeezed."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def hand_form(phone: Phone, match_id: int) -> dict[str, str]:
    """The hidden fields of a fresh hand form, with the last log entry it has seen."""
    html = page(phone, match_id)
    fields = hidden_fields(html, "hands")
    seen = re.search(r'name="hands-seen"[^>]*value="(\d+)"', html)
    assert seen, "no hands-seen in the page"
    return {**fields, "hands-seen": seen.group(1)}


def hand(phone: Phone, match_id: int, seat: int, cards: dict[str, int], **extra: str) -> Any:
    """Enter one seat's hand with a fresh form (as htmx)."""
    fields = hand_form(phone, match_id)
    fields["hands-seat"] = str(seat)
    fields.update({f"hands-{name}": str(n) for name, n in cards.items()})
    fields.update(extra)
    return phone.post(f"/m/{match_id}/entry/hands", fields, hx=True)


def totals(phone: Phone, match_id: int, points: dict[int, int]) -> Any:
    """Enter the totals (seat → points) with a fresh form."""
    fields = hidden_fields(page(phone, match_id, "totals"), "totals")
    fields.update({f"totals-seat{seat}": str(p) for seat, p in points.items()})
    return phone.post(f"/m/{match_id}/entry/totals", fields)


def sudden(phone: Phone, match_id: int, seat: int, combo: str) -> Any:
    """Declare sudden death with a fresh form."""
    fields = hidden_fields(page(phone, match_id, "sudden"), "sudden")
    fields.update({"sudden-seat": str(seat), "sudden-combo": combo})
    return phone.post(f"/m/{match_id}/entry/sudden", fields)


def lives(phone: Phone, match_id: int) -> list[int]:
    """Lives per seat as the rules count them now."""
    from companion.extensions import db
    from companion.sheet import replay

    with phone.app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        return list(replay(match).standings)


def stale_hand(phone: Phone, other: Phone, match_id: int) -> str:
    """Bob's hand sent from a form drawn before Ann's totals scored the round: the answer."""
    old = hand_form(other, match_id)
    totals(phone, match_id, {0: 16, 1: 13, 2: 9})
    old.update({"hands-seat": "1", "hands-giraffe": "3", "hands-goat": "4", "hands-sheep": "3"})
    return unescape(other.post(f"/m/{match_id}/entry/hands", old, hx=True).get_data(as_text=True))
