"""A group as a spreadsheet: one row per player per match, places shared on ties.

The places are the group page's (winners first, then each game's own order), so the file and the
page never disagree; a team game puts everyone first and counts no one as a winner.

The file is written for the spreadsheet program of the person who asks for it: headings, game
names, statuses and yes/no in the request's language, the separator that language's spreadsheets
expect, and the time in the person's own zone, written as their spreadsheet reads a date.
"""

from __future__ import annotations

import csv
import io
import re
from datetime import UTC, datetime, tzinfo
from typing import Any

from babel import Locale, dates, numbers

from ..extensions import db
from ..i18n import get_locale
from ..i18n import gettext as _
from ..labels import seam_title, status_label
from ..models import Group, Match
from ..rules import get as rules_for
from ..stats.places import places, seam_of
from ..stats.replays import Finished, final_states, load

FORMULA_STARTS = ("=", "+", "-", "@")
"""A text cell starting with one of these is a formula to a spreadsheet program."""


def headings() -> list[str]:
    """The first row, in the request's language."""
    return [
        _("Date"),
        _("Game"),
        _("Match"),
        _("Status"),
        _("Player"),
        _("Seat"),
        _("Result"),
        _("Place"),
        _("Winner"),
    ]


def cell(value: object) -> object:
    """``value`` safe for a spreadsheet: text that would run as a formula is quoted."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def separator(locale: Locale) -> str:
    """The field separator ``locale``'s spreadsheets split a CSV file on when it is opened as it
    is: a semicolon where the comma is the decimal mark (Italian, German), else a comma. With the
    other one, Excel and LibreOffice put each whole line in the first column."""
    return ";" if numbers.get_decimal_symbol(locale) == "," else ","


def moment_pattern(locale: Locale) -> str:
    """``locale``'s short date with the full year, a space and its short time ("28.11.2026 18:05",
    "11/28/2026 6:05 PM"): the form its spreadsheets read as a date and time, so the column sorts
    and computes as one. Babel's own joined form puts a comma between the two, which they do not
    read; the year in full leaves no doubt about the century."""
    day = re.sub(r"y+", "yyyy", locale.date_formats["short"].pattern)
    return f"{day} {locale.time_formats['short'].pattern}"


def local_moment(value: datetime | None, zone: tzinfo, locale: Locale) -> str:
    """``value`` (UTC; SQLite hands back naive values) in ``zone``, as ``locale`` writes it. Some
    languages put a narrow no-break space before AM/PM, which spreadsheets do not read as one."""
    if value is None:
        return ""
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    text = dates.format_datetime(value, moment_pattern(locale), tzinfo=zone, locale=locale)
    return str(text).replace("\u202f", " ").replace("\xa0", " ")


def match_rows(
    match: Finished, number: int, status: str, state: Any, when: str
) -> list[list[object]]:
    """The rows of one match: result from the replayed log, place and whether the seat won.

    ``number`` counts the group's matches from the oldest, as the group page's charts do: a
    reference for sorting and for pointing at one match, which the installation's own ids are not.
    """
    team = seam_of(match.game).cooperative
    standings = rules_for(match.game).standings(state) if state is not None else None
    ranks = places(match, state) if status == "finished" and state is not None else None
    game, said, yes, no = cell(seam_title(match.game)), status_label(status), _("Yes"), _("No")
    return [
        [
            when,
            game,
            number,
            said,
            cell(seat.name),
            seat.position + 1,
            standings[seat.position] if standings is not None else "",
            (1 if team else ranks[seat.position][0]) if ranks is not None else "",
            yes if seat.position in match.winners and not team else no,
        ]
        for seat in match.seats
    ]


def export_csv(group: Group, zone: tzinfo) -> str:
    """The CSV text for ``group`` (deleted matches left out), oldest match first, with times in
    ``zone`` and words in the request's language.

    Uses the statistics' bulk loaders: a few queries for the whole group, and no historic state
    pushed into the live tables' snapshot cache.
    """
    locale = get_locale() or Locale.parse("en")
    query = (
        db.select(Match)
        .filter(Match.group_id == group.id, Match.deleted_at.is_(None))
        .order_by(Match.created_at, Match.id)
    )
    matches = load(query)
    statuses = dict(db.session.execute(query.with_only_columns(Match.id, Match.status)).all())
    states = final_states(matches)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=separator(locale), lineterminator="\r\n")
    writer.writerow(headings())
    for number, match in enumerate(matches, start=1):
        when = local_moment(match.finished_at or match.created_at, zone, locale)
        status = statuses[match.id]
        writer.writerows(match_rows(match, number, status, states.get(match.id), when))
    return out.getvalue()
