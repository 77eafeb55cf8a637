"""An answer sent byte for byte to several phones is compressed once per encoding.

A changed poll's answer shared by the phones of a table (:mod:`companion.views.shared_poll`) is
the same text for each of them, so compressing it again for every phone only repeats work: a
third of such a copy's cost, measured. Flask-Compress can keep what it compressed, under a key
it asks the app for; this module gives it that key and a place to keep the bytes.

The key is a tag the view puts on the request (:func:`mark`), naming one rendered answer. Every
other response has no tag, and the store neither answers nor keeps anything for it: Flask-Compress
asks for the key of every response it compresses and files the bytes under the encoding and the
key, so an empty key must never find a match. Like the answers, the bytes live in each worker and
are bounded (:mod:`companion.caches`).
"""

from __future__ import annotations

from flask import Flask, Request, request

from .caches import kept

EXTENSION = "companion.compressed"
SIZE = 512
"""Compressed answers one worker keeps: one per encoding for each kept answer in use."""
TAG = "companion.compress_once"
"""Where the request keeps the tag of the answer it sends: in its WSGI environ, which no other
request shares (``g`` belongs to the app context, which a request inside an open one reuses)."""


def mark(tag: str) -> None:
    """This request sends the answer named ``tag``: its compressed bytes may be reused."""
    request.environ[TAG] = tag


def key_of(asked: Request) -> str:
    """Flask-Compress's cache key: the request's tag, or "" (nothing kept) without one."""
    return str(asked.environ.get(TAG, ""))


class Store:
    """Flask-Compress's cache backend: the worker's bounded map, for tagged answers only.

    Flask-Compress files every compressed body under ``"<encoding>;<key>"``; a key that ends
    with the separator came from an untagged response and is neither found nor kept."""

    def get(self, key: str) -> bytes | None:
        """The bytes compressed earlier for this tagged answer and encoding, if kept."""
        if key.endswith(";"):
            return None
        found: bytes | None = kept(EXTENSION, SIZE).get(key)
        return found

    def set(self, key: str, value: bytes) -> None:
        """Keep the bytes of a tagged answer (untagged ones are not kept)."""
        if not key.endswith(";"):
            kept(EXTENSION, SIZE).put(key, value)


def configure(app: Flask) -> None:
    """Hand Flask-Compress the key and the store (before it is bound to ``app``)."""
    app.config.setdefault("COMPRESS_CACHE_KEY", key_of)
    app.config.setdefault("COMPRESS_CACHE_BACKEND", Store)
