"""The group page at 5,000 matches: the right matches on every page, filters, bounded queries."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

from sqlalchemy import event, insert

from companion.extensions import db
from companion.models import Match, Seat

from ..conftest import Phone
from .helpers import group_of, parse
from .history_helpers import player_id

MATCHES = 5000
PAGE = 20
START = datetime(2025, 1, 1, 18, 0, tzinfo=UTC)


def bulk_history(phone: Phone) -> tuple[int, list[int]]:
    """5,000 finished matches in one group, the 1st one the oldest; every 10th is Nuota with Cy
    sitting in; Ann wins the even ones and Bob the odd ones. Returns the group and the ids."""
    first = phone.new_match(["Ann", "Bob"])
    group_id = group_of(phone.app, first)
    ann, bob = (player_id(phone.app, group_id, name) for name in ("Ann", "Bob"))
    with phone.app.app_context():
        from companion.models import Player

        cy = Player(group_id=group_id, name="Cy", key="cy")
        db.session.add(cy)
        db.session.flush()
        rows = [
            {"group_id": group_id, "game": "nuota" if i % 10 == 0 else "sixnimmt",
             "options": {}, "seed": 0, "status": "finished", "version": 1,
             "winners": [i % 2], "created_at": START + timedelta(hours=i) - timedelta(minutes=75),
             "finished_at": START + timedelta(hours=i)}
            for i in range(MATCHES)
        ]  # fmt: skip
        db.session.execute(insert(Match), rows)
        ids = list(
            db.session.execute(
                db.select(Match.id).filter(Match.group_id == group_id, Match.status == "finished")
                .order_by(Match.finished_at)
            ).scalars()
        )  # fmt: skip
        seats = []
        for i, match_id in enumerate(ids):
            seats += [{"match_id": match_id, "player_id": ann, "position": 0},
                      {"match_id": match_id, "player_id": bob, "position": 1}]  # fmt: skip
            if i % 10 == 0:
                seats.append({"match_id": match_id, "player_id": cy.id, "position": 2})
        db.session.execute(insert(Seat), seats)
        db.session.commit()
    return group_id, ids


@contextmanager
def counted(phone: Phone) -> Iterator[list[str]]:
    """The SQL statements run meanwhile."""
    statements: list[str] = []
    with phone.app.app_context():
        engine = db.engine

    def count(conn: object, cursor: object, statement: str, *args: object) -> None:
        statements.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", count)


def listed(phone: Phone, url: str) -> tuple[list[int], list[str], str]:
    """The match ids listed, the SQL statements it took and the page's text."""
    with counted(phone) as statements:
        response = phone.get(url)
    assert response.status_code == 200
    page = parse(response.get_data(as_text=True))
    history = page.by_id("history")
    ids = [int(li.attrs["id"].removeprefix("match-"))
           for li in history.find_all("li", class_="history-match")]  # fmt: skip
    return ids, statements, history.text()


def link(phone: Phone, url: str, rel: str) -> str | None:
    """The pager's "Older" (``next``) or "Newer" (``prev``) link of a page, if it has one."""
    page = parse(phone.get(url).get_data(as_text=True))
    found = page.by_id("history").find("a", rel=rel)
    return None if found is None else found.attrs["href"].replace("&amp;", "&")


def test_pages_at_five_thousand_matches(phone: Phone) -> None:
    group_id, ids = bulk_history(phone)
    newest_first = ids[::-1]
    first, q_first, text = listed(phone, f"/g/{group_id}")
    assert first == newest_first[:PAGE]
    assert "took 1 h 15 min" in text
    assert link(phone, f"/g/{group_id}", "prev") is None, "nothing newer than the newest"
    older = link(phone, f"/g/{group_id}", "next")
    assert older is not None and f"before={first[-1]}" in older
    second, q_second, _ = listed(phone, older)
    assert second == newest_first[PAGE : 2 * PAGE]
    newer = link(phone, older, "prev")
    assert newer is not None and f"after={second[0]}" in newer
    back, _, _ = listed(phone, newer)
    assert back == first
    middle, q_middle, _ = listed(phone, f"/g/{group_id}?before={newest_first[2499]}")
    assert middle == newest_first[2500 : 2500 + PAGE]
    last_url = f"/g/{group_id}?before={ids[PAGE]}"
    last, q_last, _ = listed(phone, last_url)
    assert last == newest_first[-PAGE:] and last[-1] == ids[0]
    assert link(phone, last_url, "next") is None, "nothing older than the oldest"
    beyond, _, _ = listed(phone, f"/g/{group_id}?before={ids[0]}")
    assert beyond == first, "nothing older than the oldest: the newest page"
    near, _, _ = listed(phone, f"/g/{group_id}?after={newest_first[5]}")
    assert near == first, "newer than the top few is the newest page"
    for nonsense in ("before=99999999999", "before=-3", "after=abc", "page=7"):
        found, _, _ = listed(phone, f"/g/{group_id}?{nonsense}")
        assert found == first, nonsense
    assert len(q_second) == len(q_middle) == len(q_last), "the same work on every page"
    assert len(q_first) == len(q_second) - 1, "the newest page needs no anchor"
    # The list itself, then the charts: the latest matches of every game, their seats and the
    # kept win shares (three statements however long the history and however many games).
    assert len(q_first) <= 14 + 3, q_first
    for statements in (q_first, q_middle, q_last):
        assert not any("FROM entries" in s for s in statements), "no log is replayed"
        assert not any("count(" in s.lower() for s in statements), "nothing is counted"
        assert sum("FROM seats" in s for s in statements) <= 3 + 2, "no query per match"


def test_filters_by_game_and_player_work_without_script(phone: Phone) -> None:
    group_id, ids = bulk_history(phone)
    nuota = [match_id for i, match_id in enumerate(ids) if i % 10 == 0][::-1]
    found, _, text = listed(phone, f"/g/{group_id}?game=nuota")
    assert found == nuota[:PAGE]
    cy = player_id(phone.app, group_id, "Cy")
    found, _, text = listed(phone, f"/g/{group_id}?player={cy}&before={nuota[-PAGE - 1]}")
    assert found == nuota[-PAGE:]
    found, _, text = listed(phone, f"/g/{group_id}?player={cy}&game=sixnimmt")
    assert found == [] and "No finished matches with these filters" in text
    empty = parse(phone.get(f"/g/{group_id}?player={cy}&game=sixnimmt").get_data(as_text=True))
    back = empty.by_id("history").find("a", href=f"/g/{group_id}#history")
    assert back is not None and back.text() == "Show every match"  # the way out of the filter
    second = f"/g/{group_id}?game=nuota&before={nuota[PAGE - 1]}"
    assert listed(phone, second)[0] == nuota[PAGE : 2 * PAGE]
    older = link(phone, second, "next")
    assert older is not None and "game=nuota" in older and f"before={nuota[2 * PAGE - 1]}" in older
    page = parse(phone.get(second).get_data(as_text=True))
    form = page.by_id("history").find("form")
    assert form is not None and form.attrs["method"] == "get"
    chosen = form.find("option", value="nuota")
    assert chosen is not None and "selected" in chosen.attrs
    # A match of another game is no anchor for the filtered list: the newest page shows.
    found, _, _ = listed(phone, f"/g/{group_id}?game=nuota&before={ids[1]}")
    assert found == nuota[:PAGE]
    # Nonsense filters are ignored, not an error.
    found, _, _ = listed(phone, f"/g/{group_id}?game=chess&player=abc&before=-4")
    assert found == ids[::-1][:PAGE]
