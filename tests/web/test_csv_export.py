"""The CSV export opens as a table in the spreadsheet of each language: its words, its separator,
its dates and times in the person's zone; places shared on ties, a team game, formulas kept out;
the JSON file named the same way."""

from __future__ import annotations

import csv
import io
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from flask import Flask

from companion.extensions import db
from companion.models import Group, Match, utcnow

from ..conftest import Phone, make_app, shut_down
from .helpers import device_of, group_of, table
from .history_helpers import add_match, bloccato_win

FINISHED_AT = datetime(2026, 3, 1, 17, 5)
"""A match's end in UTC: 18:05 in Rome, where March keeps winter time."""

LANGUAGES = {
    "en": {
        "separator": ",",
        "heading": ["Date", "Game", "Match", "Status", "Player", "Seat", "Result", "Place",
                    "Winner"],
        "date": "3/1/2026 6:05 PM",
        "bloccato": ["3/1/2026 6:05 PM", "Bloccato e pelato", "1", "finished", "Ann", "1"],
        "yes": "Yes",
        "no": "No",
    },
    "it": {
        "separator": ";",
        "heading": ["Data", "Gioco", "Partita", "Stato", "Giocatore", "Posto", "Risultato",
                    "Posizione", "Ha vinto"],
        "date": "01/03/2026 18:05",
        "bloccato": ["01/03/2026 18:05", "Bloccato e pelato", "1", "finita", "Ann", "1"],
        "yes": "Sì",
        "no": "No",
    },
    "de": {
        "separator": ";",
        "heading": ["Datum", "Spiel", "Partie", "Status", "Spieler", "Sitzplatz", "Ergebnis",
                    "Platzierung", "Gewonnen"],
        "date": "01.03.2026 18:05",
        "bloccato": ["01.03.2026 18:05", "Kuh Vadis", "1", "beendet", "Ann", "1"],
        "yes": "Ja",
        "no": "Nein",
    },
}  # fmt: skip


def ended_at(app: Flask, group_id: int, when: datetime) -> None:
    """Every match of the group ended at ``when`` (UTC), so the file's times are known."""
    with app.app_context():
        for match in db.session.query(Match).filter_by(group_id=group_id):
            match.finished_at = when
        db.session.commit()


def download(phone: Phone, group_id: int, language: str, query: str = "") -> tuple[bytes, str]:
    """The file's bytes and the name it is saved under, asked for in ``language``."""
    response = phone.get(f"/g/{group_id}/export.csv{query}", headers={"Accept-Language": language})
    assert response.status_code == 200 and response.mimetype == "text/csv"
    disposition = response.headers["Content-Disposition"]
    assert disposition.startswith('attachment; filename="') and disposition.endswith('"')
    return response.get_data(), disposition.split('"')[1]


def rows_of(body: bytes, separator: str) -> list[list[str]]:
    """The file as a spreadsheet splits it: UTF-8 after its byte-order mark, on ``separator``."""
    assert body.startswith(b"\xef\xbb\xbf"), "Excel reads it as UTF-8"
    return list(csv.reader(io.StringIO(body.decode("utf-8-sig")), delimiter=separator))


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_gets_its_words_separator_and_local_time(phone: Phone, language: str) -> None:
    want = LANGUAGES[language]
    group_id = group_of(phone.app, phone.new_match(["Ann", "Bob"]))
    with phone.app.app_context():
        for match in db.session.query(Match).filter_by(group_id=group_id):
            match.deleted_at = utcnow()  # a deleted match is left out of the file
        db.session.commit()
    options, moves = bloccato_win(0)
    add_match(phone.app, group_id, "bloccato", ["Ann", "Bob"], moves, options, device_of(phone))
    ended_at(phone.app, group_id, FINISHED_AT)
    body, _ = download(phone, group_id, language, "?tz=Europe/Rome")
    first_line = body.decode("utf-8-sig").splitlines()[0]
    assert first_line == want["separator"].join(want["heading"])
    heading, ann, bob = rows_of(body, str(want["separator"]))
    assert heading == want["heading"]
    assert ann[:6] == want["bloccato"] and ann[8] == want["yes"]
    assert bob[:6] == [*want["bloccato"][:4], "Bob", "2"] and bob[8] == want["no"]
    assert [ann[7], bob[7]] == ["1", "2"]


def test_a_tie_shares_a_place_and_a_team_game_has_no_winner(app: Flask, phone: Phone) -> None:
    match_id = table(phone, Phone(app), names=["Ann", "Bob", "Cy"], end="rounds", rounds="1")
    assert phone.enter_heads(match_id, [4, 4, 9]).status_code == 303
    group_id = group_of(app, match_id)
    add_match(app, group_id, "thegame", ["Ann", "Bob"], [{"type": "result", "left": 12}])
    body, _ = download(phone, group_id, "it")
    heading, *rows = rows_of(body, ";")
    assert [(r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8]) for r in rows] == [
        ("6 nimmt!", "1", "finita", "Ann", "1", "4", "1", "Sì"),
        ("6 nimmt!", "1", "finita", "Bob", "2", "4", "1", "Sì"),
        ("6 nimmt!", "1", "finita", "Cy", "3", "9", "3", "No"),
        ("The Game", "2", "finita", "Ann", "1", "12", "1", "No"),
        ("The Game", "2", "finita", "Bob", "2", "12", "1", "No"),
    ]


def test_without_a_zone_the_times_are_the_installations(phone: Phone) -> None:
    group_id = group_of(phone.app, phone.new_match(["Ann", "Bob"]))
    ended_at(phone.app, group_id, FINISHED_AT)
    for query in ("", "?tz=Mars/Olympus", "?tz=../../etc/passwd", "?tz=Europe"):
        body, _ = download(phone, group_id, "de", query)
        assert [row[0] for row in rows_of(body, ";")[1:]] == ["01.03.2026 17:05"] * 2


def test_an_installation_can_name_its_own_zone(tmp_path: Path) -> None:
    app = make_app(tmp_path, BABEL_DEFAULT_TIMEZONE="Europe/Berlin")
    try:
        phone = Phone(app)
        group_id = group_of(app, phone.new_match(["Ann", "Bob"]))
        ended_at(app, group_id, FINISHED_AT)
        body, _ = download(phone, group_id, "de")
        assert [row[0] for row in rows_of(body, ";")[1:]] == ["01.03.2026 18:05"] * 2
        body, _ = download(phone, group_id, "de", "?tz=Asia/Tokyo")
        assert [row[0] for row in rows_of(body, ";")[1:]] == ["02.03.2026 02:05"] * 2
    finally:
        shut_down(app)


def test_a_name_a_spreadsheet_would_run_as_a_formula_is_quoted(app: Flask, phone: Phone) -> None:
    names = ["=HYPERLINK(1)", "@SUM", "-1", "+A1;B2"]
    match_id = table(phone, Phone(app), names=names, end="rounds", rounds="1")
    assert phone.enter_heads(match_id, [1, 2, 3, 4]).status_code == 303
    for language, separator in (("en", ","), ("de", ";")):
        body, _ = download(phone, group_of(app, match_id), language)
        assert [(r[4], r[6]) for r in rows_of(body, separator)[1:]] == [
            ("'=HYPERLINK(1)", "1"),
            ("'@SUM", "2"),
            ("'-1", "3"),
            ("'+A1;B2", "4"),
        ]


def group_named(phone: Phone, name: str) -> int:
    """A new group of Ann and Bob by this phone, renamed ``name``; its id."""
    group_id = group_of(phone.app, phone.new_match(["Ann", "Bob"]))
    with phone.app.app_context():
        group = db.session.get(Group, group_id)
        assert group is not None
        group.name = name
        db.session.commit()
    return group_id


def test_the_file_is_named_after_the_group_and_the_day(phone: Phone) -> None:
    group_id = group_named(phone, "Gîte d'été: venerdì!")
    _, name = download(phone, group_id, "it")
    assert name == f"companion-gite-d-ete-venerdi-{utcnow().date().isoformat()}.csv"


def test_the_json_file_is_named_like_the_table_in_the_phones_zone(phone: Phone) -> None:
    group_id = group_named(phone, "Venerdì sera")
    today = datetime.now(ZoneInfo("Pacific/Kiritimati")).date().isoformat()  # UTC+14
    response = phone.get(f"/g/{group_id}/export.json?tz=Pacific/Kiritimati")
    assert response.mimetype == "application/json"
    disposition = response.headers["Content-Disposition"]
    assert disposition == f'attachment; filename="companion-venerdi-sera-{today}.json"'
