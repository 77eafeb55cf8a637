"""A match's state as the replay of its entry log, and the one way to append to that log.

Every write goes through :func:`append`: it checks the idempotency key (a double tap stores one
entry), refuses a form rendered before someone else's entry (two phones entering the same round),
lets the rules refuse illegal moves, and bumps the match version in the same transaction as the
new entry.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from sqlalchemy import bindparam, inspect, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value

from . import rules, snapshot
from .extensions import db
from .live.doorbell import ring_later
from .models import Entry, Match, utcnow
from .pending import nothing_held
from .rules import IllegalMove, Outcome
from .rules.base import N_
from .seats import members_kept
from .settling import settle_status
from .snapshot import Folded, Line

UNDO = {"type": "undo"}
MAX_DB_INT = 2**31 - 1
"""The largest id or version a database integer column holds."""
IDEM_KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")
"""What a one-time key looks like (the forms make 22 characters); anything else is ignored."""
ATTEMPTS = 3
State = TypeVar("State")
MATCH_COLUMNS = tuple(column.key for column in inspect(Match).column_attrs)
"""What a write reads again of the match: its columns, not its seats and players (the log and
the state depend on the version, which is among the columns)."""


@dataclass
class Sheet(Generic[State]):
    """Everything a page needs about a match, derived from its log; ``State`` is the game's
    state type (``Sheet[SixNimmtState]`` in 6 nimmt!'s seam)."""

    match: Match
    rules: rules.Rules[State]
    state: State
    entries: list[Line]
    undone: set[int] = field(default_factory=set)
    pending: Any = None

    @property
    def players(self) -> list[str]:
        """Seat names in seat order."""
        return [seat.player.name for seat in self.match.seats]

    @property
    def outcome(self) -> Outcome | None:
        """How the match ended, or None while it goes on."""
        return self.rules.outcome(self.state)

    @property
    def standings(self) -> list[int]:
        """The rules' number per seat."""
        return self.rules.standings(self.state)

    def effective(self) -> list[Entry]:
        """The entries that count: moves that have not been undone."""
        return [e for e in self.entries if e.undoes is None and e.seq not in self.undone]


@dataclass
class Written:
    """The result of :func:`append`: the stored entry, or why nothing was stored."""

    entry: Entry | None = None
    duplicate: bool = False
    stale_after: Entry | None = None
    error: IllegalMove | None = None

    @property
    def ok(self) -> bool:
        """Whether the entry is in the log now (newly or from an earlier identical tap)."""
        return self.entry is not None


def bounded_version(value: object) -> int:
    """A version from a form, or 0 (as old as can be) when it is missing or out of range."""
    if isinstance(value, bool) or not isinstance(value, int):
        return 0
    return value if 0 <= value <= MAX_DB_INT else 0


def players_of(match: Match) -> list[str]:
    """Seat names in seat order."""
    return [seat.player.name for seat in match.seats]


def start(match: Match) -> Any:
    """The starting state of ``match`` from its players, options and seed."""
    return rules.get(match.game).setup(players_of(match), match.options, match.seed)


def replay(match: Match, without: int | None = None) -> Sheet:
    """The sheet at the match's version; ``without`` leaves one more entry out (undo preview).

    The fold comes from :mod:`companion.snapshot`: kept, or carried on from the kept state by
    the entries stored since; the log is read whole only when nothing of it is kept.
    """
    game = rules.get(match.game)
    players = players_of(match)

    def setup() -> Any:
        return game.setup(players, match.options, match.seed)

    log = snapshot.folded(match, players, game.apply, setup)
    if without is not None:
        log = snapshot.fold(log.lines, log.version, game.apply, setup, without)
    return Sheet(
        match=match, rules=game, state=log.state, entries=list(log.lines), undone=set(log.undone)
    )


def entries_since(match: Match, version: int) -> list[Entry]:
    """Entries stored after the form at ``version`` was rendered."""
    return list(
        db.session.execute(
            db.select(Entry)
            .filter(Entry.match_id == match.id, Entry.version > version)
            .order_by(Entry.seq)
        ).scalars()
    )


BY_KEY = select(Entry).where(Entry.match_id == bindparam("mid"), Entry.idem_key == bindparam("key"))
"""Built once, as every write asks it (building it cost more than running it)."""
BUMP = (
    update(Match)
    .where(Match.id == bindparam("match_id"), Match.version == bindparam("seen"))
    .values(version=bindparam("new_version"), active_at=bindparam("now"))
    .execution_options(synchronize_session=False)
)
"""Every write's version-checked bump; :func:`_store` updates the loaded match itself (the ORM
would first test the WHERE clause on every loaded match: a third of the statement's cost)."""


def by_key(match: Match, idem_key: str | None) -> Entry | None:
    """The entry stored earlier with this idempotency key, if any."""
    if not idem_key or not IDEM_KEY.fullmatch(idem_key):
        return None
    found = db.session.execute(BY_KEY, {"mid": match.id, "key": idem_key})
    return found.scalar_one_or_none()


def append(
    match: Match,
    move: dict[str, Any],
    *,
    version: int,
    idem_key: str | None,
    seat: int | None,
    device: str | None,
    undoes: int | None = None,
) -> Written:
    """Store ``move`` (or an undo of entry ``undoes``) if it is new, fresh and legal.

    The match as the request loaded it is tried first: should another write have come in
    since, the version-checked UPDATE finds out, and the next attempt reads the match again."""
    version = bounded_version(version)
    for attempt in range(ATTEMPTS):
        if attempt or inspect(match).expired_attributes:
            db.session.refresh(match, MATCH_COLUMNS)
        earlier = by_key(match, idem_key)
        if earlier is not None:
            return Written(entry=earlier, duplicate=True)
        if version != match.version:
            since = entries_since(match, version)
            if since:
                return Written(stale_after=since[-1])
        try:
            sheet = check(match, move, undoes)
        except IllegalMove as refused:
            return Written(error=refused)
        entry = _store(match, sheet, move, undoes, seat, device, idem_key)
        if entry is not None:
            return Written(entry=entry)
    return Written(stale_after=_latest(match))


def check(match: Match, move: dict[str, Any], undoes: int | None) -> Sheet:
    """The sheet after the write, or IllegalMove; an undo must leave a log that still replays."""
    if not match.is_open and undoes is None:
        raise IllegalMove(N_("The match is over: no more entries."))
    if undoes is None:
        sheet = replay(match)
        sheet.state = sheet.rules.apply(sheet.state, move)
        return sheet
    current = replay(match)
    target = next((line for line in current.entries if line.seq == undoes), None)
    if target is None or target.undoes is not None:
        raise IllegalMove(N_("There is no such entry to undo."))
    if match.status == "abandoned":
        raise IllegalMove(N_("The match was abandoned: nothing can change now."))
    if undoes in current.undone:
        raise IllegalMove(N_("That entry is already undone."))
    try:
        return replay(match, without=undoes)
    except IllegalMove:
        reason = N_("Later entries depend on #%(seq)d: undo those first.")
        raise IllegalMove(reason, seq=undoes) from None


def _store(
    match: Match,
    sheet: Sheet,
    move: dict[str, Any],
    undoes: int | None,
    seat: int | None,
    device: str | None,
    idem_key: str | None,
) -> Entry | None:
    """Bump the version if nobody else did meanwhile, then insert the entry; None to retry.
    The loaded match gets the values written as loaded ones (nothing for the ORM to write
    again): the answer reads the new version with no other query."""
    seen = match.version
    new_version = seen + 1
    now = utcnow()
    values = {"match_id": match.id, "seen": seen, "new_version": new_version, "now": now}
    bumped = db.session.execute(BUMP, values)
    if bumped.rowcount != 1:
        db.session.rollback()
        return None
    set_committed_value(match, "version", new_version)
    set_committed_value(match, "active_at", now)
    line = Line(
        seq=sheet.entries[-1].seq + 1 if sheet.entries else 1,
        version=new_version,
        move_json=json.dumps(UNDO if undoes is not None else move, separators=(",", ":")),
        undoes=undoes,
        seat=seat,
        device_id=device,
        created_at=utcnow(),
    )
    entry = Entry(
        match_id=match.id,
        idem_key=idem_key if idem_key and IDEM_KEY.fullmatch(idem_key) else None,
        **vars(line),
    )
    db.session.add(entry)
    settle_status(match, sheet.outcome, sheet.state)
    ring_later(db.session, match.id, new_version)
    identity = snapshot.identity_of(match, sheet.players)
    if not _commit_as_written():
        return None
    nothing_held(match.id, new_version)
    after = Folded(new_version, sheet.state, (*sheet.entries, line), frozenset(sheet.undone))
    snapshot.remember(identity, after)
    return entry


def _commit_as_written() -> bool:
    """Commit, keeping the loaded objects as they are: they hold what was just written (the
    version and the settled match), so the answer needs no second read of them, nor of the
    members (:func:`.seats.members_kept`). False when the entry collided with another one (then
    nothing is stored)."""
    session = db.session()
    expire = session.expire_on_commit
    session.expire_on_commit = False
    try:
        with members_kept():
            session.commit()
    except IntegrityError:
        session.rollback()
        return False
    finally:
        session.expire_on_commit = expire
    return True


def _latest(match: Match) -> Entry | None:
    """The newest entry of ``match``."""
    return db.session.execute(
        db.select(Entry).filter_by(match_id=match.id).order_by(Entry.seq.desc()).limit(1)
    ).scalar_one_or_none()


def touch(match: Match) -> None:
    """Bump the version for a change outside the log (seats, host, code) so phones refresh;
    the doorbell rings when the caller commits."""
    bumped = db.session.execute(
        update(Match)
        .where(Match.id == match.id)
        .values(version=Match.version + 1, active_at=utcnow())
        .returning(Match.version)
    ).scalar_one()
    ring_later(db.session, match.id, bumped)
