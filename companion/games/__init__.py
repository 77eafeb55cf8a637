"""The web seam of each game: its forms, how a form becomes a move, and what its templates show.

Only games with a seam here can be started from the app; the rules registry may know more.
"""

from __future__ import annotations

from .base import EntryKind, Seam
from .bloccato import SEAM as BLOCCATO
from .nuota import SEAM as NUOTA
from .pirsch import SEAM as PIRSCH
from .sixnimmt import SEAM as SIXNIMMT
from .thegame import SEAM as THEGAME

SEAMS: dict[str, Seam] = {seam.slug: seam for seam in (SIXNIMMT, THEGAME, PIRSCH, BLOCCATO, NUOTA)}


def seam_for(slug: str) -> Seam:
    """The seam of a game the app can play; KeyError otherwise."""
    return SEAMS[slug]


__all__ = ["SEAMS", "EntryKind", "Seam", "seam_for"]
