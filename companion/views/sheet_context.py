"""Everything the sheet templates show, gathered in one place for pages and fragments alike."""

from __future__ import annotations

from functools import partial
from typing import Any

from flask import current_app, url_for

from .. import host_rights, join_codes, qr
from ..games import EntryKind, seam_for
from ..i18n import gettext as _
from ..i18n import language_code
from ..match_rows import MatchRow
from ..models import Match, Membership
from ..pending import pending_for
from ..seats import members, present, requests_for
from ..security import device_id, is_host, join_token, viewer_token
from ..sheet import Sheet
from ..stats.places import place_label, ranked
from .log_lines import log_rows

AnyMatch = Match | MatchRow
"""The ORM match (after a change) or its plain rows (a page or poll that only reads)."""


def sheet_context(
    match: AnyMatch, member: Membership | None, sheet: Sheet, **entry: Any
) -> dict[str, Any]:
    """Template context of the sheet page; ``member`` None means the read-only viewer;
    ``entry`` as :func:`play_context` takes it (the entry kind, forms that came back, an error
    or notice, ``kept`` for a form that came back filled after a conflict)."""
    context = play_context(match, member, sheet, **entry)
    context.update(table_context(match, member))
    return context


def play_context(
    match: AnyMatch,
    member: Membership | None,
    sheet: Sheet,
    *,
    kind: str | None = None,
    forms: dict[str, Any] | None = None,
    error: str | None = None,
    notice: str | None = None,
    kept: bool = False,
    final: bool = False,
    settled: bool = False,
    typed: str | None = None,
    saved_note: str | None = None,
    saved_seq: int | None = None,
    confirm_undo: int | None = None,
    confirm_held: bool = False,
) -> dict[str, Any]:
    """What a move can change: the scoreboard, the log and the entry panel. A poll that finds
    only new moves sends just these (:func:`table_context` is what seats, seat requests and
    host actions change)."""
    seam = seam_for(match.game)
    sheet.pending = pending_for(match)
    host = member is not None and is_host(match)
    writer = member is not None and (member.seat is not None or host)
    context: dict[str, Any] = {
        "match": match,
        "sheet": sheet,
        "seam": seam,
        "players": sheet.players,
        "board": seam.scoreboard(sheet),
        "outcome": sheet.outcome,
        "member": member,
        "me": member.seat if member else None,
        "host": host,
        "writer": writer,
        "log": log_rows(match, sheet, writer, member),
        "last_seq": last_effective(sheet),
        "error": error,
        "notice": notice,
        "kept": kept,
        "final": final,
        "settled": settled,
        "typed": typed,
        "saved_note": saved_note,
        "saved_seq": saved_seq,
        "confirm_undo": confirm_undo,
        "confirm_held": confirm_held,
        "poll_seconds": current_app.config["POLL_SECONDS"],
        "poll_url": poll_url(match, member),
        "events_url": events_url(match, member),
    }
    if member is not None:
        context.update(entry_context(match, sheet, kind, forms or {}))
    return context


def table_context(match: AnyMatch, member: Membership | None) -> dict[str, Any]:
    """Who sits where, the seat requests this phone answers and the invite: no move changes
    them (a code's idle clock restarts with every move, so it cannot expire between two), so a
    poll that finds only new moves leaves them out, and so does a write's answer when nothing
    else happened since its form (:func:`.sheet_replies.table_news`). What changes with time
    alone (a seat's "phone away", a code that expired while the table was idle) is brought up
    to date by the next seat change, host action or page load, not by moves."""
    host = member is not None and is_host(match)
    context: dict[str, Any] = {
        "seats": seat_rows(match),
        "asks": requests_for(match, member, host),
        "my_ask": seat_name(match, member.asks_seat) if member else None,
        "turned_down": seat_name(match, member.turned_down_seat) if member else None,
    }
    context.update(host_context(match, member))
    if member is not None:
        context.update(invite_context(match))
    return context


def host_context(match: AnyMatch, member: Membership | None) -> dict[str, Any]:
    """Who holds the host rights (named by the seat of the host's phone), what this phone is
    told about them, and whether it may take them over because the host's phone has left."""
    host = host_rights.host_member(match)
    return {
        "host_name": seat_name(match, host.seat) if host is not None else None,
        "host_news": member.host_news if member is not None else None,
        "may_take_over": host_rights.may_take_over(match, member),
    }


def poll_url(match: AnyMatch, member: Membership | None) -> str:
    """Where the scoreboard polls: the member's live URL, or the viewer's."""
    if member is None:
        return url_for(
            "play.viewer_live", match_id=match.id, token=viewer_token(match), v=match.version
        )
    return url_for("play.live", match_id=match.id, v=match.version)


def events_url(match: AnyMatch, member: Membership | None) -> str | None:
    """The doorbell stream the scoreboard listens to (None when ``SSE_ENABLED`` is off)."""
    if not current_app.config["SSE_ENABLED"]:
        return None
    if member is None:
        return url_for("events.viewer_events", match_id=match.id, token=viewer_token(match))
    return url_for("events.member_events", match_id=match.id)


def entry_context(
    match: AnyMatch, sheet: Sheet, kind: str | None, forms: dict[str, Any]
) -> dict[str, Any]:
    """The entry kinds and the active one's form (kept as typed when it came back refused).

    A fresh form is built only when the entry panel is rendered (``entry_form()``): the poll and
    most fragments never show it, and building one costs as much as rendering a fragment.
    """
    kinds: list[EntryKind] = seam_for(match.game).entry_kinds(sheet) if match.is_open else []
    active = next((k for k in kinds if k.key == kind), kinds[0] if kinds else None)
    form = forms.get(active.key) if active is not None else None

    def entry_form() -> Any:
        if form is not None or active is None:
            return form
        return active.form(sheet, None).stamp(sheet)

    return {"kinds": kinds, "active": active, "form": form, "entry_form": entry_form}


def invite_context(match: AnyMatch) -> dict[str, Any]:
    """The QR link, the code and the viewer link while the match is open; once the code has
    expired, only the viewer link and ``code_expired`` (the host is offered a new code). The QR
    code is drawn only when asked for (``qr_svg()``): the page shows it inline before the first
    entry, later as an image fetched when the panel opens, and a poll's answer never draws it."""
    if not match.is_open or not match.code:
        return {"join_url": None}
    base = qr.public_base()
    # The TV shows the sheet in the language of the phone that gave it the link (a TV has no
    # language switch; its browser's language is often not the table's).
    viewer_url = base + url_for(
        "play.viewer", match_id=match.id, token=viewer_token(match), lang=language_code()
    )
    if join_codes.expired(match):
        return {"join_url": None, "code_expired": True, "viewer_url": viewer_url}
    join_url = base + url_for("matches.join_by_link", code=match.code, k=join_token(match))
    return {
        "join_url": join_url,
        "join_page_url": base + url_for("matches.join_by_code"),
        "qr_svg": partial(qr.svg, join_url, _("QR code to join this match")),
        "qr_url": url_for("play.invite_qr", match_id=match.id, c=match.code),
        "viewer_url": viewer_url,
    }


def seat_rows(match: AnyMatch) -> list[dict[str, Any]]:
    """Each seat with whether this phone or another one claimed it, and whether that other
    phone is still at the table (then it is asked before the seat changes hands)."""
    claims = {m.seat: m for m in members(match) if m.seat is not None}
    mine = device_id()
    rows = []
    for seat in match.seats:
        holder = claims.get(seat.position)
        rows.append(
            {
                "position": seat.position,
                "name": seat.player.name,
                "mine": holder is not None and holder.device_id == mine,
                "taken": holder is not None and holder.device_id != mine,
                "present": holder is not None and present(holder),
                "host": holder is not None and holder.device_id == match.host_device_id,
            }
        )
    return rows


def seat_name(match: AnyMatch, position: int | None) -> str | None:
    """The name of the player in seat ``position``."""
    return next((s.player.name for s in match.seats if s.position == position), None)


def last_effective(sheet: Sheet) -> int | None:
    """The sequence number of the newest entry that still counts (for "undo the last turn")."""
    effective = sheet.effective()
    return effective[-1].seq if effective else None


def tv_context(match: Match, context: dict[str, Any]) -> dict[str, Any]:
    """What the TV shows beyond the sheet: every player's total (each game's own measure:
    heads, lives, points, the cells still to mark) and who leads now (or won). In seat order
    while the match is played; once it is over, in the players' places, each place said, as
    the room wants to read the result from the sofa."""
    sheet = context["sheet"]
    figures, caption = context["seam"].tv_totals(sheet)
    leaders = context["seam"].leaders(sheet) if match.is_open else list(match.winners or [])
    totals = [
        {"name": name, "total": "–" if figures[i] is None else figures[i], "leads": i in leaders}
        for i, name in enumerate(sheet.players)
    ]
    if match.status == "finished":
        totals = in_places(match, sheet, totals)
    return {"totals": totals, "leaders": leaders, "caption": caption}


def in_places(match: Match, sheet: Sheet, totals: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The TV's totals of a finished match, first place first (ties in seat order), each with
    its place in words ("2nd (tied)")."""
    places = ranked(match.game, match.winners, len(totals), sheet.state)
    for row, (place, shared) in zip(totals, places, strict=True):
        row["place"] = place_label(place, shared)
    order = sorted(range(len(totals)), key=lambda seat: places[seat][0])
    return [totals[seat] for seat in order]
