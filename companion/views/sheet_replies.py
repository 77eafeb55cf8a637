"""How the sheet answers a submitted form: the fresh sheet, the form as typed with its reason,
or a fresh form with a notice. The one place that turns :class:`companion.writes.Submitted`
into a page or a fragment."""

from __future__ import annotations

from typing import Any

from flask import Response, request, url_for

from ..games import EntryKind, seam_for
from ..i18n import gettext as _
from ..models import Match, Membership
from ..sheet import Sheet, Written, bounded_version, replay
from ..translate import reason
from ..writes import Submitted
from .log_lines import kept_log, news_since
from .overtaken import fits, made_already, overtaken, stale_notice, took_its_place
from .reply import go, render, wants_fragment
from .sheet_context import play_context, sheet_context, table_context


def answer(
    match: Match, member: Membership, kind: EntryKind | None, form: Any, submitted: Submitted
) -> Response:
    """The reply to a submitted form, whatever became of it."""
    if submitted.written is not None:
        return written_reply(match, member, kind, form, submitted.written)
    if submitted.held:
        if not wants_fragment():
            return go(sheet_page(match))
        return entry_reply(
            match, member, replay(match), kind, None, fresh=True, notice=submitted.notice
        )
    if submitted.notice is not None:
        return entry_reply(
            match, member, replay(match), kind, None, fresh=True, notice=submitted.notice
        )
    if kind is None:  # a row choice or an undo: no form of its own to show the reason beside
        return entry_reply(
            match,
            member,
            replay(match),
            None,
            None,
            notice=submitted.error,
            confirm_undo=submitted.confirm_undo,
            confirm_held=submitted.confirm_held,
        )
    return entry_reply(match, member, replay(match), kind, form, error=submitted.error)


def written_reply(
    match: Match, member: Membership, kind: EntryKind | None, form: Any, written: Written
) -> Response:
    """The answer to a write: the fresh sheet, or the form with the reason it was refused."""
    fresh = replay(match)
    if written.ok:
        if not wants_fragment():
            return go(sheet_page(match))
        stays = kind is not None and not kind.once  # else the first kind, for the next round
        entry = written.entry
        note = seam_for(match.game).saved_note(fresh, entry) if entry is not None else None
        context = answer_context(
            match,
            member,
            fresh,
            form,
            kind=kind.key if stays else None,
            saved_note=note,
            saved_seq=entry.seq if note and entry is not None else None,
        )
        if adds_a_line(written, fresh):
            context["log_added"] = context["log"][:1]
        return render("play/sheet.html", "play/_written.html", **context)
    if written.stale_after is not None:
        return stale_reply(match, member, kind, form, fresh, written)
    error = reason(written.error) if written.error else _("Nothing was saved. Try again.")
    return entry_reply(match, member, fresh, kind, form, error=error)


def stale_reply(
    match: Match,
    member: Membership,
    kind: EntryKind | None,
    form: Any,
    fresh: Sheet[Any],
    written: Written,
) -> Response:
    """The answer to a form the sheet moved on from: the game's own words, or the same entry
    saved once, or the entry whose place it took named with what was typed (the form then
    comes back fresh, for the entry that comes next), or what was typed offered again."""
    said = overtaken(match, fresh, written.stale_after, form)
    settled = taken = None
    if said is None and kind is not None and form is not None:
        settled = made_already(kind, fresh, form)
        taken = (
            None
            if settled
            else took_its_place(match, kind, fresh, form, request.form.get("ahead", 0, type=int))
        )
    said = said or settled or (taken and taken[0])
    kept = said is None and kind is not None and form is not None and fits(kind, fresh, form)
    if kept:
        form.stamp(fresh)  # what was typed, ready to send as the next entry
    notice = said or stale_notice(fresh, written, kept)
    return entry_reply(
        match,
        member,
        fresh,
        kind,
        form,
        notice=notice,
        fresh=True,
        kept=kept,
        final=bool(said),
        settled=bool(settled),
        typed=taken[1] if taken else None,
    )


def answer_context(
    match: Match, member: Membership, fresh: Sheet[Any], form: Any, **entry: Any
) -> dict[str, Any]:
    """The context of a write's fragment answer (``play/_written.html``): what a move changes,
    and the seats, seat requests and invite only when they are sent (``table_news``), since
    gathering them costs as much as drawing the entry panel."""
    context = play_context(match, member, fresh, **entry)
    context["table_news"] = table_news(match, fresh, form)
    if context["table_news"]:
        context.update(table_context(match, member))
    return context


def table_news(match: Match, fresh: Sheet[Any], form: Any) -> bool:
    """Whether the seats, seat requests, invite or host panel may read differently than on the
    page the form was sent from: the match is over, or something other than new moves happened
    since the version the form was rendered at (a seat claimed, a code rotated...: a form whose
    version is older is still stored when no entry came in since). The page's panels are no
    older than its form, so this errs only towards sending them."""
    sent = form.version.data if form is not None else request.form.get("version", type=int)
    return not match.is_open or news_since(bounded_version(sent), match, fresh) is None


def adds_a_line(written: Written, fresh: Sheet[Any]) -> bool:
    """Whether the phone's log only lacks the new line, so the answer adds it on top: a new
    move on a log the phone already shows. An undo changes an older line as well, a first
    entry replaces "nothing entered yet", and a repeated tap may find the line already there:
    those answers carry the newest lines whole."""
    entry = written.entry
    return (
        entry is not None
        and not written.duplicate
        and entry.undoes is None
        and len(fresh.entries) > 1
        and fresh.entries[-1].seq == entry.seq
    )


def entry_reply(
    match: Match,
    member: Membership,
    current: Sheet[Any],
    kind: EntryKind | None,
    form: Any,
    error: str | None = None,
    notice: str | None = None,
    fresh: bool = False,
    kept: bool = False,
    confirm_undo: int | None = None,
    confirm_held: bool = False,
    final: bool = False,
    settled: bool = False,
    typed: str | None = None,
) -> Response:
    """Re-render the entry panel (htmx) or the whole page with the form kept as typed.

    ``fresh`` sends the fresh sheet along (the sheet changed); ``kept`` keeps the typed form
    even then (a conflict: the values were not saved, and are offered again); ``final`` marks a
    notice that says all there is to say of the write (the same round saved once, a game's own
    words), which the outbox then shows for a write it had kept, instead of "enter it again";
    ``settled`` one that lost nothing (the same entry saved once), which the outbox tells
    without alarm; ``typed`` what a write overtaken by the entry it was made for held."""
    forms = {kind.key: form} if kind is not None and (kept or not fresh) else {}
    entry: dict[str, Any] = {
        "kind": kind.key if kind else None,
        "forms": forms,
        "error": error,
        "notice": notice,
        "kept": kept,
        "final": final,
        "settled": settled,
        "typed": typed,
        "confirm_undo": confirm_undo,
        "confirm_held": confirm_held,
    }
    if not wants_fragment():
        context = sheet_context(match, member, current, **entry)
    elif fresh:
        context = answer_context(match, member, current, form, **entry)
    else:
        context = play_context(match, member, current, **entry)
    fragment = "play/_written.html" if fresh else "play/_entry.html"
    return render("play/sheet.html", fragment, **context)


def sheet_page(match: Match) -> str:
    """Where a form sent without JavaScript lands: the sheet, at the part its game names, with
    its log still whole if the page the form was on showed it whole."""
    return (
        url_for("play.sheet", match_id=match.id, **kept_log()) + "#" + seam_for(match.game).lands_on
    )
