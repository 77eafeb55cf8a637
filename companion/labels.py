"""A game's name and a match's status in words, for the pages and for the CSV export alike."""

from __future__ import annotations

from .games import SEAMS
from .i18n import gettext as _


def seam_title(slug: str) -> str:
    """A game's name from its slug."""
    seam = SEAMS.get(slug)
    return seam.title() if seam else slug


def status_label(status: str) -> str:
    """A match status in words."""
    labels = {
        "lobby": _("waiting"),
        "playing": _("playing"),
        "finished": _("finished"),
        "abandoned": _("abandoned"),
        "no_result": _("no result"),
    }
    return labels.get(status, status)
