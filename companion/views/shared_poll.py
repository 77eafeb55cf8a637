"""A changed poll's answer, rendered once per version for the phones of a table and shared.

After a round every other phone at the table polls from the version it shows to the new one, and
each is sent the same things: the scoreboard, the new log lines and, when its form is untouched,
the entry panel. The scoreboard and a shared entry kind's form were already rendered once per
version (:mod:`companion.fragments`); each phone still read the match, its seats and members,
folded the log, gathered the sheet's context and rendered the answer around them. Here the first
phone's answer is kept, the same for every phone: what no other phone may be given is left out.
Its forms' CSRF token and one-time keys are empty, because the page sends its token in a header
and its script gives each form a key when it is first sent (:func:`companion.holes.blank`), and
the phone's seat is not in it (the page's seats panel says it). Every other phone whose answer
would read the same gets the same bytes, after the one query that proves it is a member and finds
the version (:func:`companion.member_state.member_state`), compressed once for all of them
(:mod:`companion.compress_once`).

Everything such an answer can depend on is in its key, or keeps it from being shared:

- the match, the version the phone shows and the new one, the entry panel it asked for, the
  language, and whether its log is opened (``log=all``);
- whether the phone may write (it holds a seat or is the host) and whether it holds a seat;
- for each new line, whether this phone made it (its undo then asks no confirmation).

Only answers that bring new moves and nothing else are kept (seats, seat requests and the host's
panel, which differ per phone, come with the others), and only while the scoreboard and the
entry kind are declared shareable (:func:`companion.fragments.shareable`,
:attr:`companion.games.base.EntryKind.shared`), so the templates read no other per-phone value;
``tests/web/test_shared_poll.py`` compares each copy with the phone's own render. The new lines'
"5 seconds ago" is the first phone's; every page counts it on from the line's ``<time>``.
Like the fragments, the answers live in each worker and are bounded (:mod:`companion.caches`).

The phones of a table ask at the same moment, when the doorbell rings them all. Under gevent a
render yields at every query the PostgreSQL driver waits for, so their requests interleave and
each would find no kept answer yet and render the same one: the first phone to ask renders, and
the others that ask in the same worker meanwhile wait for its answer (:func:`answer_once`).
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask, Response, render_template, request

from .. import compress_once
from ..caches import Kept, kept, of_app
from ..fragments import shareable
from ..holes import SEAT_HOLE, blank, fill, holes
from ..i18n import language_code
from ..member_state import MemberState
from .log_lines import log_opened
from .reply import sent, wants_fragment

SIZE = 1024
"""Answers one worker keeps: a few per open table (panels x languages x kinds of phone)."""
EXTENSION = "companion.shared_poll"
RENDERS = "companion.shared_poll.renders"
OWN_KEYS = "X-Own-Keys"
"""Sent by the page's script with every request htmx makes (``static/js/outbox.js``): the page
sends its token in a header and gives a form with an empty key one of its own. A page loaded
before that script, still open across an upgrade of the server, does not say it, and is never
given an answer whose forms have no token or key: it gets its own."""
ANSWER = "play/_live.html"
WAIT_SECONDS = 2.0
"""How long a phone waits for the answer another phone of its table is rendering in its worker
before it renders its own: a render takes milliseconds, so this only bounds a stuck one."""


class Renders:
    """The answers being rendered in one worker now, by match and versions (from, to)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running: dict[tuple[int, int, int], threading.Event] = {}
        self.waiting = 0
        """Phones waiting now for another's render (for tests and curiosity)."""


def renders() -> Renders:
    """This app's renders in progress."""
    found: Renders = of_app(RENDERS, Renders)
    return found


@contextmanager
def answer_once(
    match_id: int, known: int | None, state: MemberState | None, panel: str | None
) -> Iterator[Response | None]:
    """The kept answer for this phone, or None when it must render its own.

    When another phone of the table is rendering the answer from ``known`` to the same version
    in this worker, wait for it first (at most :data:`WAIT_SECONDS`). When none is, this phone's
    render is the one the others wait for, until the block ends."""
    if state is None or known is None:
        yield None
        return
    found = shared_answer(match_id, known, state, panel)
    if found is not None:
        yield found
        return
    table, key = renders(), (match_id, known, state.version)
    with table.lock:
        running = table.running.get(key)
        if running is None:
            table.running[key] = threading.Event()
        else:
            table.waiting += 1
    if running is not None:
        try:
            running.wait(WAIT_SECONDS)
        finally:
            with table.lock:
                table.waiting -= 1
        yield shared_answer(match_id, known, state, panel)
        return
    try:
        yield None
    finally:
        with table.lock:
            done = table.running.pop(key)
        done.set()


def answers(app: Flask | None = None) -> Kept:
    """This app's shared poll answers."""
    return kept(EXTENSION, SIZE, app)


def answer_key(
    match_id: int, known: int, version: int, panel: str | None, state: MemberState, mine: Any
) -> tuple[Hashable, ...]:
    """Everything a kept answer can depend on (module docstring)."""
    kind = (state.writer, state.seat is not None, tuple(mine))
    return ("answer", match_id, known, version, panel, language_code(), log_opened(), kind)


def own_keys() -> bool:
    """Whether the asking page fills in empty keys and sends its token itself (:data:`OWN_KEYS`)."""
    return request.headers.get(OWN_KEYS) == "1"


def shared_answer(
    match_id: int, known: int | None, state: MemberState, panel: str | None
) -> Response | None:
    """The kept answer from version ``known`` that fits this phone, or None when none does."""
    if known is None or not wants_fragment() or not own_keys():
        return None
    kept_answers = answers()
    authors = kept_answers.get(("authors", match_id, known, state.version))
    if authors is None:
        return None
    mine = (author == state.device for author in authors)
    found = kept_answers.get(answer_key(match_id, known, state.version, panel, state, mine))
    return None if found is None else sent_to_all(*found)


def sent_to_all(html: str, tag: str) -> Response:
    """A kept answer, the same bytes for every phone it fits: compressed once, under ``tag``."""
    compress_once.mark(tag)
    return sent(html)


def can_share(context: dict[str, Any]) -> bool:
    """Whether this poll's answer may be kept for other phones (module docstring)."""
    if not context.get("moves_only") or not wants_fragment() or not own_keys():
        return False
    if not shareable(context["seam"].scoreboard_template, context):
        return False
    active = context.get("active")
    return not context["panel"] or not context["writer"] or active is None or active.shared


def keep_answer(known: int, context: dict[str, Any], panel: str | None) -> Response:
    """Render the answer the same for every phone, keep it for the others and send it.

    It renders with holes; one for the seat would mean a template printed it, and the answer
    is then this phone's own (``tests/web/test_shared_poll.py`` keeps the templates from it)."""
    match, member, me = context["match"], context["member"], context["me"]
    state = MemberState(match.version, member.device_id, me, context["host"])
    with holes():
        html = render_template(ANSWER, **{**context, "me": None if me is None else SEAT_HOLE})
    shared = blank(html)
    if shared is None:
        return sent(fill(html, me))
    added = context["sheet"].entries[-len(context["log_added"]) :][::-1]
    authors = tuple(line.device_id for line in added)
    mine = (author == state.device for author in authors)
    tag = secrets.token_hex(8)
    kept_answers = answers()
    kept_answers.put(answer_key(match.id, known, match.version, panel, state, mine), (shared, tag))
    kept_answers.put(("authors", match.id, known, match.version), authors)
    return sent_to_all(shared, tag)
