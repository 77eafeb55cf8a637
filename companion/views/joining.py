"""What a join code leads a phone to: an open match admits it; an ended match opens only for
the phones that played it, and tells anyone else plainly that it is over.

A match keeps its last code when it ends (it no longer admits anyone), so an old QR code or a
code typed from memory can still be told apart from a mistyped one.
"""

from __future__ import annotations

from .. import join_codes
from ..extensions import db
from ..i18n import gettext as _
from ..models import Match
from ..security import membership


def open_match_by_code(code: str) -> tuple[Match | None, str | None]:
    """The match this code opens for this phone, or why there is none. An ended match comes
    back only to its own phones (they go to its sheet); joining it is never possible."""
    if len(code) != 6:
        return None, _("A code has 6 characters.")
    match = db.session.execute(db.select(Match).filter_by(code=code)).scalar_one_or_none()
    if match is None or match.deleted_at is not None:
        return None, _(
            "No open match has this code. Check it on the host's phone: a code stops working "
            "when the host makes a new one or the match ends."
        )
    if not match.is_open:
        if membership(match) is not None:
            return match, None
        return None, over_message()
    if match.join_locked:
        return None, _("The host has locked joining for this match.")
    if join_codes.expired(match) and membership(match) is None:
        return None, _(
            "This code has expired: nothing has happened at the table for a while. "
            "Ask the host for a new code."
        )
    return match, None


def over_message() -> str:
    """What a phone that did not play an ended match is told when it follows the match's code."""
    return _(
        "This match is over, so it takes no new phones. To play along, ask for the code of "
        "the next match on the host's phone."
    )
