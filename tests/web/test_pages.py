"""One URL, two renderings (page, fragment, boosted, history restore); headers on every answer."""

from __future__ import annotations

import re

import pytest

from ..conftest import Phone
from .helpers import is_full_page, parse, top_elements

BOOSTED = {"HX-Boosted": "true"}
RESTORE = {"HX-History-Restore-Request": "true"}


@pytest.mark.parametrize(
    ("path", "root_id"),
    [("/m/{id}/entry", "entry"), ("/m/{id}/live?v=0", "scoreboard")],
    ids=["entry", "live"],
)
def test_htmx_request_gets_the_fragment_alone(phone: Phone, path: str, root_id: str) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    response = phone.get(path.format(id=match_id), hx=True)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert not is_full_page(html)
    assert "<html" not in html and "<body" not in html and "<head" not in html
    first = top_elements(html)[0]
    assert first.attrs.get("id") == root_id


@pytest.mark.parametrize("path", ["/m/{id}/entry", "/m/{id}/live?v=0", "/m/{id}"])
@pytest.mark.parametrize(
    "headers",
    [{}, BOOSTED, RESTORE],
    ids=["plain", "boosted", "history-restore"],
)
def test_plain_boosted_and_history_restore_requests_get_the_full_page(
    phone: Phone, path: str, headers: dict[str, str]
) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    response = phone.get(path.format(id=match_id), hx=bool(headers), headers=headers)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert is_full_page(html)
    page = parse(html)
    page.by_id("scoreboard")
    page.by_id("entry")


def test_the_full_sheet_holds_every_fragment_once(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    page = parse(phone.get(f"/m/{match_id}").get_data(as_text=True))
    for fragment in ("scoreboard", "entry", "seats", "invite", "log", "host"):
        assert len(page.find_all(id=fragment)) == 1, fragment


def test_the_entry_tabs_keep_real_links_and_fetch_the_fragment(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    html = phone.get(f"/m/{match_id}/entry?entry=cards", hx=True).get_data(as_text=True)
    form = parse(html).find("form", action=f"/m/{match_id}/entry/cards")
    assert form is not None, "the cards tab shows the cards form"
    tabs = parse(html).find_all("a", hx_target="#entry")
    assert tabs and all(t.attrs["href"].startswith(f"/m/{match_id}?entry=") for t in tabs)


@pytest.mark.parametrize(
    ("path", "hx"),
    [
        ("/", False),
        ("/new", False),
        ("/new/sixnimmt", False),
        ("/j", False),
        ("/m/{id}", False),
        ("/m/{id}", True),
        ("/m/{id}/entry", True),
        ("/m/{id}/live?v={v}", True),
        ("/m/{id}/live?v=0", True),
        ("/m/999999", False),
        ("/g/{group}", False),
        ("/static/css/app.css", False),
    ],
)
def test_every_answer_varies_on_hx_request(phone: Phone, path: str, hx: bool) -> None:
    from .helpers import match_row

    match_id = phone.new_match(["Ann", "Bob"])
    row = match_row(phone.app, match_id)
    url = path.format(id=match_id, v=row["version"], group=row["group_id"])
    response = phone.get(url, hx=hx)
    response.close()
    assert response.status_code in (200, 204, 404)
    assert "HX-Request" in response.headers.get("Vary", ""), url


def test_redirects_and_posts_vary_on_hx_request_too(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    response = phone.post(f"/m/{match_id}/seat", {"seat": "0"})
    assert response.status_code == 303
    assert "HX-Request" in response.headers["Vary"]


@pytest.mark.parametrize("path", ["/", "/m/{id}", "/j", "/m/999999"])
def test_strict_content_security_policy(phone: Phone, path: str) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    response = phone.get(path.format(id=match_id))
    csp = response.headers.get("Content-Security-Policy", "")
    directives = {d.split()[0]: d.split()[1:] for d in csp.split(";") if d.strip()}
    assert "'unsafe-inline'" not in csp
    assert "'unsafe-eval'" not in csp
    assert directives.get("default-src") == ["'self'"]
    assert directives.get("script-src") == ["'self'"]
    assert "style-src" in directives
    assert directives.get("frame-ancestors") == ["'none'"]


def test_pages_need_no_inline_script_or_style(phone: Phone) -> None:
    """The CSP forbids inline code, so no page may rely on it."""
    match_id = phone.new_match(["Ann", "Bob"])
    for path in ("/", "/new/sixnimmt", "/j", f"/m/{match_id}"):
        page = parse(phone.get(path).get_data(as_text=True))
        for script in page.find_all("script"):
            assert script.attrs.get("src"), f"inline <script> on {path}"
        for node in page.walk():
            assert "style" not in node.attrs, f"style= on <{node.tag}> on {path}"
            handlers = [a for a in node.attrs if a.startswith("on")]
            assert not handlers, f"inline handler {handlers} on <{node.tag}> on {path}"
        assert page.find("style") is None, f"<style> on {path}"


def test_htmx_is_configured_for_the_csp(phone: Phone) -> None:
    page = parse(phone.get("/").get_data(as_text=True))
    meta = page.find("meta", name="htmx-config")
    assert meta is not None
    config = meta.attrs["content"].replace(" ", "")
    assert '"includeIndicatorStyles":false' in config
    assert '"allowEval":false' in config


def test_session_cookie_is_httponly_and_samesite_lax(phone: Phone) -> None:
    response = phone.get("/")
    cookies = response.headers.getlist("Set-Cookie")
    assert cookies, "the first visit sets the device cookie"
    session_cookie = next(c for c in cookies if c.startswith("companion="))
    flags = [part.strip().lower() for part in session_cookie.split(";")]
    assert "httponly" in flags
    assert "samesite=lax" in flags


def test_the_device_cookie_outlives_the_browser_session(phone: Phone) -> None:
    """A phone that slept (or restarted its browser) is still the same device."""
    response = phone.get("/")
    session_cookie = next(
        c for c in response.headers.getlist("Set-Cookie") if c.startswith("companion=")
    )
    assert "expires=" in session_cookie.lower()


def test_no_attribute_renders_the_python_none(phone: Phone) -> None:
    match_id = phone.new_match(["Ann", "Bob"])
    for path in ("/new/sixnimmt", "/j", f"/m/{match_id}"):
        page = parse(phone.get(path).get_data(as_text=True))
        for node in page.walk():
            bad = {k: v for k, v in node.attrs.items() if v == "None"}
            assert not bad, f"<{node.tag}> on {path} has {bad}"


def test_the_language_is_switchable_and_remembered(phone: Phone) -> None:
    english = parse(phone.get("/").get_data(as_text=True)).find("html")
    assert english is not None and english.attrs["lang"] == "en"
    response = phone.get("/lang/it?next=/j")
    assert response.status_code == 303 and response.headers["Location"].endswith("/j")
    page = parse(phone.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True))
    assert page.find("html").attrs["lang"] == "it"  # type: ignore[union-attr]
    phone.get("/lang/en")
    page = parse(phone.get("/", headers={"Accept-Language": "it"}).get_data(as_text=True))
    assert page.find("html").attrs["lang"] == "en"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "target", ["//evil.example/", "https://evil.example/", "/\\evil.example", "javascript:x"]
)
def test_the_language_switch_is_no_open_redirect(phone: Phone, target: str) -> None:
    from urllib.parse import quote

    response = phone.get(f"/lang/it?next={quote(target, safe='')}")
    assert response.status_code == 303
    location = response.headers["Location"]
    assert "evil" not in location and "javascript" not in location


@pytest.mark.parametrize(
    ("slug", "boxes", "more"),
    [("bloccato", 2, False), ("pirsch", 4, False), ("nuota", 5, False), ("sixnimmt", 10, True)],
)
def test_the_new_match_form_has_a_name_box_for_each_seat_of_the_game(
    phone: Phone, slug: str, boxes: int, more: bool
) -> None:
    page = phone.get(f"/new/{slug}").get_data(as_text=True)
    assert re.findall(r'name="p(\d+)"', page) == [str(i) for i in range(boxes)]
    assert ("More players" in page) is more


@pytest.mark.parametrize(("slug", "extra"), [("bloccato", False), ("nuota", True)])
def test_the_players_hint_speaks_of_extra_boxes_only_where_some_may_stay_empty(
    phone: Phone, slug: str, extra: bool
) -> None:
    page = phone.get(f"/new/{slug}").get_data(as_text=True)
    assert ("Leave the extra boxes empty." in page) is extra
    assert "Mark the player who holds this phone." in page
