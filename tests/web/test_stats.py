"""The player page: each game's record from fixture histories with answers worked out by hand."""

from __future__ import annotations

from companion.extensions import db
from companion.models import Group
from companion.stats.listing import player_counts

from ..conftest import Phone
from .helpers import device_of, group_of, parse, text_of
from .history_helpers import EVEN, E, F, Z, add_match, bloccato_win, figures, player_id
from .history_helpers import recent_places as places_of

NUOTA = [
    {"type": "showdown", "points": [10, 20, 30]},  # lives 3 4 5
    {"type": "sudden_death", "seat": 1, "combo": "hares"},  # Bob declares: 2 4 4
    {"type": "showdown", "points": [10, 20, 30]},  # 0 3 4: Ann is out
    {"type": "showdown", "points": [None, 10, 30]},  # 0 1 4
    {"type": "showdown", "points": [None, 10, 30]},  # 0 0 4: Cy wins
]
HUNTS = [
    {"type": "hunt", "footprints": [E, Z, F]},  # 36 0 4
    {"type": "hunt", "footprints": [Z, E, F]},  # 0 36 4
    {"type": "hunt", "footprints": [F, Z, Z]},  # 4 0 0
]
TRACKED = [
    {"type": "play", "pile": 0, "card": 5}, {"type": "play", "pile": 2, "card": 90},
    {"type": "end_turn"},
    {"type": "play", "pile": 1, "card": 3}, {"type": "play", "pile": 3, "card": 95},
    {"type": "end_turn"},
    {"type": "stuck"},
]  # fmt: skip


def group_with_sixnimmt(phone: Phone) -> int:
    """Three 6 nimmt! matches: Ann wins the first, Bob the second (Ann over 66), a tie last."""
    first = phone.new_match(["Ann", "Bob", "Cy"], end="rounds", rounds="2")
    group_id = group_of(phone.app, first)
    for heads in ([3, 10, 1], [5, 1, 20]):  # Ann 8, Bob 11, Cy 21
        assert phone.enter_heads(first, heads).status_code == 303
    second = phone.new_match(["Ann", "Bob"], group=str(group_id))  # more than 66 ends it
    for heads in ([30, 10], [40, 5]):  # Ann 70, Bob 15
        assert phone.enter_heads(second, heads).status_code == 303
    third = phone.new_match(["Ann", "Bob"], end="rounds", rounds="1", group=str(group_id))
    assert phone.enter_heads(third, [2, 2]).status_code == 303  # a tie: both win
    return group_id


def page(phone: Phone, group_id: int, name: str) -> str:
    response = phone.get(f"/g/{group_id}/p/{player_id(phone.app, group_id, name)}")
    assert response.status_code == 200
    return str(response.get_data(as_text=True))


def test_sixnimmt_record_heads_per_round_limit_and_streaks(phone: Phone) -> None:
    group_id = group_with_sixnimmt(phone)
    ann = figures(page(phone, group_id, "Ann"), "sixnimmt")
    assert ann == {
        "Played": "3",
        "Won": "2",
        "Win rate": "67%",
        "Win streak now": "1",
        "Longest win streak": "1",
        "Average result": "26.7",
        "Best result (lowest)": "2",
        "Average heads per round": "16.0",
        "Times over the limit": "1",
    }  # fmt: skip  (heads 3 5 30 40 2 over 5 rounds; totals 8 70 2)
    bob = figures(page(phone, group_id, "Bob"), "sixnimmt")
    assert (bob["Won"], bob["Win streak now"], bob["Longest win streak"]) == ("2", "2", "2")
    assert bob["Times over the limit"] == "0"
    assert places_of(page(phone, group_id, "Ann"), "sixnimmt") == ["1st (tied)", "2nd", "1st"]
    assert places_of(page(phone, group_id, "Cy"), "sixnimmt") == ["3rd"]


def test_nuota_rounds_survived_and_sudden_deaths(phone: Phone) -> None:
    group_id = group_of(phone.app, phone.new_match(["Ann", "Bob"]))
    add_match(phone.app, group_id, "nuota", ["Ann", "Bob", "Cy"], NUOTA)
    ann, bob = (figures(page(phone, group_id, n), "nuota") for n in ("Ann", "Bob"))
    cy = figures(page(phone, group_id, "Cy"), "nuota")
    assert (ann["Rounds survived"], ann["Sudden deaths declared"], ann["Won"]) == ("2", "0", "0")
    assert (bob["Rounds survived"], bob["Sudden deaths declared"]) == ("4", "1")
    assert (cy["Rounds survived"], cy["Won"], cy["Win rate"]) == ("5", "1", "100%")
    assert places_of(page(phone, group_id, "Bob"), "nuota") == ["2nd"], "out later than Ann"
    assert places_of(page(phone, group_id, "Ann"), "nuota") == ["3rd"]


def test_pirsch_best_hunt_and_average_round_four(phone: Phone) -> None:
    group_id = group_of(phone.app, phone.new_match(["Ann", "Bob"]))
    uneven = [{"bear": 6, "wolf": 0, "boar": 3, "mouflon": 3},
              {"bear": 0, "wolf": 6, "boar": 3, "mouflon": 3}, EVEN]  # fmt: skip
    names = ["Ann", "Bob", "Cy"]
    add_match(
        phone.app, group_id, "pirsch", names, [*HUNTS, {"type": "final", "cards": [EVEN] * 3}]
    )
    add_match(phone.app, group_id, "pirsch", names, [*HUNTS, {"type": "final", "cards": uneven}])
    ann = figures(page(phone, group_id, "Ann"), "pirsch")
    assert ann["Best hunt"] == "36"
    assert ann["Average round-4 points"] == "34.5"  # 30 then 39
    assert (ann["Played"], ann["Won"], ann["Best result (highest)"]) == ("2", "2", "79")
    assert ann["Average result"] == "74.5"  # totals 70 and 79
    bob, cy = (figures(page(phone, group_id, n), "pirsch") for n in ("Bob", "Cy"))
    assert (bob["Best hunt"], bob["Average round-4 points"]) == ("36", "25.5")  # 30 then 21
    assert (cy["Best hunt"], cy["Average round-4 points"], cy["Won"]) == ("4", "30.0", "0")


def test_thegame_is_a_team_record_per_player_count(phone: Phone) -> None:
    group_id = group_of(phone.app, phone.new_match(["Ann", "Bob"]))
    add_match(phone.app, group_id, "thegame", ["Ann", "Bob"], TRACKED)  # 94 left
    add_match(phone.app, group_id, "thegame", ["Ann", "Bob"], [{"type": "result", "left": 0}])
    add_match(phone.app, group_id, "thegame", ["Ann", "Bob", "Cy"],
              [{"type": "result", "left": 12}])  # fmt: skip
    html = page(phone, group_id, "Ann")
    ann = figures(html, "thegame")
    assert ann["Played"] == "3" and ann["Games beaten"] == "1"
    assert ann["Best team result, 2 players"] == "0 cards left"
    assert ann["Best team result, 3 players"] == "12 cards left"
    assert "Won" not in ann and "Win rate" not in ann, "a team result is not a win"
    assert places_of(html, "thegame") == [], "no places in a cooperative game"
    cy = figures(page(phone, group_id, "Cy"), "thegame")
    assert cy["Games beaten"] == "0" and "Best team result, 2 players" not in cy


def test_bloccato_wins_as_crosses_and_as_circles(phone: Phone) -> None:
    group_id = group_of(phone.app, phone.new_match(["Ann", "Bob"]))
    options, moves = bloccato_win(0)
    add_match(phone.app, group_id, "bloccato", ["Ann", "Bob"], moves, options)  # Ann: crosses
    options, moves = bloccato_win(1)
    add_match(phone.app, group_id, "bloccato", ["Bob", "Ann"], moves, options)  # Ann: circles
    add_match(phone.app, group_id, "bloccato", ["Ann", "Bob"], moves, options)  # Bob: circles
    ann = figures(page(phone, group_id, "Ann"), "bloccato")
    assert (ann["Wins as crosses"], ann["Wins as circles"]) == ("1", "1")
    assert (ann["Played"], ann["Won"], ann["Longest win streak"], ann["Win streak now"]) == (
        "3", "2", "2", "0")  # fmt: skip
    bob = figures(page(phone, group_id, "Bob"), "bloccato")
    assert (bob["Wins as crosses"], bob["Wins as circles"]) == ("0", "1")


def test_a_deleted_match_and_an_abandoned_one_do_not_count(phone: Phone) -> None:
    from datetime import UTC, datetime

    from companion.extensions import db
    from companion.models import Match

    group_id = group_with_sixnimmt(phone)
    with phone.app.app_context():
        latest = (
            db.session.execute(
                db.select(Match).filter_by(group_id=group_id).order_by(Match.id.desc())
            )
            .scalars()
            .first()
        )
        assert latest is not None
        latest.deleted_at = datetime.now(UTC)
        db.session.commit()
    dropped = phone.new_match(["Ann", "Bob"], group=str(group_id))
    phone.enter_heads(dropped, [9, 0])
    phone.post(f"/m/{dropped}/host/abandon")
    ann = figures(page(phone, group_id, "Ann"), "sixnimmt")
    assert (ann["Played"], ann["Won"]) == ("2", "1")
    assert "(tied)" not in text_of(phone.get(f"/g/{group_id}")), "the deleted tie is gone"


def test_empty_state_and_italian(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    group_id = group_of(phone.app, match_id)
    html = page(phone, group_id, "Ann")
    assert "No finished matches for Ann yet" in parse(html).text()
    played = group_with_sixnimmt(phone)
    italian = phone.get(f"/g/{played}/p/{player_id(phone.app, played, 'Ann')}",
                        headers={"Accept-Language": "it"}).get_data(as_text=True)  # fmt: skip
    assert "Serie di vittorie più lunga" in italian and "Ultime partite" in italian
    assert places_of(italian, "sixnimmt") == ["1° pari merito", "2°", "1°"], "one sign: °"


def test_strangers_and_other_groups_get_404(phone: Phone, other: Phone) -> None:
    group_id = group_with_sixnimmt(phone)
    ann = player_id(phone.app, group_id, "Ann")
    assert other.get(f"/g/{group_id}/p/{ann}").status_code == 404
    assert other.get(f"/g/{group_id}").status_code == 404
    elsewhere = group_of(other.app, other.new_match(["Zed", "Yan"]))
    zed = player_id(other.app, elsewhere, "Zed")
    assert phone.get(f"/g/{group_id}/p/{zed}").status_code == 404, "a player of another group"
    assert other.get(f"/g/{elsewhere}/p/{ann}").status_code == 404
    assert phone.get(f"/g/{group_id}/p/999999").status_code == 404
    assert device_of(other) != device_of(phone)


def test_a_phone_whose_only_match_was_deleted_is_no_member(phone: Phone, other: Phone) -> None:
    from datetime import UTC, datetime

    from companion.extensions import db
    from companion.models import Match

    group_id = group_with_sixnimmt(phone)
    other_match = phone.new_match(["Ann", "Bob"], group=str(group_id))
    other.join(other_match)
    assert other.get(f"/g/{group_id}").status_code == 200
    with phone.app.app_context():
        row = db.session.get(Match, other_match)
        assert row is not None
        row.deleted_at = datetime.now(UTC)
        db.session.commit()
    assert other.get(f"/g/{group_id}").status_code == 404
    assert other.get(f"/g/{group_id}/p/{player_id(phone.app, group_id, 'Ann')}").status_code == 404
    assert phone.get(f"/g/{group_id}").status_code == 200


def test_a_beaten_game_of_the_game_counts_as_won_for_the_whole_team(phone: Phone) -> None:
    group_id = group_of(phone.app, phone.new_match(["Ann", "Bob"]))
    add_match(phone.app, group_id, "thegame", ["Ann", "Bob"], [{"type": "result", "left": 0}])
    add_match(phone.app, group_id, "thegame", ["Ann", "Bob"], [{"type": "result", "left": 9}])
    with phone.app.app_context():
        counts = {
            c["name"]: (c["played"], c["won"])
            for c in player_counts(db.get_or_404(Group, group_id))
        }
    assert counts == {"Ann": (2, 1), "Bob": (2, 1)}


def test_a_team_games_record_says_how_the_table_wins_in_a_sentence_not_a_tile(
    phone: Phone,
) -> None:
    group_id = group_of(phone.app, phone.new_match(["Ann", "Bob"]))
    add_match(phone.app, group_id, "thegame", ["Ann", "Bob"], [{"type": "result", "left": 9}])
    page = parse(
        phone.get(f"/g/{group_id}/p/{player_id(phone.app, group_id, 'Ann')}").get_data(as_text=True)
    )
    record = page.by_id("game-thegame")
    tiles = [dt.text() for dt in record.find_all("dt")]
    assert "Team results" not in tiles and "Played" in tiles
    note = record.find("p", class_="hint")
    assert note is not None and "a win for the whole table" in note.text()
