"""The history budget: a group's pages cost the same at 10 and at 5,000 finished matches.

Entry point: :func:`history_figures` returns ``[(name, value), ...]``, in this order, for each
size in :data:`SIZES` (10, 1,000 and 5,000 finished matches of one group)::

    history_x_<n>   the group history page, as a multiple of the bare endpoint
    player_x_<n>    a player's page in that group, as a multiple of the bare endpoint

and last ``history_bare_ms``, the bare endpoint in ms (the yardstick of the ratios). The budget
(DESIGN.md) is that ``history_x_5000`` and ``player_x_5000`` stay close to their ``_10``
counterparts: the pages cost what they show, not what the group has played.

Each group is built in a second or two: one 6 nimmt! match is played through the app (so its
log, its stored seat results and the kept figures are the app's own), then copied ``n - 1``
times by bulk inserts, the seats rotating over eight players, the copies ending a minute apart.
The kept per-player figures are then rebuilt once, as the backfill of the migration does.
Times are CPU time of this process, the fastest of several rounds (:func:`.inprocess.fastest`).
"""

from __future__ import annotations

import tempfile
from datetime import timedelta
from pathlib import Path
from typing import Any
from uuid import uuid4

from flask import Flask
from sqlalchemy import insert, select

from companion.extensions import db
from companion.models import Entry, Match, Player, Seat

from ..conftest import Phone, make_app
from .browser import TokenPhone
from .inprocess import add_bare, fastest

SIZES = (10, 1_000, 5_000)
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
BATCH = 1_000


def finished_match(phone: Phone) -> int:
    """A 5-player 6 nimmt! match played to its end (Ann passes 66 heads in the fourth round)."""
    match_id = phone.new_match(NAMES[:5])
    phone.claim(match_id, 0)
    for _ in range(4):
        phone.enter_heads(match_id, [20, 1, 2, 3, 0])
    return match_id


def copy_match(app: Flask, match_id: int, copies: int) -> None:
    """``copies`` finished copies of the match in its group, by bulk inserts of plain rows."""
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None and match.status == "finished", "the template did not finish"
        group_id = match.group_id
        ids = [player_id(group_id, name) for name in NAMES]
        seats = db.session.execute(
            select(Seat.position, Seat.result, Seat.place, Seat.tallies).filter_by(
                match_id=match_id
            )
        ).all()
        entries = db.session.execute(
            select(Entry.seq, Entry.move_json, Entry.undoes, Entry.seat, Entry.version)
            .filter_by(match_id=match_id)
            .order_by(Entry.seq)
        ).all()
        start = match.created_at
        for first in range(0, copies, BATCH):
            count = min(BATCH, copies - first)
            rows = [match_row(match, start, first + k + 1) for k in range(count)]
            new_ids = (
                db.session.execute(
                    insert(Match).returning(Match.id, sort_by_parameter_order=True), rows
                )
                .scalars()
                .all()
            )
            db.session.execute(
                insert(Seat),
                [
                    {
                        "match_id": new,
                        "player_id": ids[(pos + k) % len(ids)],
                        "position": pos,
                        "result": result,
                        "place": place,
                        "tallies": tallies,
                    }  # fmt: skip
                    for k, new in enumerate(new_ids)
                    for pos, result, place, tallies in seats
                ],
            )
            db.session.execute(
                insert(Entry),
                [
                    {
                        "match_id": new,
                        "seq": seq,
                        "move_json": move,
                        "undoes": undoes,
                        "seat": seat,
                        "version": version,
                        "created_at": start,
                    }  # fmt: skip
                    for new in new_ids
                    for seq, move, undoes, seat, version in entries
                ],
            )
        db.session.commit()


def match_row(match: Match, start: Any, k: int) -> dict[str, Any]:
    """The columns of the ``k``-th copy: same game, log and winners, ended ``k`` minutes later."""
    return {
        "uid": uuid4().hex,
        "group_id": match.group_id,
        "game": match.game,
        "options": match.options,
        "seed": match.seed,
        "status": "finished",
        "version": match.version,
        "winners": match.winners,
        "created_at": start + timedelta(minutes=k),
        "finished_at": start + timedelta(minutes=k, seconds=30),
        "active_at": start + timedelta(minutes=k, seconds=30),
    }


def player_id(group_id: int, name: str) -> int:
    """The group's player of that name, added when the template match did not seat them."""
    found = db.session.execute(
        select(Player.id).filter_by(group_id=group_id, key=name.casefold())
    ).scalar_one_or_none()
    if found is None:
        player = Player(group_id=group_id, name=name, key=name.casefold())
        db.session.add(player)
        db.session.flush()
        found = player.id
    return int(found)


def rebuild_figures(app: Flask) -> None:
    """Recount the kept figures after the bulk inserts (which bypass the app's writes)."""
    from companion.stats.kept import rebuild

    with app.app_context():
        rebuild(db.session.connection())
        db.session.commit()


def group_of(tmp: Path, size: int) -> tuple[Flask, Phone, int, int]:
    """An app whose group has ``size`` finished matches; the phone, the group and Bob's id."""
    app = make_app(tmp, WTF_CSRF_ENABLED=True)
    add_bare(app)
    phone = TokenPhone(app)
    match_id = finished_match(phone)
    copy_match(app, match_id, size - 1)
    rebuild_figures(app)
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        return app, phone, match.group_id, player_id(match.group_id, "Bob")


def timed(phone: Phone, group_id: int, player: int) -> dict[str, float]:
    """The fastest CPU time of the bare endpoint, the history page and the player's page."""
    for url in (f"/g/{group_id}", f"/g/{group_id}/p/{player}"):
        assert phone.get(url).status_code == 200, url
    return fastest(
        {
            "bare": (lambda: phone.get("/bench/bare"), 40),
            "history": (lambda: phone.get(f"/g/{group_id}"), 3),
            "player": (lambda: phone.get(f"/g/{group_id}/p/{player}"), 3),
        },
        runs=7,
    )


def history_figures() -> list[tuple[str, float]]:
    """The history and player pages at each size in :data:`SIZES`, as multiples of the bare
    endpoint of the same app; last, the bare endpoint in ms."""
    out: list[tuple[str, float]] = []
    bares = []
    for size in SIZES:
        with tempfile.TemporaryDirectory() as tmp:
            app, phone, group_id, bob = group_of(Path(tmp), size)
            best = timed(phone, group_id, bob)
            out.append((f"history_x_{size}", best["history"] / best["bare"]))
            out.append((f"player_x_{size}", best["player"] / best["bare"]))
            bares.append(best["bare"])
            with app.app_context():
                db.session.remove()
                db.engine.dispose()
    out.append(("history_bare_ms", min(bares) * 1000))
    return out


if __name__ == "__main__":
    for name, value in history_figures():
        print(f"  {name:<20} {value:8.2f}")
