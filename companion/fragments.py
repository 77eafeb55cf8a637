"""Sheet fragments rendered once per version and shared by the phones of a table.

After every change each phone at the table fetches the same scoreboard for the same version, so
rendering it once per version, language and viewpoint is enough. Only fragments declared
shareable are kept: the running-totals chart (a pure function of the match's log), and a game's
scoreboard while its seam says it shows every phone the same thing and carries no form
(:meth:`companion.games.base.Seam.scoreboard_shared`). Everything else renders afresh.

The key holds everything such a fragment can depend on: the log (:func:`companion.snapshot.key_of`:
id, version, names, options...), the match's status, the language and the per-phone values the
templates read (the phone's seat for the "you" marker, host, writer, member or read-only viewer).
A new version or another phone's view only misses. Like the snapshots, the cache lives in each
worker process and is bounded (:mod:`companion.caches`).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from flask import Flask
from flask_babel import get_locale
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from . import snapshot
from .caches import Kept, kept

SIZE = 2048
"""Fragments one worker keeps: a few per open table (languages x seats x templates)."""
EXTENSION = "companion.fragments"
CHART = "play/_chart.html"


def fragments(app: Flask | None = None) -> Kept:
    """This app's shared fragments."""
    return kept(EXTENSION, SIZE, app)


def shareable(name: str, context: Context | dict[str, Any]) -> bool:
    """Whether ``name`` is one of the fragments declared shareable, in this context."""
    if name == CHART:
        return True
    seam, match = context["seam"], context["match"]
    return (
        name == seam.scoreboard_template
        and match.is_open
        and bool(seam.scoreboard_shared(context["sheet"]))
    )


def fragment_key(name: str, context: Context | dict[str, Any]) -> tuple[Hashable, ...]:
    """Everything a shared fragment can depend on; any difference is another key."""
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
    """``{% include name %}`` with the current variables, shared per :func:`fragment_key` when
    the fragment is declared shareable."""
    render = context.environment.get_template(name).render
    if not shareable(name, context):
        return Markup(render(context.get_all()))
    cache = fragments()
    key = fragment_key(name, context)
    html = cache.get(key)
    if html is None:
        html = Markup(render(context.get_all()))
        cache.put(key, html)
    return html


def init_app(app: Flask) -> None:
    """Make ``cached_include`` available to templates."""
    app.add_template_global(cached_include)
