"""Helpers for the web tests: a tiny HTML tree, database snapshots, links and forms of a match."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

import pytest
from flask import Flask

from companion.extensions import db
from companion.models import Entry, Group, Match, Membership, Player, Seat

from ..conftest import Phone, hidden_fields

VOID = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr",
}  # fmt: skip


@dataclass
class Node:
    """One element of a parsed page."""

    tag: str
    attrs: dict[str, str]
    children: list[Node | str] = field(default_factory=list)
    parent: Node | None = None

    def walk(self) -> Any:
        """This element and every element inside it, in document order."""
        yield self
        for child in self.children:
            if isinstance(child, Node):
                yield from child.walk()

    def find_all(self, tag: str | None = None, **attrs: str | bool) -> list[Node]:
        """Elements inside (and including) this one with this tag and these attributes.

        An attribute given as True only has to be present; ``class_`` stands for ``class``.
        """
        found = []
        for node in self.walk():
            if tag is not None and node.tag != tag:
                continue
            if all(_attr_ok(node, name, want) for name, want in attrs.items()):
                found.append(node)
        return found

    def find(self, tag: str | None = None, **attrs: str | bool) -> Node | None:
        """The first element that :meth:`find_all` would give, or None."""
        found = self.find_all(tag, **attrs)
        return found[0] if found else None

    def by_id(self, element_id: str) -> Node:
        """The element with this id; fails the test when there is none."""
        node = self.find(id=element_id)
        assert node is not None, f"no element with id={element_id!r}"
        return node

    def ancestors(self) -> list[Node]:
        """The elements this one sits in, innermost first."""
        out, node = [], self.parent
        while node is not None:
            out.append(node)
            node = node.parent
        return out

    def text(self) -> str:
        """The text inside, whitespace collapsed."""
        parts: list[str] = []
        for child in self.children:
            parts.append(child if isinstance(child, str) else child.text())
        return " ".join(" ".join(parts).split())


def _attr_ok(node: Node, name: str, want: str | bool) -> bool:
    name = name.rstrip("_").replace("_", "-")
    if want is True:
        return name in node.attrs
    if want is False:
        return name not in node.attrs
    if name == "class":
        return want in node.attrs.get("class", "").split()
    return node.attrs.get(name) == want


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {})
        self.current = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v if v is not None else "" for k, v in attrs}, parent=self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v if v is not None else "" for k, v in attrs}, parent=self.current)
        self.current.children.append(node)

    def handle_endtag(self, tag: str) -> None:
        node: Node | None = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.current = node.parent

    def handle_data(self, data: str) -> None:
        self.current.children.append(data)


def parse(html: str) -> Node:
    """The element tree of an HTML page or fragment (a ``#root`` node holds the top elements)."""
    builder = _TreeBuilder()
    builder.feed(html)
    builder.close()
    return builder.root


def top_elements(html: str) -> list[Node]:
    """The elements at the top level of a fragment."""
    return [c for c in parse(html).children if isinstance(c, Node)]


def is_full_page(html: str) -> bool:
    """Whether ``html`` is a whole document rather than a fragment."""
    return "<html" in html.lower() and "<!doctype html>" in html.lower()


MODELS = {"Match": Match, "Entry": Entry, "Player": Player, "Group": Group, "Seat": Seat,
          "Membership": Membership}  # fmt: skip


def snapshot(app: Flask) -> dict[str, Any]:
    """Row counts of every table plus each match's version, status, code and host fields."""
    with app.app_context():
        counts: dict[str, Any] = {
            name: db.session.query(model).count() for name, model in MODELS.items()
        }
        counts["matches"] = [
            (m.id, m.version, m.status, m.code, m.join_locked, m.host_device_id, m.group.name)
            for m in db.session.query(Match).order_by(Match.id)
        ]
        counts["seats_claimed"] = sorted(
            (m.match_id, m.device_id, m.seat if m.seat is not None else -1)
            for m in db.session.query(Membership)
        )
        return counts


def match_row(app: Flask, match_id: int) -> dict[str, Any]:
    """The stored columns of a match, detached from the session."""
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        return {c.name: getattr(match, c.name) for c in Match.__table__.columns}


def entries(app: Flask, match_id: int) -> list[dict[str, Any]]:
    """The stored entry log of a match, in order."""
    with app.app_context():
        rows = db.session.query(Entry).filter_by(match_id=match_id).order_by(Entry.seq)
        return [
            {"seq": e.seq, "move": e.move, "undoes": e.undoes, "seat": e.seat,
             "device": e.device_id}
            for e in rows
        ]  # fmt: skip


def membership_of(app: Flask, phone: Phone, match_id: int) -> Membership | None:
    """The membership row of ``phone`` in a match (None when it has not joined)."""
    with phone.client.session_transaction() as session:
        device = session.get("device")
    if device is None:
        return None
    with app.app_context():
        row = db.session.query(Membership).filter_by(match_id=match_id, device_id=device).first()
        if row is not None:
            db.session.expunge(row)
        return row


def device_of(phone: Phone) -> str:
    """The device id kept in this phone's session cookie."""
    with phone.client.session_transaction() as session:
        device = session.get("device")
    assert isinstance(device, str), "the phone has no device id yet"
    return device


def group_of(app: Flask, match_id: int) -> int:
    """The group id of a match."""
    return int(match_row(app, match_id)["group_id"])


def join_link(app: Flask, match_id: int) -> str:
    """The path of the QR link of a match (``/j/<code>?k=<token>``) as the sheet would show it."""
    from companion.security import join_token

    with app.test_request_context(), app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None and match.code
        return f"/j/{match.code}?k={join_token(match)}"


def viewer_path(phone: Phone, match_id: int) -> str:
    """The read-only viewer link (without the language it names), read from the sheet page of a
    member phone."""
    html = phone.get(f"/m/{match_id}").get_data(as_text=True)
    found = re.search(rf'href="(?:https?://[^/"]+)?(/v/{match_id}/[0-9a-f]+)(?:\?[^"]*)?"', html)
    assert found, "no viewer link on the sheet"
    return found.group(1)


def undo_form(phone: Phone, match_id: int, seq: int) -> dict[str, str]:
    """The hidden fields of the undo button of entry ``seq`` on a fresh sheet."""
    page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True))
    form = page.find("form", action=f"/m/{match_id}/undo/{seq}")
    assert form is not None, f"no undo button for entry #{seq}"
    return {
        i.attrs["name"]: i.attrs.get("value", "")
        for i in form.find_all("input", type="hidden")
        if i.attrs["name"] != "csrf_token"
    }


def undo(phone: Phone, match_id: int, seq: int, hx: bool = False) -> Any:
    """Tap "Undo" on entry ``seq`` with a freshly rendered button."""
    return phone.post(f"/m/{match_id}/undo/{seq}", undo_form(phone, match_id, seq), hx=hx)


def enter_cards(
    phone: Phone,
    match_id: int,
    cards: list[str],
    hx: bool = False,
    form: dict[str, str] | None = None,
) -> Any:
    """Enter a round by the cards each seat took (``"5 17 55"`` per seat)."""
    fields = dict(form or phone.entry_form(match_id, "cards"))
    fields.update({f"cards-seat{i}": text for i, text in enumerate(cards)})
    return phone.post(f"/m/{match_id}/entry/cards", fields, hx=hx)


def cards_form(phone: Phone, match_id: int) -> dict[str, str]:
    """The hidden fields of a freshly rendered cards form."""
    html = phone.get(f"/m/{match_id}?entry=cards").get_data(as_text=True)
    return hidden_fields(html, "cards")


def table(phone: Phone, other: Phone, names: list[str] | None = None, **fields: Any) -> int:
    """A match started by ``phone`` (seat 0) with ``other`` joined and sitting in seat 1."""
    match_id = phone.new_match(names or ["Ann", "Bob"], **fields)
    other.join(match_id)
    phone.claim(match_id, 0)
    other.claim(match_id, 1)
    return match_id


def text_of(response: Any) -> str:
    """The visible text of a response, whitespace collapsed."""
    return parse(response.get_data(as_text=True)).text()


@pytest.fixture
def quick_qr(monkeypatch: pytest.MonkeyPatch) -> None:
    """Draw each distinct QR code once: the tests that fire hundreds of requests at one match
    do not need the same SVG recomputed every time (the output is the real one)."""
    from companion import qr

    monkeypatch.setattr(qr, "svg", functools.lru_cache(maxsize=64)(qr.svg))


YOU = re.compile(r'data-you="(\d+)"')
PER_SEAT = re.compile(
    r'<(\w+) class="[^"]*\b(if-you|unless-you)\b[^"]*" data-seat="(\d+)">.*?</\1>', re.S
)


def seen(html: str, seat: int | None = None) -> str:
    """``html`` as its phone shows it: the per-seat parts of a shared fragment (``if-you`` and
    ``unless-you`` with ``data-seat``) kept or dropped as the stylesheet's rules for the seats
    panel's ``data-you`` do (none: a phone without a seat). An answer without the seats panel
    (a poll's) is shown on a page that has one: ``seat`` says what that page's panel says."""
    found = YOU.search(html)
    you = str(seat) if seat is not None else found.group(1) if found else None

    def shown(part: re.Match[str]) -> str:
        mine = part.group(3) == you
        return part.group(0) if mine == (part.group(2) == "if-you") else ""

    return PER_SEAT.sub(shown, html)
