"""Writes docs/bgstats.md's samples: one real match of each game, played through the log on a
fresh database, then turned into its BG Stats play. Run ``python -m tests.web.bgstats_samples``
and paste its output into docs/bgstats.md (a test checks the samples there)."""

from __future__ import annotations

import json
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from companion.bgstats import play_of
from companion.extensions import db
from companion.models import Group, Match
from companion.sheet import replay

from ..conftest import make_app
from .history_helpers import add_match, bloccato_win
from .test_stats import HUNTS, NUOTA, TRACKED

START = datetime(2026, 11, 20, 20, 30, tzinfo=UTC)


def main() -> None:
    """Print one sample per game."""
    with tempfile.TemporaryDirectory() as tmp:
        app = make_app(Path(tmp))
        with app.app_context():
            group = Group(name="Venerdì sera")
            db.session.add(group)
            db.session.commit()
            group_id = group.id
        names = ["Ann", "Bob", "Cy"]
        bloccato_options, bloccato_moves = bloccato_win(1)
        even = {"bear": 3, "wolf": 3, "boar": 3, "mouflon": 3}
        heads = [{"type": "round", "heads": [12, 30, 5]}, {"type": "round", "heads": [8, 40, 9]}]
        hunt = [*HUNTS, {"type": "final", "cards": [even] * 3}]
        matches = [
            add_match(app, group_id, "sixnimmt", names, heads),
            add_match(app, group_id, "nuota", names, NUOTA),
            add_match(app, group_id, "pirsch", names, hunt),
            add_match(app, group_id, "thegame", ["Ann", "Bob"], TRACKED),
            add_match(app, group_id, "bloccato", ["Ann", "Bob"], bloccato_moves, bloccato_options),
        ]  # fmt: skip
        with app.test_request_context():
            for number, match_id in enumerate(matches):
                match = db.session.get(Match, match_id)
                assert match is not None
                match.created_at = START + timedelta(minutes=50 * number)
                match.finished_at = match.created_at + timedelta(minutes=35)
                play = play_of(match, replay(match).state)
                print(json.dumps(play, ensure_ascii=False, indent=2))
                print()


if __name__ == "__main__":
    main()
