"""Static files as a phone on patchy Wi-Fi should get them: compressed once, cached for good.

Every file under ``static/`` is read once (again only when it changes on disk), compressed once
with brotli and with gzip, and served from memory in whichever encoding the browser accepts.
A URL built with :func:`asset_url` carries the file's fingerprint (``?v=...``), so the browser
keeps that copy for a year without asking again; a new release has new fingerprints.

Stylesheets come in bundles, so that a phone's first visit to a sheet stays light:
``css/app.css`` and ``css/charts.css`` hold what every page needs (the sheet included: its
running totals are a chart), each game's own rules live in ``css/games/<game>.css``, the TV
page's in ``css/tv.css`` and every other page's (history, statistics, new match, join) in
``css/pages.css``. A sheet loads ``bundle/<game>.css`` (the two base files and its game, one
request), the TV page ``bundle/tv-<game>.css``, every other page ``bundle/all.css``.
A sheet of 6 nimmt! then downloads neither Bloccato's board nor the history's filters.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import time
from dataclasses import dataclass
from pathlib import Path

import rcssmin
import rjsmin
from flask import Flask, Response, abort, current_app, request, url_for
from werkzeug.security import safe_join

from .rules import REGISTRY

try:
    import brotli
except ImportError:  # pragma: no cover - brotli is a dependency; gzip alone still works
    brotli = None

EXTENSION = "companion.assets"
BUNDLE = "bundle/"
BASE_STYLES = ("css/app.css", "css/charts.css")
"""What every stylesheet bundle starts with, in this order."""
GAME_STYLES = "css/games"
PAGE_STYLES = "css/pages.css"
SCREEN_STYLES = {"tv": "css/tv.css"}
"""Pages shown on another kind of screen: their bundle is ``<screen>-<game>.css``."""
SCRIPTS = (
    "js/app.js", "js/doorbell.js", "js/status.js", "js/next.js", "js/outbox.js", "js/connection.js",
    "js/counters.js", "js/inflight.js", "js/kept.js", "js/tabs.js", "js/links.js", "js/picks.js",
    "js/draft.js",
)  # fmt: skip
"""The page scripts served together as ``bundle/app.js``, in this order."""
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml")
YEAR = 365 * 24 * 3600
LOOK_AGAIN_AFTER = 1.0
"""Seconds a page's links trust what was last read from disk: every page names three files (a
few stat calls each, 2 % of a sheet's time), and a file changed on disk is still seen within
the second, as when the stylesheets are edited under ``make run``."""


@dataclass(frozen=True)
class Asset:
    """One file (or bundle) as served: its bytes in each encoding and its fingerprint."""

    mimetype: str
    encodings: dict[str, bytes]
    digest: str
    stamp: tuple[tuple[int, int], ...]

    def response(self) -> Response:
        """The best encoding the request accepts, cached for a year when fingerprinted."""
        name = next((n for n in ("br", "gzip") if n in self.encodings and accepts(n)), "")
        response = Response(self.encodings[name], mimetype=self.mimetype)
        if name:
            response.headers["Content-Encoding"] = name
        response.vary.add("Accept-Encoding")
        response.set_etag(f"{self.digest}-{name or 'identity'}")
        if request.args.get("v") == self.digest:
            response.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"
        else:
            response.headers["Cache-Control"] = "no-cache"
        return response.make_conditional(request)


def accepts(encoding: str) -> bool:
    """Whether the request's Accept-Encoding allows ``encoding``."""
    return request.accept_encodings[encoding] > 0


def compressed(body: bytes, mimetype: str, quality: int = 11) -> dict[str, bytes]:
    """``body`` plain and, when worth it, brotli- and gzip-compressed."""
    encodings = {"": body}
    if len(body) < 256 or not mimetype.startswith(COMPRESSIBLE):
        return encodings
    encodings["gzip"] = gzip.compress(body, compresslevel=9, mtime=0)
    if brotli is not None:
        encodings["br"] = brotli.compress(body, quality=quality)
    return encodings


def minified(filename: str, body: bytes) -> bytes:
    """A bundle without comments and spaces; any other file as it is."""
    if not filename.startswith(BUNDLE):
        return body
    minify = rjsmin.jsmin if filename.endswith(".js") else rcssmin.cssmin
    return minify(body.decode()).encode()


class Assets:
    """The static files of one app, loaded lazily and kept while unchanged on disk."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.loaded: dict[str, Asset] = {}
        self.looked: dict[str, float] = {}
        """When each file was last compared with the disk (``time.monotonic``)."""

    def sources(self, filename: str) -> list[Path] | None:
        """The files that make up ``filename`` (a bundle is several), or None if unknown."""
        if filename == f"{BUNDLE}app.js":
            return [self.folder / name for name in SCRIPTS]
        if filename.startswith(BUNDLE):
            return self.stylesheets(filename.removeprefix(BUNDLE))
        try:
            found = safe_join(str(self.folder), filename)
            return [Path(found)] if found and Path(found).is_file() else None
        except (OSError, ValueError):
            # A name the file system cannot even look up (longer than NAME_MAX, a NUL, bytes
            # that are not text) names no file of ours: 404, like any other unknown name.
            return None

    def stylesheets(self, name: str) -> list[Path] | None:
        """The files of the stylesheet bundle ``name`` (``all.css``, ``<game>.css`` or
        ``<screen>-<game>.css``); None for any other name, since each bundle made up would be
        kept in memory."""
        if not name.endswith(".css"):
            return None
        screen, dash, game = name.removesuffix(".css").rpartition("-")
        known_screen = not dash or screen in SCREEN_STYLES
        if not known_screen or game not in (*REGISTRY, *(() if dash else ("all",))):
            return None
        games = sorted((self.folder / GAME_STYLES).glob("*.css"))
        base = [self.folder / part for part in BASE_STYLES]
        if game == "all":
            return [*base, self.folder / PAGE_STYLES, *games]
        middle = [self.folder / SCREEN_STYLES[screen]] if screen else []
        return [*base, *middle, *(p for p in games if p.stem == game)]

    def recent(self, filename: str) -> Asset | None:
        """The asset named ``filename`` as read from disk within the last second, or as it is
        now: what a page's link names (the file itself is always served as it is now)."""
        asset = self.loaded.get(filename)
        now = time.monotonic()
        if asset is not None and now - self.looked.get(filename, 0.0) < LOOK_AGAIN_AFTER:
            return asset
        found = self.get(filename)
        self.looked[filename] = now
        return found

    def get(self, filename: str) -> Asset | None:
        """The asset named ``filename``: from memory, or read afresh when its files changed."""
        paths = self.sources(filename)
        if paths is None:
            return None
        try:
            stamp = tuple((p.stat().st_mtime_ns, p.stat().st_size) for p in paths)
        except OSError:
            return None
        asset = self.loaded.get(filename)
        if asset is None or asset.stamp != stamp:
            body = minified(filename, b"\n".join(p.read_bytes() for p in paths))
            mimetype = mimetypes.guess_type(filename)[0] or "application/octet-stream"
            if mimetype.startswith("text/") or mimetype == "application/javascript":
                mimetype += "; charset=utf-8"
            digest = hashlib.sha256(body).hexdigest()[:16]
            asset = Asset(mimetype, compressed(body, mimetype), digest, stamp)
            self.loaded[filename] = asset
        return asset


def assets(app: Flask | None = None) -> Assets:
    """This app's static files."""
    target = app or current_app
    found: Assets = target.extensions[EXTENSION]
    return found


def static(filename: str) -> Response:
    """Serve one static file or bundle (the app's ``static`` endpoint)."""
    asset = assets().get(filename)
    if asset is None:
        abort(404)
    return asset.response()


def asset_url(filename: str) -> str:
    """The fingerprinted URL of a static file or bundle: cached by the browser for a year."""
    asset = assets().recent(filename)
    return url_for("static", filename=filename, v=asset.digest if asset else None)


def stylesheet(game: str | None = None, screen: str | None = None) -> str:
    """The stylesheet bundle of a page: its game's on a sheet (on a TV, with the big screen's
    rules), everything elsewhere."""
    if not game:
        return asset_url(f"{BUNDLE}all.css")
    return asset_url(f"{BUNDLE}{screen + '-' if screen else ''}{game}.css")


def script() -> str:
    """The script bundle every page loads after htmx."""
    return asset_url(f"{BUNDLE}app.js")


def init_app(app: Flask) -> None:
    """Replace Flask's file-by-file static view with the compressed, in-memory one."""
    app.extensions[EXTENSION] = Assets(Path(app.static_folder or "static"))
    app.view_functions["static"] = static
    app.add_template_global(asset_url)
    app.add_template_global(stylesheet)
    app.add_template_global(script)
