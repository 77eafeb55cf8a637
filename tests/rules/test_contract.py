"""The contract every game in the registry keeps: random legal playouts end, states round-trip
through JSON, ``apply`` never mutates its input, and the registry answers unknown slugs clearly."""

from __future__ import annotations

import copy
import importlib
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import rules
from companion.rules import IllegalMove, Outcome

MAX_MOVES = 2000
SLUGS = sorted(rules.REGISTRY)


def playout_module(slug: str) -> Any:
    """The test-side random legal move generator of a game."""
    return importlib.import_module(f"tests.rules.playout_{slug}")


def test_every_registered_game_has_a_playout_generator() -> None:
    for slug in SLUGS:
        module = playout_module(slug)
        assert callable(module.random_move)
        assert module.PLAYER_COUNTS and module.OPTIONS


def test_registry_names_the_known_games_for_an_unknown_slug() -> None:
    with pytest.raises(KeyError, match="known games"):
        rules.get("chess")


@pytest.mark.parametrize("slug", SLUGS)
def test_info_matches_the_slug_and_player_range(slug: str) -> None:
    info = rules.get(slug).info
    assert info.slug == slug
    assert 1 <= info.min_players <= info.max_players
    assert info.name


@pytest.mark.parametrize("slug", SLUGS)
def test_too_few_and_too_many_players_are_refused(slug: str) -> None:
    game = rules.get(slug)
    with pytest.raises(IllegalMove):
        game.setup([f"P{i}" for i in range(game.info.max_players + 1)], {}, 0)
    if game.info.min_players > 1:
        with pytest.raises(IllegalMove):
            game.setup(["Solo"], {}, 0)


def play_out(slug: str, players: int, options: dict[str, Any], seed: int) -> bool:
    """Play one random legal game, checking the contract after every move.

    Returns False when the rules refuse this player count with these options (e.g. the
    professional variant of 6 nimmt! with 10 players), which is their right.
    """
    game = rules.get(slug)
    module = playout_module(slug)
    rng = random.Random(seed)
    try:
        state = game.setup([f"Player {i}" for i in range(players)], options, seed)
    except IllegalMove:
        return False
    for _ in range(MAX_MOVES):
        if game.outcome(state) is not None:
            break
        move = module.random_move(game, state, rng)
        assert move is not None, "a game that has not ended must offer a legal move"
        before = copy.deepcopy(game.to_dict(state))
        move_before = copy.deepcopy(move)
        after = game.apply(state, move)
        assert game.to_dict(state) == before, "apply mutated its input state"
        assert move == move_before, "apply mutated the move"
        data = json.loads(json.dumps(game.to_dict(after)))
        assert game.from_dict(data) == after, "state did not round-trip through JSON"
        standings = game.standings(after)
        assert len(standings) == players and all(isinstance(v, int) for v in standings)
        state = after
    outcome = game.outcome(state)
    assert isinstance(outcome, Outcome), f"{slug} did not end within {MAX_MOVES} moves"
    assert all(0 <= seat < players for seat in outcome.winners)
    assert isinstance(outcome.reason, str) and outcome.reason
    with pytest.raises(IllegalMove):
        game.apply(state, module.random_move(game, state, rng) or {"type": "anything"})
    return True


@pytest.mark.parametrize("slug", SLUGS)
def test_random_legal_playouts_keep_the_contract(slug: str) -> None:
    module = playout_module(slug)
    played = [
        play_out(slug, players, options, seed=players * 100 + index)
        for players in module.PLAYER_COUNTS
        for index, options in enumerate(module.OPTIONS)
    ]
    assert sum(played) >= len(module.PLAYER_COUNTS), "too few valid setups were played"


def accepted_setups(slug: str) -> list[tuple[int, dict[str, Any]]]:
    """The player counts and options of the playout generator that the rules accept."""
    module = playout_module(slug)
    game = rules.get(slug)
    accepted = []
    for players in module.PLAYER_COUNTS:
        for options in module.OPTIONS:
            try:
                game.setup([f"Player {i}" for i in range(players)], options, 0)
            except IllegalMove:
                continue
            accepted.append((players, options))
    return accepted


@pytest.mark.parametrize("slug", SLUGS)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31 - 1), pick=st.integers(min_value=0))
def test_playouts_hold_for_any_seed(slug: str, seed: int, pick: int) -> None:
    setups = accepted_setups(slug)
    assert setups, f"{slug}: the rules refuse every setup of its playout generator"
    players, options = setups[pick % len(setups)]
    assert play_out(slug, players, options, seed), "an accepted setup must be played out"


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize(
    "junk",
    [None, 7, "round", [], {}, {"type": None}, {"type": "no-such-move"}, {"type": 3}],
)
def test_junk_moves_are_refused_with_a_reason(slug: str, junk: Any) -> None:
    game = rules.get(slug)
    state = game.setup([f"P{i}" for i in range(max(game.info.min_players, 2))], {}, 1)
    with pytest.raises(IllegalMove) as refused:
        game.apply(state, junk)
    assert refused.value.reason


WEB_OR_DATABASE = ("flask", "sqlalchemy", "wtforms", "flask_wtf", "flask_babel",
                   "flask_sqlalchemy", "werkzeug", "jinja2")  # fmt: skip


def test_rules_package_imports_no_web_or_database_code() -> None:
    """Every module under companion.rules, each game's package included, imports in a fresh
    interpreter without pulling in the web framework or the database layer."""
    import subprocess
    import sys

    code = (
        "import sys, pkgutil, importlib, companion.rules as r\n"
        "for info in pkgutil.walk_packages(r.__path__, 'companion.rules.'):\n"
        "    importlib.import_module(info.name)\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {WEB_OR_DATABASE!r})\n"
        "games = sorted(m for m in sys.modules if m.startswith('companion.rules.'))\n"
        "print(len(games), ','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    modules, _space, bad = result.stdout.strip().partition(" ")
    assert int(modules) >= 2 * len(SLUGS), "the walk found too few rules modules to mean much"
    assert bad == "", f"companion.rules pulled in: {bad}"
