"""The sheet's entry log as its templates show it: the newest lines, each built when a template
reads it, so that an answer adding one line builds one and a long log costs no more than a short
one; the whole log for ``?log=all`` and the tap on "Show all entries"."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, overload
from urllib.parse import parse_qs, urlsplit

from flask import request
from markupsafe import Markup

from ..games import seam_for
from ..i18n import get_locale
from ..i18n import gettext as _
from ..models import Match, Membership
from ..seats import others_at_table
from ..sheet import Sheet
from ..snapshot import Line
from .time_words import words_ago

LOG_WINDOW = 10
"""How many of the newest entries the sheet shows; the rest are a tap away (``?log=all``)."""


@dataclass(frozen=True, slots=True)
class LogRow:
    """One line as the templates read it: an object, since Jinja reads ``row.seq`` as an
    attribute first and a dict's keys only after that lookup failed (a tenth of a line's
    rendering went to those misses)."""

    seq: int
    text: str
    by: Markup
    owner: str | None
    undone: bool
    is_undo: bool
    can_undo: bool


def log_opened() -> bool:
    """Whether the phone asking shows the whole log: it says so (``log=all`` in the query or
    the form), or, for a form sent without JavaScript, the page it was sent from was a
    ``?log=all`` page (the same-origin referrer): the sheet it is sent back to keeps it open.
    The page's script says so with every request it sends (``app.js``, the outbox's too), so
    the referrer is only read for the others."""
    if request.values.get("log") == "all":
        return True
    if request.headers.get("HX-Request") == "true":
        return False
    referrer = urlsplit(request.referrer or "")
    return referrer.netloc == request.host and parse_qs(referrer.query).get("log") == ["all"]


def kept_log() -> dict[str, str]:
    """The query that keeps the log whole on the sheet a form sends the phone back to, when the
    phone showed it whole: a tap on "I am …" or a host control must not close what it opened."""
    return {"log": "all"} if log_opened() else {}


def log_rows(
    match: Match,
    sheet: Sheet,
    writer: bool,
    member: Membership | None,
    every: bool | None = None,
) -> Sequence[LogRow]:
    """The newest entries of the log (all of them for ``every``, by default when the page
    was asked for ``log=all``: a page's query, or a poll or a write from a phone whose log is
    open, so an opened log stays open), newest first, each line naming the phone that made it and
    undoable where that is allowed (after a confirmation when it is another seated player's
    entry). Lines are built when a template reads them: an answer that adds one line builds
    one, and none costs more however long the log is."""
    if every is None:
        every = log_opened()
    shown = sheet.entries if every else sheet.entries[-LOG_WINDOW:]
    return LogLines(match, sheet, writer, member, shown[::-1], every)


def news_since(known: int | None, match: Match, sheet: Sheet) -> int | None:
    """How many lines a poll adds on top of the log of version ``known`` the phone shows, when
    that is all that changed: every version since is one new move's (no undo, which changes an
    older line too; nothing else, which may change how lines read) and fewer than the shown
    lines. None means the poll sends the newest lines whole, as when the phone's log is empty."""
    if known is None or known >= match.version:
        return None
    shown = sheet.entries[-LOG_WINDOW:]
    new = [line for line in shown if line.version > known]
    if not new or len(new) >= len(shown) or len(new) != match.version - known:
        return None
    if any(line.undoes is not None for line in new):
        return None
    return len(new)


class LogLines(Sequence[LogRow]):
    """The log's lines, newest first, each built on first use."""

    def __init__(
        self,
        match: Match,
        sheet: Sheet,
        writer: bool,
        member: Membership | None,
        shown: list[Line],
        every: bool = False,
    ) -> None:
        self.match, self.sheet, self.writer, self.member = match, sheet, writer, member
        self.shown = shown
        self.window = LOG_WINDOW
        """How many of the newest lines a page keeps while the log is not opened in full."""
        self.every = every
        """Whether these are all the lines (the log was opened), which the page remembers."""
        self.built: dict[int, LogRow] = {}
        self.others: dict[str, str] | None = None
        self.only_undoable = newest_undoable(match, sheet)

    def __len__(self) -> int:
        return len(self.shown)

    @overload
    def __getitem__(self, index: int) -> LogRow: ...
    @overload
    def __getitem__(self, index: slice) -> list[LogRow]: ...
    def __getitem__(self, index: int | slice) -> LogRow | list[LogRow]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self.shown)))]
        index = range(len(self.shown))[index]
        if index not in self.built:
            self.built[index] = self.line(self.shown[index])
        return self.built[index]

    def line(self, entry: Line) -> LogRow:
        """One line: its text, who entered it, and whether (and how) it can be undone."""
        match, sheet, writer = self.match, self.sheet, self.writer
        if self.others is None:
            member = self.member
            self.others = others_at_table(match, member) if member is not None and writer else {}
        seam = seam_for(match.game)
        return LogRow(
            seq=entry.seq,
            text=describe(seam, entry, sheet),
            by=by_line(sheet, entry, one_phone=not seam.gathered(entry.move)),
            owner=self.others.get(entry.device_id or ""),
            undone=entry.seq in sheet.undone,
            is_undo=entry.undoes is not None,
            can_undo=writer
            and entry.undoes is None
            and entry.seq not in sheet.undone
            and match.status != "abandoned"
            and self.only_undoable in (None, entry.seq),
        )


def newest_undoable(match: Match, sheet: Sheet) -> int | None:
    """The one line that can be undone when the game says only the newest can (its moves
    follow from each other: Undo on an older line could only be refused); 0 for none, None
    when any line may be."""
    if not seam_for(match.game).undoes_only_the_latest(sheet):
        return None
    effective = sheet.effective()
    return effective[-1].seq if effective else 0


def by_line(sheet: Sheet, entry: Line, one_phone: bool = True) -> Markup:
    """ "From Mia's phone, 2 minutes ago": the phone that made an entry, named by its seat then,
    and the time as a ``<time>`` the page's script keeps counting (so no answer has to bring the
    shown lines' times up to date; without JavaScript a page shows the times it was rendered
    with, as it shows every other part). An entry put together from parts that several phones
    may have sent (each Nuota hand from its own phone) says only the time: the phone that sent
    the last part did not make the others."""
    moment = ago(when(entry))
    if not one_phone:
        return moment
    if entry.seat is not None and entry.seat < len(sheet.players):
        text = _("from %(name)s's phone, %(when)s")
        return Markup(text) % {"name": sheet.players[entry.seat], "when": moment}
    if entry.device_id is None:
        return Markup(_("from an imported sheet, %(when)s")) % {"when": moment}
    return Markup(_("from the host's phone, %(when)s")) % {"when": moment}


def ago(moment: datetime) -> Markup:
    """How long ago ``moment`` was, in words ("5 minutes ago"), marked with the moment itself."""
    # With the request's locale, not through Flask-Babel's wrapper, which doubles the cost of
    # each of the sheet's log lines; each wording is found once (:mod:`.time_words`).
    words = words_ago((moment - datetime.now(UTC)).total_seconds(), get_locale() or "en")
    stamp = moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return Markup('<time datetime="%s">%s</time>') % (stamp, words)


def when(entry: Line) -> datetime:
    """The entry's time as an aware UTC datetime (SQLite gives naive ones back)."""
    stamp = entry.created_at
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)


def describe(seam: Any, entry: Line, sheet: Sheet) -> str:
    """One log line: the game's description, or "Undo of #n (what #n was)", so that an undo
    says what it took back without a look further down the log."""
    if entry.undoes is None:
        return str(seam.describe(entry.move, sheet.players))
    undone = next((line for line in sheet.entries if line.seq == entry.undoes), None)
    if undone is None or undone.undoes is not None:
        return _("Undo of #%(seq)d", seq=entry.undoes)
    what = seam.describe(undone.move, sheet.players)
    return _("Undo of #%(seq)d (%(what)s)", seq=entry.undoes, what=what)
