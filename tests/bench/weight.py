"""Page weight per game: what a phone downloads on its first and on a return visit to a sheet.

Counted in bytes as the server sends them to a browser that says ``Accept-Encoding: br, gzip``
(bodies only). The first visit is the page and every script and stylesheet it names, one
request each. The return visit has the browser's cache: a file the server marked fresh
(``max-age`` or ``immutable``) is not asked for again; one with a validator is asked for with
it (``If-None-Match`` / ``If-Modified-Since``) and counts what that answer carries; anything
else is downloaded again. The page itself is always asked for again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..conftest import Phone, make_app, shut_down
from .browser import ACCEPT, KB, TokenPhone, body_of, text_of

GAMES: dict[str, dict[str, str]] = {
    "sixnimmt": {"variant": "base", "end": "gt66"},
    "thegame": {"variant": "base"},
    "pirsch": {"multiplier": "footprints"},
    "nuota": {"variant": "base", "first": "0"},
    "bloccato": {"first": "0", "source": "fresh"},
}
"""Every game and the fields its new-match form needs besides the players."""
PLAYERS = {"sixnimmt": 5, "thegame": 4, "pirsch": 4, "nuota": 3, "bloccato": 2}
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
ASSET = re.compile(r'<(?:script|link)\b[^>]*?(?:src|href)="(/static/[^"]+\.(?:js|css)[^"]*)"')
FRESH = re.compile(r"max-age=[1-9]|immutable")


@dataclass
class Weight:
    """One game's sheet: first and return visit in KB and requests, and the first visit's KB
    by part (the page, its stylesheet, htmx, the page's own scripts), so a run shows what the
    first visit weighs without each part."""

    game: str
    first_kb: float
    first_requests: int
    return_kb: float
    return_requests: int
    parts: dict[str, float] = field(default_factory=dict)


def part_of(url: str) -> str:
    """Which part of a first visit ``url`` is."""
    if "/vendor/" in url:
        return "htmx"
    return "styles" if url.split("?")[0].endswith(".css") else "scripts"


def start(phone: Phone, game: str) -> int:
    """A new match of ``game`` by this phone, which then takes seat 0 (as a host does)."""
    data = {f"p{i}": name for i, name in enumerate(NAMES[: PLAYERS[game]])}
    data.update({"group": "new", **GAMES[game]})
    response = phone.post(f"/new/{game}", data)
    assert response.status_code == 303, (game, text_of(response)[:300])
    match_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    phone.post(f"/m/{match_id}/seat", {"seat": "0"})  # some games seat the host already
    return match_id


def assets_of(html: str) -> list[str]:
    """Every script and stylesheet the page names, in order, once each."""
    return list(dict.fromkeys(url.replace("&amp;", "&") for url in ASSET.findall(html)))


def revisit(phone: Phone, url: str, first: Any) -> tuple[int, int]:
    """(bytes, requests) of ``url`` on a return visit, given its first answer's headers."""
    if FRESH.search(first.headers.get("Cache-Control", "")):
        return 0, 0
    headers = dict(ACCEPT)
    if first.headers.get("ETag"):
        headers["If-None-Match"] = first.headers["ETag"]
    if first.headers.get("Last-Modified"):
        headers["If-Modified-Since"] = first.headers["Last-Modified"]
    return len(body_of(phone.get(url, headers=headers))), 1


def game_weight(phone: Phone, game: str) -> Weight:
    """First and return visit of a fresh match of ``game``."""
    sheet = f"/m/{start(phone, game)}"
    page = phone.get(sheet, headers=ACCEPT)
    assert page.status_code == 200, (game, page.status_code)
    first = [len(body_of(page))]
    parts = {"page": first[0] / KB}
    again = [len(body_of(phone.get(sheet, headers=ACCEPT)))]
    requests_again = 1
    for url in assets_of(text_of(page)):
        asset = phone.get(url, headers=ACCEPT)
        assert asset.status_code == 200, (url, asset.status_code)
        first.append(len(body_of(asset)))
        parts[part_of(url)] = parts.get(part_of(url), 0.0) + first[-1] / KB
        size, count = revisit(phone, url, asset)
        again.append(size)
        requests_again += count
    return Weight(game, sum(first) / KB, len(first), sum(again) / KB, requests_again, parts)


def weights(tmp: Path) -> list[Weight]:
    """Every game's weights, on one fresh app."""
    tmp.mkdir(parents=True, exist_ok=True)
    app = make_app(
        tmp, SQLALCHEMY_DATABASE_URI=f"sqlite:///{tmp / 'weight.sqlite'}", WTF_CSRF_ENABLED=True
    )
    try:
        phone = TokenPhone(app)
        return [game_weight(phone, game) for game in GAMES]
    finally:
        shut_down(app)
