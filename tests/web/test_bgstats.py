"""Send to BG Stats: the play of a finished match, its two links, and the samples in docs/."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from flask import Flask

from companion.bgstats import (
    APP_URL,
    GAME_FIELDS,
    PLAY_FIELDS,
    PLAYER_FIELDS,
    WEB_URL,
    play_of,
)
from companion.extensions import db
from companion.games import SEAMS
from companion.models import Match, Player
from companion.sheet import replay

from ..conftest import Phone
from .archive_builders import build_history
from .helpers import group_of, parse
from .history_helpers import add_match, bloccato_win

DOCS = Path(__file__).resolve().parents[2] / "docs" / "bgstats.md"
DATE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")


def check_play(play: dict[str, Any]) -> None:
    """The play uses only the documented fields, with the types BG Stats expects."""
    assert set(play) <= PLAY_FIELDS, set(play) - PLAY_FIELDS
    assert {"sourceName", "sourcePlayId", "game", "playDate", "players"} <= set(play)
    assert play["sourceName"] == "Companion" and isinstance(play["sourcePlayId"], str)
    assert DATE.fullmatch(play["playDate"]) and play["durationMin"] >= 1
    game = play["game"]
    assert set(game) <= GAME_FIELDS and {"name", "highestWins", "noPoints"} <= set(game)
    assert isinstance(game["highestWins"], bool) and isinstance(game["noPoints"], bool)
    assert "bggId" not in game, "no BoardGameGeek id was verified"
    players = play["players"]
    assert players and sum(p["startPlayer"] for p in players) == 1, "one start player"
    for player in players:
        assert set(player) <= PLAYER_FIELDS, set(player) - PLAYER_FIELDS
        assert {"name", "winner", "startPlayer", "sourcePlayerId"} <= set(player)
        assert isinstance(player["winner"], bool)
        assert ("score" in player) is (not game["noPoints"])
        if "score" in player:
            assert re.fullmatch(r"-?\d+", player["score"])


def links(phone: Phone, match_id: int) -> tuple[str, str] | None:
    """The two BG Stats links on the sheet, or None."""
    page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True))
    found = page.find("p", id="bgstats")
    if found is None:
        return None
    app_link, web_link = (a.attrs["href"] for a in found.find_all("a"))
    return app_link, web_link


def decoded(link: str) -> dict[str, Any]:
    prefix = APP_URL if link.startswith("bgstats:") else WEB_URL
    assert link.startswith(prefix)
    data = link[len(prefix) :]
    assert re.fullmatch(r"[A-Za-z0-9%._~-]+", data), "the JSON is fully URL-encoded"
    value: dict[str, Any] = json.loads(unquote(data))
    return value


def test_a_finished_match_links_to_bg_stats_with_its_totals_and_winners(
    phone: Phone, other: Phone
) -> None:
    match_id = phone.new_match(["Ann", "Bob", "Cy"], end="rounds", rounds="2")
    assert links(phone, match_id) is None, "no link while the match is played"
    phone.enter_heads(match_id, [3, 10, 1])
    phone.enter_heads(match_id, [5, 1, 20])
    found = links(phone, match_id)
    assert found is not None
    app_play, web_play = (decoded(link) for link in found)
    assert app_play == web_play
    check_play(app_play)
    assert app_play["game"] == {"name": "6 nimmt!", "highestWins": False, "noPoints": False}
    assert [(p["name"], p["score"], p["winner"], p["rank"]) for p in app_play["players"]] == [
        ("Ann", "8", True, 1), ("Bob", "11", False, 2), ("Cy", "21", False, 3)
    ]  # fmt: skip
    with phone.app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        assert app_play["sourcePlayId"] == match.uid
        ann = db.session.execute(db.select(Player).filter_by(name="Ann")).scalar_one()
        assert app_play["players"][0]["sourcePlayerId"] == ann.uid
    assert links(phone, match_id) == found, "the same play every time"
    rematch = phone.new_match(
        ["Bob", "Ann"], end="rounds", rounds="1", group=str(group_of(phone.app, match_id))
    )
    phone.enter_heads(rematch, [4, 9])
    again = links(phone, rematch)
    assert again is not None
    second = decoded(again[0])
    assert second["sourcePlayId"] != app_play["sourcePlayId"]
    assert second["players"][1]["sourcePlayerId"] == app_play["players"][0]["sourcePlayerId"]


def test_every_game_sends_a_documented_play(app: Flask) -> None:
    build_history(app)
    with app.test_request_context():
        finished = db.session.execute(db.select(Match).filter_by(status="finished")).scalars().all()
        assert {m.game for m in finished} == set(SEAMS)
        for match in finished:
            play = play_of(match, replay(match).state)
            assert play is not None
            check_play(play)
            seam = SEAMS[match.game]
            fewest_win = match.game in ("sixnimmt", "thegame")  # bull heads, cards left
            assert play["game"]["highestWins"] is not fewest_win
            assert play["game"]["noPoints"] is (match.game in ("nuota", "bloccato"))
            winners = {p["winner"] for p in play["players"]}
            if seam.cooperative:
                assert len(winners) == 1, "a team wins or loses together"
                assert len({p.get("score") for p in play["players"]}) == 1, "one team result"
                assert all("rank" not in p for p in play["players"])
            else:
                assert [p["winner"] for p in play["players"]] == [
                    s.position in (match.winners or []) for s in match.seats
                ]


def test_the_start_player_is_the_one_the_game_records(phone: Phone) -> None:
    group_id = group_of(phone.app, phone.new_match(["Ann", "Bob"]))
    options, moves = bloccato_win(1)
    match_id = add_match(phone.app, group_id, "bloccato", ["Ann", "Bob"], moves, options)
    with phone.app.test_request_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        play = play_of(match, replay(match).state)
    assert play is not None
    assert [(p["startPlayer"], p["winner"]) for p in play["players"]] == [
        (False, False),
        (True, True),
    ]
    assert play["game"]["noPoints"] is True


def test_the_documented_samples_follow_the_field_list() -> None:
    text = DOCS.read_text(encoding="utf-8")
    samples = [json.loads(block) for block in re.findall(r"```json\n(.*?)```", text, re.S)]
    names = {sample["game"]["name"] for sample in samples}
    assert names == {
        "6 nimmt!",
        "Nuota per la vita",
        "Auf der Pirsch",
        "The Game",
        "Bloccato e pelato",
    }
    for sample in samples:
        check_play(sample)
