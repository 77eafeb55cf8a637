"""The remembered match state (companion.snapshot) always equals a fresh replay of the log.

Random legal playouts of every game are written through ``sheet.append`` (moves, undos of random
entries, refused moves, version bumps from outside the log), and after every step the state the
app uses is compared with one folded from scratch straight from the stored entries. Now and then
the worker is made to remember an older version instead (as a worker that last served this
match a few writes ago), so the state is carried on from there over several entries at once,
undos among them.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from companion import rules
from companion.caches import Kept
from companion.extensions import db
from companion.models import Entry, Group, Match, Player, Seat
from companion.sheet import append, replay, touch
from companion.snapshot import Folded, identity_of, snapshots

from ..conftest import make_app

SLUGS = sorted(rules.REGISTRY)
STEPS = 25


def new_match(slug: str, players: int, options: dict[str, Any], seed: int) -> Match:
    """A match stored the way the new-match page stores one."""
    group = Group(name="Snapshot table")
    db.session.add(group)
    db.session.flush()
    match = Match(group_id=group.id, game=slug, options=options, seed=seed, status="playing")
    db.session.add(match)
    db.session.flush()
    for position in range(players):
        player = Player(group_id=group.id, name=f"P{position}", key=f"p{position}")
        db.session.add(player)
        db.session.flush()
        db.session.add(Seat(match_id=match.id, player_id=player.id, position=position))
    db.session.commit()
    return match


def fresh_state(match: Match) -> Any:
    """The oracle: setup and every effective entry applied, without the app's replay or cache."""
    game = rules.get(match.game)
    stored = db.session.execute(
        db.select(Entry).filter_by(match_id=match.id).order_by(Entry.seq)
    ).scalars()
    entries = list(stored)
    undone = {e.undoes for e in entries if e.undoes is not None}
    names = [seat.player.name for seat in match.seats]
    state = game.setup(names, match.options, match.seed)
    for entry in entries:
        if entry.undoes is None and entry.seq not in undone:
            state = game.apply(state, entry.move)
    return game.to_dict(state)


def step(match: Match, rng: random.Random, playout: Any) -> None:
    """One thing a table does: a legal move, an undo of a random entry, or a seat change."""
    current = replay(match)
    roll = rng.random()
    if roll < 0.2 and current.entries:
        target = rng.choice(current.entries).seq
        append(match, {}, version=match.version, idem_key=None, seat=0, device=None, undoes=target)
    elif roll < 0.25:
        touch(match)
        db.session.commit()
    else:
        move = playout.random_move(current.rules, current.state, rng)
        if move is not None:
            written = append(match, move, version=match.version, idem_key=None, seat=0, device=None)
            assert written.ok, written.error


@pytest.mark.parametrize("slug", SLUGS)
@settings(
    max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(min_value=0, max_value=2**31 - 1), pick=st.integers(min_value=0))
def test_cached_state_equals_a_fresh_replay_at_every_step(
    app: Flask, slug: str, seed: int, pick: int
) -> None:
    playout = importlib.import_module(f"tests.rules.playout_{slug}")
    players = playout.PLAYER_COUNTS[pick % len(playout.PLAYER_COUNTS)]
    options = playout.OPTIONS[(pick // 7) % len(playout.OPTIONS)]
    try:
        rules.get(slug).setup([f"P{i}" for i in range(players)], options, seed)
    except rules.IllegalMove:
        assume(False)
    rng = random.Random(seed)
    with app.app_context():
        match = new_match(slug, players, options, seed)
        cache = snapshots()
        seen: list[Folded] = []
        for _ in range(STEPS):
            step(match, rng, playout)
            db.session.refresh(match)
            identity = identity_of(match, [seat.player.name for seat in match.seats])
            if seen and rng.random() < 0.3:
                cache.put(identity, rng.choice(seen))  # a worker that saw an older version
            first = replay(match)
            seen.append(cache.get(identity))
            again = replay(match)
            assert again.state is first.state, "a second look at the same version is remembered"
            assert first.rules.to_dict(first.state) == fresh_state(match)
        assert cache.hits > 0


def test_a_newer_entry_than_the_match_version_is_not_folded_in(app: Flask) -> None:
    with app.app_context():
        match = new_match("sixnimmt", 3, {}, 7)
        append(match, {"type": "round", "heads": [1, 2, 3]}, version=1, idem_key=None, seat=0,
               device=None)  # fmt: skip
        db.session.refresh(match)
        seen = match.version
        append(match, {"type": "round", "heads": [4, 5, 6]}, version=seen, idem_key=None, seat=0,
               device=None)  # fmt: skip
        db.session.refresh(match)
        newest = replay(match)
        match.version = seen  # as a request that read the match just before the second write
        older = replay(match)
        assert older.rules.standings(older.state) == [1, 2, 3]
        assert newest.rules.standings(newest.state) == [5, 7, 9]
        db.session.rollback()


def test_each_app_has_its_own_cache_so_a_reused_id_never_finds_another_log(tmp_path: Any) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = make_app(tmp_path / "a")
    second = make_app(tmp_path / "b")
    for app, heads in ((first, [1, 1]), (second, [9, 0])):
        with app.app_context():
            match = new_match("sixnimmt", 2, {}, 1)
            append(match, {"type": "round", "heads": heads}, version=1, idem_key=None, seat=0,
                   device=None)  # fmt: skip
            db.session.refresh(match)
            sheet = replay(match)
            assert sheet.rules.standings(sheet.state) == heads
    assert snapshots(first) is not snapshots(second)


def test_a_renamed_player_is_a_different_key(app: Flask) -> None:
    with app.app_context():
        match = new_match("sixnimmt", 2, {}, 1)
        before = replay(match)
        match.seats[0].player.name = "Renamed"
        after = replay(match)
        assert after.state is not before.state
        assert after.players[0] == "Renamed"
        db.session.rollback()


def test_the_cache_forgets_the_least_recently_used_state() -> None:
    cache = Kept(size=2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1
    cache.put("c", 3)
    assert cache.get("b") is None
    assert cache.get("a") == 1 and cache.get("c") == 3
