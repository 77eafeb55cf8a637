"""Fixture histories for the statistics tests: matches of any game written through the log."""

from __future__ import annotations

from typing import Any

from flask import Flask

from companion.extensions import db
from companion.models import Match, Membership, Player, Seat
from companion.sheet import append

from .helpers import Node, parse

E = {"bear": 5, "wolf": 4, "boar": 3, "mouflon": 0}
"""A hunt worth 12 footprints × 3 types = 36."""
F = {"bear": 1, "wolf": 1, "boar": 0, "mouflon": 0}
"""A hunt worth 2 × 2 = 4."""
Z = {"bear": 0, "wolf": 0, "boar": 0, "mouflon": 0}
EVEN = {"bear": 3, "wolf": 3, "boar": 3, "mouflon": 3}
"""Round-4 cards spread evenly over three players: 30 points each."""


def player_id(app: Flask, group_id: int, name: str) -> int:
    """The id of a player of the group by name."""
    with app.app_context():
        found = db.session.execute(
            db.select(Player.id).filter_by(group_id=group_id, key=name.casefold())
        ).scalar_one()
        return int(found)


def add_match(
    app: Flask,
    group_id: int,
    game: str,
    names: list[str],
    moves: list[dict[str, Any]],
    options: dict[str, Any] | None = None,
    device: str | None = None,
) -> int:
    """A match of the group with these players, its moves appended through the log (the rules
    check each one and the last one finishes the match); ``device`` joins it as a member."""
    with app.app_context():
        players = []
        for name in names:
            player = db.session.execute(
                db.select(Player).filter_by(group_id=group_id, key=name.casefold())
            ).scalar_one_or_none()
            if player is None:
                player = Player(group_id=group_id, name=name, key=name.casefold())
                db.session.add(player)
                db.session.flush()
            players.append(player)
        match = Match(group_id=group_id, game=game, options=options or {}, status="playing")
        db.session.add(match)
        db.session.flush()
        for position, player in enumerate(players):
            db.session.add(Seat(match_id=match.id, player_id=player.id, position=position))
        if device is not None:
            db.session.add(Membership(device_id=device, match_id=match.id))
        db.session.commit()
        for move in moves:
            written = append(
                match, move, version=match.version, idem_key=None, seat=None, device=None
            )
            assert written.ok, written.error
        return match.id


def bloccato_sheet(seat: int) -> list[str]:
    """A sheet where ``seat`` joins its start cells (1,3) (3,3) (5,3) by marking two 2s."""
    grid = [["12345C"[(row + 2 * col) % 6] for col in range(7)] for row in range(7)]
    mine, theirs = ("X", "O") if seat == 0 else ("O", "X")
    for row, col in ((1, 3), (3, 3), (5, 3)):
        grid[row][col] = mine
    for row, col in ((0, 1), (6, 5), (1, 6)):
        grid[row][col] = theirs
    grid[2][3] = grid[4][3] = "2"
    return ["".join(row) for row in grid]


def bloccato_win(seat: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Options and moves of a game that ``seat`` wins in two turns (the other one passes)."""
    turn = [{"type": "roll", "dice": "22213"}]
    moves = [*turn, {"type": "mark", "cell": [2, 3]}, {"type": "pass"}, *turn,
             {"type": "mark", "cell": [4, 3]}]  # fmt: skip
    return {"sheet": bloccato_sheet(seat), "first": seat}, moves


def figures(html: str, game: str) -> dict[str, str]:
    """The figures (term → value) of one game's section of a player page."""
    section = parse(html).by_id(f"game-{game}")
    out = {}
    for pair in section.find_all("div"):
        term, value = pair.find("dt"), pair.find("dd")
        if term is not None and value is not None:
            out[term.text()] = value.text()
    return out


def recent_places(html: str, game: str) -> list[str]:
    """The places of the latest matches listed in one game's section, newest first."""
    section: Node = parse(html).by_id(f"game-{game}")
    return [node.text() for node in section.find_all("strong", class_="place")]
