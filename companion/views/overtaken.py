"""What a phone is told when the sheet moved on before its form was saved: who entered
what, whether its values are saved once already, were for an entry that took their place, or
still fit the next one. Words only; :mod:`.sheet_replies` turns them into the answer."""

from __future__ import annotations

from typing import Any

from wtforms.validators import ValidationError

from ..games import EntryKind, seam_for
from ..i18n import gettext as _
from ..models import Entry, Match
from ..rules import IllegalMove
from ..sheet import Sheet, Written, bounded_version


def fits(kind: EntryKind, fresh: Sheet[Any], form: Any) -> bool:
    """Whether a typed form still fits the fresh sheet (the same fields, the same hidden
    phase), so it can be offered again as the next entry; a form for a round that has passed
    into another kind of round is not."""
    blank = kind.form(fresh, None)
    typed = {f.name: f for f in form}
    if [f.name for f in blank] != list(typed):
        return False
    skip = (blank.version.name, blank.idem.name)
    return all(
        f.data == typed[f.name].data
        for f in blank
        if f.type == "HiddenField" and f.name not in skip
    )


def entered_by(fresh: Sheet[Any], entry: Entry) -> str:
    """Who made ``entry``: the player of the phone's seat, else "Another phone"."""
    return fresh.players[entry.seat] if entry.seat is not None else _("Another phone")


def overtaken(match: Match, fresh: Sheet[Any], latest: Entry, form: Any) -> str | None:
    """The game's own words for a form that ``latest`` overtook, when it has some (its seam's
    :meth:`~companion.games.base.Seam.overtaken`); None for the shared ones."""
    if form is None:
        return None
    return seam_for(match.game).overtaken(fresh, latest, form, entered_by(fresh, latest))


def made_already(kind: EntryKind, fresh: Sheet[Any], form: Any) -> str | None:
    """ "Bob entered the same thing a moment ago": two phones typed the same round and tapped
    Save together (or one kept it offline, and the table went on since). The one overtaken is
    not offered its values again as the next round (one more tap would store that round
    twice). None when its form makes another move than any entry stored since."""
    same = same_entry(kind, fresh, form)
    if same is None:
        return None
    who = entered_by(fresh, same)
    what = seam_for(fresh.match.game).entry_name(fresh, same)
    if what is not None:
        return _(
            "%(who)s entered %(what)s with the same values a moment ago: it is saved once.",
            who=who,
            what=what,
        )
    return _("%(who)s entered the same thing a moment ago: it is saved once.", who=who)


def took_its_place(
    match: Match, kind: EntryKind, fresh: Sheet[Any], form: Any, ahead: int = 0
) -> tuple[str, str | None] | None:
    """ "Elena entered round 6 a moment ago, so your round 6 was not saved", and what was typed
    for it, when an entry stored since the form was rendered, and still standing, is one the
    game names (:meth:`~companion.games.base.Seam.entry_name`): the form was for that entry,
    so its values are told as what they were, not offered as the next round's (one obedient
    tap would store them as round 7). ``ahead``: how many rounds the outbox kept before this
    one on the same sheet (it was typed for the entry that many after). None when no such
    entry took its place."""
    stored = standing_since(fresh, bounded_version(form.version.data))
    seam = seam_for(match.game)
    first = stored[ahead] if 0 <= ahead < len(stored) else None
    what = seam.entry_name(fresh, first) if first is not None else None
    if first is None or what is None:
        return None
    notice = _(
        "%(who)s entered %(what)s a moment ago, so your %(what)s was not saved.",
        who=entered_by(fresh, first),
        what=what,
    )
    move = typed_move(kind, fresh, form)
    return notice, seam.describe(move, fresh.players) if move is not None else as_typed(form)


def as_typed(form: Any) -> str | None:
    """What a form's boxes held, each after its label ("Ann 4 · Bob 999"), for values the rules
    refuse and so cannot be told as a move."""
    skip = {form.version.name, form.idem.name, "csrf_token"}
    shown = [
        f"{field.label.text} {str(field.raw_data[0]).strip()}"
        for field in form
        if field.name not in skip
        and field.type != "HiddenField"
        and field.raw_data
        and str(field.raw_data[0]).strip()
    ]
    return " · ".join(shown) or None


def standing_since(fresh: Sheet[Any], since: int) -> list[Any]:
    """The entries stored after version ``since`` that still stand (no undo, none undone)."""
    return [
        line
        for line in fresh.entries
        if line.version > since and line.undoes is None and line.seq not in fresh.undone
    ]


def same_entry(kind: EntryKind, fresh: Sheet[Any], form: Any) -> Any:
    """The entry stored since ``form`` was rendered, and still standing, that makes the very
    move the form makes (read by its entry kind on the fresh sheet), the newest if several;
    None for a form whose boxes or move are refused (reading it again leaves its marks as they
    were, for the form kept as typed). An undo is no such entry, nor an entry undone since."""
    stored = standing_since(fresh, bounded_version(form.version.data))
    if not stored:
        return None
    move = typed_move(kind, fresh, form)
    return next((line for line in reversed(stored) if line.move == move), None)


def typed_move(kind: EntryKind, fresh: Sheet[Any], form: Any) -> dict[str, Any] | None:
    """The move a typed form makes, read by its entry kind on the fresh sheet; None for a form
    whose boxes or move are refused (reading it leaves its marks as they were, for the form
    kept as typed)."""
    if form.errors:
        return None
    marks = [(field, list(field.errors)) for field in form]
    said = list(form.form_errors)
    try:
        return kind.to_move(fresh, form)
    except (ValidationError, IllegalMove):
        return None
    finally:
        for field, errors in marks:
            field.errors = errors
        form.form_errors[:] = said


def stale_notice(fresh: Sheet[Any], written: Written, kept: bool = False) -> str:
    """ "Bob entered … a moment ago": someone else's entry arrived first. When the form comes
    back filled, the notice says so."""
    latest = written.stale_after
    assert latest is not None
    who = entered_by(fresh, latest)
    if kept:
        return _(
            "%(who)s entered something a moment ago, so yours was not saved. What you typed "
            "is still below: check the sheet, then send it again if it is still needed.",
            who=who,
        )
    return _(
        "%(who)s entered something a moment ago, so yours was not saved. "
        "Check the sheet, then enter again if it is still needed.",
        who=who,
    )
