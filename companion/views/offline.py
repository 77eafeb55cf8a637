"""The service worker, and which pages it may keep for a phone that lost the network.

The worker (``static/sw.js``) is served from the root so that its scope covers every page, with
``Service-Worker-Allowed: /`` and ``no-cache`` so that a new release reaches the phone on its
next visit. Two placeholders are filled in here: the release's version (its caches are named
after it, so a new version drops the old ones) and the CSP that a page copied from the
browser's own DOM is served with when offline.

Only a sheet and the home page are kept, and only under this device's tag: an HMAC of the
device id, so a phone whose cookie changed (another person's device) throws away what the
previous one kept instead of showing it. Everything else stays network-only.
"""

from __future__ import annotations

import hashlib
import hmac

from flask import Blueprint, Flask, Response, current_app, request

from ..assets import BUNDLE, assets
from ..security import CSP, device_id

bp = Blueprint("offline", __name__)

KEPT = frozenset({"play.sheet", "main.home"})
"""The pages a phone keeps its last good copy of."""
HEADER = "X-Offline-Copy"
WORKER = "sw.js"


def version() -> str:
    """This release's fingerprint: the worker and the bundles every page loads."""
    found = (assets().get(name) for name in (WORKER, f"{BUNDLE}app.js", f"{BUNDLE}all.css"))
    digests = "".join(asset.digest if asset else "-" for asset in found)
    return hashlib.sha256(digests.encode()).hexdigest()[:16]


def keep_tag() -> str | None:
    """This device's tag when the page being answered may be kept offline, else None."""
    if request.endpoint not in KEPT or request.method != "GET":
        return None
    key = current_app.config["SECRET_KEY"]
    secret = key.encode() if isinstance(key, str) else bytes(key)
    return hmac.new(secret, b"offline:" + device_id().encode(), hashlib.sha256).hexdigest()[:16]


@bp.get("/sw.js")
def worker() -> Response:
    """The service worker, at the root so that its scope is the whole app."""
    source = assets().get(WORKER)
    if source is None:  # pragma: no cover - the file ships with the app
        return Response(status=404)
    release = version()
    body = source.encodings[""].decode().replace("__VERSION__", release)
    response = Response(body.replace("__CSP__", CSP), mimetype="application/javascript")
    response.headers["Service-Worker-Allowed"] = "/"
    response.headers["Cache-Control"] = "no-cache"
    response.set_etag(release)  # the browser's update check is a 304 until a new release
    return response.make_conditional(request)


def mark_kept(response: Response) -> Response:
    """Tell the worker which full pages it may keep, and for which device."""
    if response.status_code == 200 and response.mimetype == "text/html":
        tag = keep_tag()
        if tag and request.headers.get("HX-Request") != "true":
            response.headers[HEADER] = tag
    return response


def init_app(app: Flask) -> None:
    """Mark the pages the worker may keep; the page templates get the same tag."""
    app.after_request(mark_kept)
    app.add_template_global(keep_tag)
