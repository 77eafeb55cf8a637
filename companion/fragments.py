"""Rendered sheet fragments kept in memory: the game's scoreboard and the running-totals chart.

After every change each phone at the table fetches the same scoreboard for the same version, so
rendering it once per version, language and viewpoint is enough. A fragment is a pure function of
the match's log (:func:`companion.snapshot.key_of`: id, version, names, options...), its status,
the language and the few per-phone values the templates read (the phone's seat for the "you"
marker, host, writer, member or read-only viewer); all of these are in the key, so a new version
or another phone's view only misses. Nothing carrying a form token is ever stored: a rendered
fragment that contains ``csrf_token`` is served once and forgotten. Like the snapshots, the cache
lives in each worker process and is bounded (least recently used first).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from flask import Flask, current_app
from flask_babel import get_locale
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from . import page_cache, snapshot

SIZE = 2048
"""Fragments one worker keeps: a few per open table (languages x seats x templates)."""
EXTENSION = "companion.fragments"
OTHER_MATCHES_AFTER_THE_END = frozenset({"games/thegame/_scoreboard.html"})
"""Fragments that, once their match is over, also show other matches of the group (The Game's
team record): those can be deleted, restored or added without this match's version moving, so
such a fragment is not kept after the end."""


def fragments(app: Flask | None = None) -> snapshot.Snapshots:
    """This app's fragment cache (one per app object, as the snapshots)."""
    app = app or current_app._get_current_object()  # type: ignore[attr-defined]
    found = app.extensions.get(EXTENSION)
    if found is None:
        found = app.extensions.setdefault(EXTENSION, snapshot.Snapshots(SIZE))
    return found  # type: ignore[no-any-return]


def fragment_key(name: str, context: Context | dict[str, Any]) -> tuple[Hashable, ...]:
    """Everything a sheet fragment can depend on; any difference is another key."""
    match = context["match"]
    sheet = context["sheet"]
    return (
        name,
        snapshot.key_of(match, list(sheet.players)),
        match.status,
        str(get_locale() or ""),
        context.get("me"),
        bool(context.get("host")),
        bool(context.get("writer")),
        context.get("member") is None,
    )


@pass_context
def cached_include(context: Context, name: str) -> Markup:
    """``{% include name %}`` with the current variables, remembered per :func:`fragment_key`."""
    cache = fragments()
    key = fragment_key(name, context)
    html = cache.get(key)
    if html is None:
        html = Markup(context.environment.get_template(name).render(context.get_all()))
        depends_on_others = name in OTHER_MATCHES_AFTER_THE_END and not context["match"].is_open
        if depends_on_others:
            page_cache.keep_out()
        elif "csrf_token" not in html and "\x00" not in html:
            cache.put(key, html)
    return html


def init_app(app: Flask) -> None:
    """Make ``cached_include`` available to templates."""
    app.add_template_global(cached_include)
