"""Group histories for the archive tests: every game, finished, ongoing, host-ended, abandoned,
with undos, built through the same ``sheet.append`` the web pages use."""

from __future__ import annotations

import importlib
import json
import random
from typing import Any

from flask import Flask

from companion import rules
from companion.extensions import db
from companion.games import seam_for
from companion.models import Device, Group, Match, Membership, Player, Seat, utcnow
from companion.results import settle
from companion.sheet import UNDO, append, replay

NAMES = ["Ann", "Bob", "Cy", "Dee", "Éva", "Fritz", "Gio", "Hal", "Ida", "Jo"]
MAX_MOVES = 300


def playout(slug: str) -> Any:
    """The random-move module of the rules tests for ``slug``."""
    return importlib.import_module(f"tests.rules.playout_{slug}")


def seat_players(group: Group, match: Match, count: int, shift: int) -> None:
    """Seat ``count`` players of the group, starting at a different name each match."""
    names = [NAMES[(shift + i) % len(NAMES)] for i in range(count)]
    for position, name in enumerate(names):
        player = db.session.execute(
            db.select(Player).filter_by(group_id=group.id, key=name.casefold())
        ).scalar_one_or_none()
        if player is None:
            player = Player(group_id=group.id, name=name, key=name.casefold())
            db.session.add(player)
            db.session.flush()
        db.session.add(Seat(match_id=match.id, player_id=player.id, position=position))


def play(match: Match, rng: random.Random, moves: int, undo_every: int) -> None:
    """Append up to ``moves`` random legal moves, undoing the newest now and then."""
    module = playout(match.game)
    game = rules.get(match.game)
    for step in range(moves):
        sheet = replay(match)
        move = module.random_move(game, sheet.state, rng)
        if move is None:
            return
        written = append(
            match, move, version=match.version, idem_key=None, seat=step % len(match.seats),
            device=None,
        )  # fmt: skip
        assert written.ok, written.error
        if undo_every and step % undo_every == undo_every - 1 and match.is_open:
            append(
                match, UNDO, version=match.version, idem_key=None, seat=None, device=None,
                undoes=written.entry.seq if written.entry else None,
            )  # fmt: skip


def add_match(group: Group, slug: str, k: int, device: str | None, ending: str) -> Match:
    """One match of ``slug``: played out, left ongoing, ended by the host or abandoned."""
    module = playout(slug)
    rng = random.Random(f"{slug}-{k}")
    match = Match(
        group_id=group.id, game=slug, options=module.OPTIONS[k % len(module.OPTIONS)],
        seed=rng.randrange(2**31), status="playing", code=None, host_device_id=device,
    )  # fmt: skip
    db.session.add(match)
    db.session.flush()
    seat_players(group, match, module.PLAYER_COUNTS[k % len(module.PLAYER_COUNTS)], k)
    if device is not None:
        db.session.add(Membership(match_id=match.id, device_id=device))
    db.session.commit()
    moves = MAX_MOVES if ending == "played" else 3
    play(match, rng, moves, undo_every=4)
    if ending == "host" and match.is_open:
        match.status = "finished"
        match.winners = seam_for(slug).leaders(replay(match))
        match.finished_at = utcnow()
        settle(match, replay(match).state)
    elif ending == "abandoned" and match.is_open:
        match.status, match.finished_at = "abandoned", utcnow()
    db.session.commit()
    return match


def build_history(app: Flask, device: str | None = None, name: str = "Thursday club") -> int:
    """A group with matches of every game in every way a match can end; returns its id."""
    with app.app_context():
        if device is not None and db.session.get(Device, device) is None:
            db.session.add(Device(id=device))
        group = Group(name=name)
        db.session.add(group)
        db.session.commit()
        for slug in sorted(rules.REGISTRY):
            for k, ending in enumerate(("played", "played", "ongoing", "host", "abandoned")):
                add_match(group, slug, k, device, ending)
        return group.id


def build_small(app: Flask, device: str | None = None) -> int:
    """A quick group: one short match of every game, some finished; returns its id."""
    with app.app_context():
        if device is not None and db.session.get(Device, device) is None:
            db.session.add(Device(id=device))
        group = Group(name="Quick")
        db.session.add(group)
        db.session.commit()
        add_match(group, "sixnimmt", 4, device, "played")
        for slug in ("nuota", "pirsch", "thegame", "bloccato"):
            add_match(group, slug, 0, device, "host")
        return group.id


def export_text(app: Flask, group_id: int) -> str:
    """The group's export as JSON text."""
    from companion.archive import export_group

    with app.app_context():
        group = db.session.get(Group, group_id)
        assert group is not None
        return json.dumps(export_group(group), ensure_ascii=False)
