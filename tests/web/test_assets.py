"""Static files and pages reach the phone compressed, fingerprinted and in the right bundle."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import brotli
import pytest
import rcssmin
from flask import Flask

from companion.rules import REGISTRY

from ..conftest import Phone
from .helpers import viewer_path

STATIC = Path(__file__).resolve().parents[2] / "static"
TEMPLATES = STATIC.parent / "templates"
BR = {"Accept-Encoding": "br, gzip"}


def stylesheet_of(html: str) -> str:
    """The href of the page's one stylesheet."""
    found = re.search(r'<link rel="stylesheet" id="stylesheet" href="([^"]+)"', html)
    assert found, "the page names no stylesheet"
    return found.group(1).replace("&amp;", "&")


def script_urls(html: str) -> list[str]:
    return [url.replace("&amp;", "&") for url in re.findall(r'<script src="([^"]+)"', html)]


def test_a_static_file_is_sent_with_brotli_when_the_phone_accepts_it(phone: Phone) -> None:
    response = phone.get("/static/js/app.js", headers=BR)
    assert response.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in response.headers["Vary"]
    assert brotli.decompress(response.get_data()) == (STATIC / "js" / "app.js").read_bytes()


def test_gzip_when_brotli_is_not_accepted_and_plain_when_nothing_is(phone: Phone) -> None:
    zipped = phone.get("/static/js/app.js", headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.get_data()) == (STATIC / "js" / "app.js").read_bytes()
    plain = phone.get("/static/js/app.js")
    assert "Content-Encoding" not in plain.headers
    assert plain.get_data() == (STATIC / "js" / "app.js").read_bytes()


def test_a_fingerprinted_url_is_cached_for_a_year_and_a_plain_one_is_revalidated(
    phone: Phone,
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    page = phone.get(f"/m/{match_id}").get_data(as_text=True)
    for url in script_urls(page):
        assert "?v=" in url
        assert "immutable" in phone.get(url).headers["Cache-Control"]
    plain = phone.get("/static/js/app.js")
    assert plain.headers["Cache-Control"] == "no-cache"
    again = phone.get("/static/js/app.js", headers={"If-None-Match": plain.headers["ETag"]})
    assert again.status_code == 304


def test_a_changed_file_gets_a_new_fingerprint(tmp_path: Path, app: Flask) -> None:
    from companion.assets import Assets

    (tmp_path / "js").mkdir()
    script = tmp_path / "js" / "x.js"
    script.write_text("let a = 1;\n")
    files = Assets(tmp_path)
    first = files.get("js/x.js")
    script.write_text("let a = 2; // a longer file, so the size differs too\n")
    second = files.get("js/x.js")
    assert first is not None and second is not None
    assert first.digest != second.digest
    assert second.encodings[""] == script.read_bytes()


def test_a_page_names_a_changed_file_within_the_second(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion import assets

    (tmp_path / "js").mkdir()
    script = tmp_path / "js" / "x.js"
    script.write_text("let a = 1;\n")
    files = assets.Assets(tmp_path)
    clock = [100.0]
    monkeypatch.setattr(assets.time, "monotonic", lambda: clock[0])
    first = files.recent("js/x.js")
    script.write_text("let a = 2; // a longer file, so the size differs too\n")
    clock[0] += 0.5
    assert files.recent("js/x.js") is first, "within the second, no look at the disk"
    assert files.get("js/x.js") is not first, "the file itself is served as it is now"
    clock[0] += 0.6
    again = files.recent("js/x.js")
    assert again is not None and first is not None and again.digest != first.digest


@pytest.mark.parametrize(
    "path", ["/static/../companion/config.py", "/static/nothing.css", "/static/bundle/x-y.css"]
)
def test_unknown_or_escaping_static_paths_are_404(phone: Phone, path: str) -> None:
    assert phone.get(path).status_code == 404


def test_a_sixnimmt_sheet_loads_the_base_styles_without_the_other_games(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    page = phone.get(f"/m/{match_id}").get_data(as_text=True)
    url = stylesheet_of(page)
    assert url.startswith("/static/bundle/sixnimmt.css?v=")
    styles = phone.get(url).get_data(as_text=True)
    own = "\n".join(
        (STATIC / "css" / name).read_text()
        for name in ("app.css", "charts.css", "games/sixnimmt.css")
    )
    assert styles == rcssmin.cssmin(own)
    assert ".bl-board" not in styles and ".tg-pile" not in styles
    assert ".filters" not in styles and ".tv-board" not in styles  # history's and the TV's


def minified(css: bytes) -> bytes:
    """What a stylesheet bundle holds: its sources, minified."""
    return rcssmin.cssmin(css.decode()).encode()


def test_every_game_bundle_is_the_base_then_that_games_rules(app: Flask) -> None:
    from companion.assets import assets

    base = b"\n".join((STATIC / "css" / name).read_bytes() for name in ("app.css", "charts.css"))
    tv = (STATIC / "css" / "tv.css").read_bytes()
    games = sorted((STATIC / "css" / "games").glob("*.css"))
    assert {path.stem for path in games} == set(REGISTRY)
    for path in games:
        bundle = assets(app).get(f"bundle/{path.stem}.css")
        assert bundle is not None
        assert bundle.encodings[""] == minified(base + b"\n" + path.read_bytes())
        on_tv = assets(app).get(f"bundle/tv-{path.stem}.css")
        assert on_tv is not None
        assert on_tv.encodings[""] == minified(b"\n".join([base, tv, path.read_bytes()]))
    everything = assets(app).get("bundle/all.css")
    assert everything is not None
    pages = (STATIC / "css" / "pages.css").read_bytes()
    sources = b"\n".join([base, pages, *(p.read_bytes() for p in games)])
    assert everything.encodings[""] == minified(sources)
    for unknown in ("tv-all.css", "phone-nuota.css", "tv-.css", "-nuota.css"):
        assert assets(app).get(f"bundle/{unknown}") is None, unknown


def test_the_tv_page_loads_the_big_screens_rules_with_its_game(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    page = phone.get(viewer_path(phone, match_id)).get_data(as_text=True)
    url = stylesheet_of(page)
    assert url.startswith("/static/bundle/tv-sixnimmt.css?v=")
    assert ".tv-board" in phone.get(url).get_data(as_text=True)


def test_other_pages_load_every_rule_and_the_main_says_which_bundle_it_needs(
    phone: Phone,
) -> None:
    page = phone.get("/new").get_data(as_text=True)
    url = stylesheet_of(page)
    assert url.startswith("/static/bundle/all.css?v=")
    assert f'data-stylesheet="{url.replace("&", "&amp;")}"' in page


def test_a_page_is_compressed_for_a_phone_that_accepts_it(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    plain = phone.get(f"/m/{match_id}").get_data()
    packed = phone.get(f"/m/{match_id}", headers=BR)
    assert packed.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in packed.headers["Vary"]
    text = brotli.decompress(packed.get_data()).decode()
    assert len(packed.get_data()) < len(plain) / 3
    tokens = re.compile(r"[A-Za-z0-9._-]{20,}")
    assert tokens.sub("", text) == tokens.sub("", plain.decode()), "the same page, smaller"


def test_a_small_answer_and_a_stream_are_not_compressed(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    page = phone.get(f"/m/{match_id}").get_data(as_text=True)
    version = re.search(r'data-version="(\d+)"', page)
    assert version
    unchanged = phone.get(f"/m/{match_id}/live?v={version.group(1)}", hx=True, headers=BR)
    assert unchanged.status_code == 204
    assert "Content-Encoding" not in unchanged.headers
    stream = phone.get(f"/m/{match_id}/events", headers=BR, buffered=False)
    assert stream.mimetype == "text/event-stream"
    assert "Content-Encoding" not in stream.headers
    stream.close()


def styled_classes(css: str) -> set[str]:
    """The class names a stylesheet's selectors name."""
    selectors = re.sub(r"\{[^}]*\}", " ", re.sub(r"/\*.*?\*/", " ", css, flags=re.S))
    return set(re.findall(r"\.([A-Za-z][\w-]*)", selectors))


def test_no_class_of_a_sheet_is_styled_only_where_a_sheet_does_not_look() -> None:
    """The sheet's bundle leaves out the history's, the new match's and the TV's rules: a class
    the sheet's templates use must then not be styled only there."""
    sheet_templates = [
        path
        for folder in ("play", "games")
        for path in (TEMPLATES / folder).rglob("*.html")
        if "tv" not in path.stem and path.stem != "_options"  # the new match page's
    ]
    used = {
        name
        for path in sheet_templates
        for value in re.findall(r'class="([^"]*)"', path.read_text())
        for name in re.sub(r"\{[{%].*?[%}]\}", " ", value).split()
    }
    sheet = set()
    for path in [STATIC / "css" / "app.css", STATIC / "css" / "charts.css"]:
        sheet |= styled_classes(path.read_text())
    for path in (STATIC / "css" / "games").glob("*.css"):
        sheet |= styled_classes(path.read_text())
    elsewhere = styled_classes((STATIC / "css" / "pages.css").read_text())
    elsewhere |= styled_classes((STATIC / "css" / "tv.css").read_text())
    assert used, "the sheet's templates name no class: the scan is broken"
    assert not (used & elsewhere) - sheet
