"""The rules of every game, behind one registry: ``rules.get(slug)``.

Pure Python on purpose: nothing here imports the web framework or the database.
"""

from __future__ import annotations

from typing import Any

from .base import GameInfo, IllegalMove, Move, Outcome, Rules, Termination
from .bloccato import RULES as BLOCCATO
from .nuota import RULES as NUOTA
from .pirsch import RULES as PIRSCH
from .sixnimmt import RULES as SIXNIMMT
from .thegame import RULES as THEGAME

REGISTRY: dict[str, Rules[Any]] = {
    rules.info.slug: rules for rules in (NUOTA, SIXNIMMT, PIRSCH, THEGAME, BLOCCATO)
}


def get(slug: str) -> Rules[Any]:
    """The rules of the game ``slug``; KeyError naming the known games otherwise."""
    try:
        return REGISTRY[slug]
    except KeyError:
        known = ", ".join(sorted(REGISTRY))
        raise KeyError(f"Unknown game {slug!r}; known games: {known}") from None


__all__ = [
    "REGISTRY",
    "GameInfo",
    "IllegalMove",
    "Move",
    "Outcome",
    "Rules",
    "Termination",
    "get",
]
