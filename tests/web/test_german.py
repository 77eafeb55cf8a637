"""German beside Italian and English: chosen by the browser or the switch, remembered, complete.

The catalogue's completeness is tests/test_translations.py; here the app itself speaks German
to a German phone: the page, the rules' refusals, the games' German names, and the nouns that
German writes with a capital letter inside a sentence.
"""

from __future__ import annotations

import pytest
from flask import Flask

from ..conftest import Phone
from .helpers import parse

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}


def lang_of(response: object) -> str:
    page = parse(response.get_data(as_text=True))  # type: ignore[attr-defined]
    html = page.find("html")
    assert html is not None
    return str(html.attrs["lang"])


def test_a_german_phone_gets_german_pages(phone: Phone) -> None:
    response = phone.get("/", headers=GERMAN)
    html = response.get_data(as_text=True)
    assert lang_of(response) == "de"
    assert "Neue Partie" in html and "Mit einem Code beitreten" in html
    assert "New game" not in html and "Join with a code" not in html
    assert "Vary" in response.headers


def test_the_switch_offers_german_and_remembers_it(phone: Phone) -> None:
    footer = parse(phone.get("/").get_data(as_text=True)).find("footer")
    assert footer is not None
    labels = {a.attrs["lang"]: a.text() for a in footer.find_all("a")}
    assert labels == {"en": "English", "it": "Italiano", "de": "Deutsch"}
    response = phone.get("/lang/de?next=/j")
    assert response.status_code == 303 and response.headers["Location"].endswith("/j")
    page = phone.get("/j", headers={"Accept-Language": "it"})
    assert lang_of(page) == "de"
    assert "Beitreten" in page.get_data(as_text=True)
    phone.get("/lang/it")
    assert lang_of(phone.get("/", headers=GERMAN)) == "it"


def test_a_german_sheet_counts_hornochsen(phone: Phone) -> None:
    match_id = phone.new_match(["Anna", "Ben", "Cem"])
    html = phone.get(f"/m/{match_id}", headers=GERMAN).get_data(as_text=True)
    assert "Hornochsen" in html and "Bull heads" not in html
    assert "Punkte eintragen" in html or "Ich bin Anna" in html


def test_a_refusal_comes_back_in_german(phone: Phone) -> None:
    response = phone.client.post("/j", data={"code": "ABC"}, headers=GERMAN)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert '<html lang="de"' in html
    assert "Ein Code hat 6 Zeichen." in html
    assert "A code has 6 characters" not in html


@pytest.mark.parametrize(
    ("language", "bloccato", "nuota"),
    [
        ("de", "Kuh Vadis", "Life is Life – Schwimm um dein Leben!"),
        ("it", "Bloccato e pelato", "Nuota per la vita"),
        ("en", "Bloccato e pelato", "Nuota per la vita"),
    ],
)
def test_the_games_go_by_their_names_in_each_language(
    phone: Phone, language: str, bloccato: str, nuota: str
) -> None:
    choose = phone.get("/new", headers={"Accept-Language": language}).get_data(as_text=True)
    for title in (bloccato, nuota, "6 nimmt!", "Auf der Pirsch", "The Game"):
        assert title in choose
    page = phone.get("/new/bloccato", headers={"Accept-Language": language})
    heading = parse(page.get_data(as_text=True)).find("h1")
    assert heading is not None and bloccato in heading.text()


def test_german_keeps_its_nouns_capitalised_inside_a_sentence(app: Flask) -> None:
    from companion.views.template_helpers import in_sentence

    with app.test_request_context("/", headers=GERMAN):
        assert in_sentence("Runde") == "Runde"
    with app.test_request_context("/", headers={"Accept-Language": "it"}):
        assert in_sentence("Mano") == "mano"
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert in_sentence("Round") == "round"


def test_a_rule_names_the_game_by_its_german_title(phone: Phone) -> None:
    three = {"p0": "Anna", "p1": "Ben", "p2": "Cem", "group": "new", "source": "fresh"}
    response = phone.post("/new/bloccato", three, headers=GERMAN)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Kuh Vadis ist für genau 2 Spieler." in html
    english = phone.post("/new/bloccato", three, headers={"Accept-Language": "en"})
    assert "Bloccato e pelato is for exactly 2 players." in english.get_data(as_text=True)


@pytest.mark.parametrize("header", ["de-AT", "de-CH,fr;q=0.8", "fr-FR,de;q=0.7,en;q=0.3"])
def test_every_german_speaking_browser_gets_german(phone: Phone, header: str) -> None:
    assert lang_of(phone.get("/", headers={"Accept-Language": header})) == "de"
