"""The figures kept per player and game equal a full recount after any sequence of changes.

Random sequences of what changes a history, each through the app as a phone does it: matches
ending (in any order, by their last round or by the host's "end now"), an undo of the round that
ended a match, deleting and restoring, merging two players, importing a group's export; after
every step the kept rows must be exactly what :func:`companion.stats.kept.rebuild` counts.
"""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select

from companion import rules as rules_registry
from companion.extensions import db
from companion.models import Match, Player
from companion.stats import kept

from ..conftest import Phone
from .archive_builders import export_text
from .helpers import device_of, group_of, match_row, parse, undo

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
ACTIONS = ["new", "new", "round", "round", "round", "undo", "end", "delete", "merge"]
"""What a step may do, as often as it appears (a match needs rounds before it can end)."""


def kept_rows(app: Flask) -> list[tuple[Any, ...]]:
    """Every kept row, in a fixed order."""
    with app.app_context():
        rows = db.session.execute(select(*kept.TABLE.c)).all()
        return sorted(tuple(row) for row in rows)


def comparable(row: tuple[Any, ...]) -> tuple[Any, ...]:
    """A kept row from its game to its best result, and its tallies as text so that rows sort
    (the player's and the last match's ids and time are another database's own)."""
    return (*row[1:10], json.dumps(row[12], sort_keys=True))


def recounted(app: Flask) -> list[tuple[Any, ...]]:
    """What a full recount gives, rolled back afterwards."""
    with app.app_context():
        connection = db.session.connection()
        kept.rebuild(connection)
        rows = sorted(tuple(row) for row in connection.execute(select(*kept.TABLE.c)).all())
        db.session.rollback()
        return rows


class History:
    """A group played by one phone that hosts every match, changed at random."""

    def __init__(self, phone: Phone, rng: random.Random) -> None:
        self.phone, self.rng = phone, rng
        first = self.start()
        self.group_id = group_of(phone.app, first)
        self.matches = [first]
        self.rounds = {first: 0}

    def start(self, group: str = "new") -> int:
        names = self.rng.sample(NAMES, self.rng.randint(2, 4))
        return self.phone.new_match(names, end="rounds", rounds="2", group=group)

    def status(self, match_id: int) -> dict[str, Any]:
        return match_row(self.phone.app, match_id)

    def enter(self, match_id: int) -> None:
        """One round, heads at random (ties included)."""
        seats = len(self.status_names(match_id))
        heads = [self.rng.randint(0, 4) for _ in range(seats)]
        assert self.phone.enter_heads(match_id, heads).status_code in (200, 303)
        self.rounds[match_id] += 1

    def status_names(self, match_id: int) -> list[str]:
        with self.phone.app.app_context():
            match = db.session.get(Match, match_id)
            assert match is not None
            return [seat.player.name for seat in match.seats]

    def step(self) -> str:
        """One change at random; returns its name (for the failure message)."""
        phone, rng = self.phone, self.rng
        match_id = rng.choice(self.matches)
        row = self.status(match_id)
        action = rng.choice(
            ["new", "new", "round", "round", "round", "undo", "end", "delete", "merge"]
        )
        live = not row["deleted_at"]
        if not self.member():
            action = "delete"  # everything deleted: bring one back
        if action == "new":
            match_id = self.start(str(self.group_id))
            self.matches.append(match_id)
            self.rounds[match_id] = 0
            self.enter(match_id)
        elif action == "round" and row["status"] == "playing" and live:
            self.enter(match_id)
        elif action == "undo" and row["status"] == "finished" and live and self.rounds[match_id]:
            assert undo(phone, match_id, self.last_seq(match_id)).status_code in (200, 303)
            self.rounds[match_id] -= 1
        elif action == "end" and row["status"] == "playing" and live and self.rounds[match_id]:
            assert phone.post(f"/m/{match_id}/host/end", {}).status_code in (200, 303)
        elif action == "delete":
            verb = "restore" if row["deleted_at"] else "delete"
            phone.post(f"/m/{match_id}/{verb}", {})
        elif action == "merge":
            self.merge()
        return f"{action} {match_id}"

    def member(self) -> bool:
        """Whether the phone still sees the group (a match of it not deleted)."""
        return any(not self.status(m)["deleted_at"] for m in self.matches)

    def last_seq(self, match_id: int) -> int:
        html = self.phone.get(f"/m/{match_id}").get_data(as_text=True)
        seqs = [int(s) for s in re.findall(rf"/m/{match_id}/undo/(\d+)", html)]
        return max(seqs)

    def merge(self) -> None:
        """Merge two players of the group (refused when they shared a table: fine too)."""
        with self.phone.app.app_context():
            ids = list(
                db.session.execute(
                    select(Player.id).filter_by(group_id=self.group_id).order_by(Player.id)
                ).scalars()
            )
        if len(ids) < 2:
            return
        keep, gone = self.rng.sample(ids, 2)
        data = {"merge-keep": str(keep), "merge-gone": str(gone), "merge-confirm": "1"}
        self.phone.post(f"/g/{self.group_id}/players/merge", data, hx=True)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_kept_figures_equal_a_recount_after_random_changes(phone: Phone, seed: int) -> None:
    history = History(phone, random.Random(seed))
    done, peak = [], 0
    for _ in range(50):
        done.append(history.step())
        rows = kept_rows(phone.app)
        assert rows == recounted(phone.app), done
        peak = max(peak, sum(row[3] for row in rows))
    assert peak >= 4, "matches were counted"
    assert any(name.startswith(("undo", "end", "delete")) for name in done)


def test_an_imported_group_is_counted_as_it_arrives(app: Flask, phone: Phone) -> None:
    history = History(phone, random.Random(7))
    for _ in range(25):
        history.step()
    data = json.loads(export_text(app, history.group_id))
    data["group"]["name"] = "Elsewhere"
    for match in data["matches"]:
        match["uid"] = None
    phone.get("/")
    response = phone.post(
        "/g/import",
        {"file": (io.BytesIO(json.dumps(data).encode()), "export.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code in (200, 303), response.get_data(as_text=True)[:500]
    assert kept_rows(app) == recounted(app)
    with app.app_context():
        groups = set(db.session.execute(select(kept.TABLE.c.group_id)).scalars())
    assert len(groups) == 2, "the imported group has rows of its own"


def test_the_game_figures_cover_every_match_without_a_replay(
    app: Flask, phone: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Counts, results and the game's own figures (here the average heads per round) all come
    from the kept rows and cover every match: the page replays no log and lists only the
    latest RECENT matches."""
    from companion.stats import player as player_stats

    from .history_helpers import add_match, figures, player_id

    monkeypatch.setattr(player_stats, "RECENT", 2)
    first = phone.new_match(["Ann", "Bob"])
    group_id = group_of(app, first)
    device = device_of(phone)
    for heads in ([70, 10], [2, 80], [4, 90]):  # Ann: 70, then 2 and 4 heads
        add_match(app, group_id, "sixnimmt", ["Ann", "Bob"], [{"type": "round", "heads": heads}],
                  device=device)  # fmt: skip
    ann = player_id(app, group_id, "Ann")

    def no_replay(*args: object, **kwargs: object) -> None:
        raise AssertionError("the player page replayed a log")

    monkeypatch.setattr(rules_registry, "get", no_replay)
    html = phone.get(f"/g/{group_id}/p/{ann}").get_data(as_text=True)
    shown = figures(html, "sixnimmt")
    assert shown["Played"] == "3" and shown["Won"] == "2"
    assert shown["Average result"] == "25.3" and shown["Best result (lowest)"] == "2"
    assert shown["Average heads per round"] == "25.3", "every match, not the latest two"
    section = parse(html).by_id("game-sixnimmt")
    assert section is not None
    assert len(section.find_all("li")) == 2, "the latest RECENT matches are listed"
    assert "figures count the latest" not in section.text()


def test_an_undo_after_the_end_that_only_changes_tallies_is_counted_again(
    app: Flask, phone: Phone
) -> None:
    """Undoing an early round of a finished match can leave it finished with the same results,
    places and winners (here 70 heads end it either way) and change only the tallies."""
    from .history_helpers import figures, player_id

    match_id = phone.new_match(["Ann", "Bob"])
    phone.claim(match_id, 0)
    group_id = group_of(app, match_id)
    phone.enter_heads(match_id, [0, 1])
    phone.enter_heads(match_id, [70, 5])
    assert match_row(app, match_id)["status"] == "finished"
    ann = player_id(app, group_id, "Ann")
    page = phone.get(f"/g/{group_id}/p/{ann}").get_data(as_text=True)
    assert figures(page, "sixnimmt")["Average heads per round"] == "35.0"
    answer = undo(phone, match_id, 1)
    assert answer.status_code in (200, 303)
    assert match_row(app, match_id)["status"] == "finished"
    assert kept_rows(app) == recounted(app)
    page = phone.get(f"/g/{group_id}/p/{ann}").get_data(as_text=True)
    assert figures(page, "sixnimmt")["Average heads per round"] == "70.0"


def test_a_json_restore_counts_what_the_backup_held(tmp_path: Path) -> None:
    """Restoring a JSON backup into an empty database gives the same figures, counted once."""
    from companion.backup import export_all, restore_json

    from ..conftest import make_app

    app = make_app(tmp_path)
    history = History(Phone(app), random.Random(5))
    for _ in range(30):
        history.step()
    with app.app_context():
        document = json.dumps(export_all())
    before = [comparable(row) for row in kept_rows(app)]
    assert before, "something to restore"
    (tmp_path / "fresh").mkdir()
    fresh = make_app(tmp_path / "fresh")
    with fresh.app_context():
        restore_json(document.encode())
    assert kept_rows(fresh) == recounted(fresh)
    assert sorted(comparable(row) for row in kept_rows(fresh)) == sorted(before)
