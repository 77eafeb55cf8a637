"""Pages and fragments compressed on the way out, for phones on a slow or metered connection.

A sheet page is about 20 KB of HTML and compresses to a sixth of that. Responses are compressed
once they are complete (never a stream: the doorbell must reach the phone at once), only when
the browser accepts it and only when they are big enough to gain from it. Static files are
compressed ahead of time instead (:mod:`companion.assets`).
"""

from __future__ import annotations

import gzip

from flask import Flask, Response, request

from .assets import COMPRESSIBLE, brotli

MIN_SIZE = 1024
"""Smaller answers (a 204 poll, a short fragment) gain less than the compressing costs."""
BROTLI_QUALITY = 5
"""About 0.3 ms for a 20 KB sheet on this project's 2-core machine, and a tenth smaller than
gzip's answer."""
GZIP_LEVEL = 6


def compress_response(response: Response) -> Response:
    """Compress a finished text response with brotli or gzip when the browser accepts either."""
    if (
        response.direct_passthrough
        or response.is_streamed
        or "Content-Encoding" in response.headers
        or not (response.mimetype or "").startswith(COMPRESSIBLE)
        or request.endpoint == "static"
    ):
        return response
    body = response.get_data()
    if len(body) < MIN_SIZE:
        return response
    response.vary.add("Accept-Encoding")
    accepted = request.accept_encodings
    if brotli is not None and accepted["br"] > 0:
        response.set_data(brotli.compress(body, quality=BROTLI_QUALITY))
        response.headers["Content-Encoding"] = "br"
    elif accepted["gzip"] > 0:
        response.set_data(gzip.compress(body, compresslevel=GZIP_LEVEL, mtime=0))
        response.headers["Content-Encoding"] = "gzip"
    else:
        return response
    etag, weak = response.get_etag()
    if etag:
        response.set_etag(f"{etag}-{response.headers['Content-Encoding']}", weak=bool(weak))
    return response


def init_app(app: Flask) -> None:
    """Compress every eligible response."""
    app.after_request(compress_response)
