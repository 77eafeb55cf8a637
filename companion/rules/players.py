"""Checks on the list of players that every game shares."""

from __future__ import annotations

from collections.abc import Sequence

from .base import N_, GameInfo, require

MAX_NAME = 40


def check_players(players: Sequence[str], info: GameInfo) -> tuple[str, ...]:
    """Return the cleaned names, refusing a wrong count, empty, over-long or repeated names."""
    require(
        isinstance(players, Sequence) and not isinstance(players, str),
        N_("Give the players as a list of names."),
    )
    require(all(isinstance(name, str) for name in players), N_("Every player needs a name."))
    names = tuple(" ".join(name.split()) for name in players)
    if info.min_players == info.max_players:
        require(
            len(names) == info.min_players,
            N_("%(game)s is for exactly %(count)d players."),
            game=info.name,
            count=info.min_players,
        )
    require(
        info.min_players <= len(names) <= info.max_players,
        N_("%(game)s is for %(low)d to %(high)d players."),
        game=info.name,
        low=info.min_players,
        high=info.max_players,
    )
    require(all(names), N_("Every player needs a name."))
    require(
        all(len(name) <= MAX_NAME for name in names),
        N_("Names can be at most %(most)d characters."),
        most=MAX_NAME,
    )
    folded = [name.casefold() for name in names]
    require(len(set(folded)) == len(folded), N_("Two players have the same name."))
    return names
