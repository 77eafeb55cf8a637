"""Sheet fragments rendered once per version and shared by the phones of a table.

After every change each phone at the table fetches the same scoreboard for the same version, so
rendering it once per version and language is enough. Only fragments declared
shareable are kept: the running-totals chart (a pure function of the match's log), a game's
scoreboard while its seam says it shows every phone the same thing and carries no form
(:meth:`companion.games.base.Seam.scoreboard_shared`), and the fresh form of an entry kind the
game declares shared (:attr:`companion.games.base.EntryKind.shared`), kept with holes for its
token and one-time key (:mod:`companion.holes`) that every answer fills anew. Everything else
renders afresh.

The key holds everything such a fragment can depend on: the log (:func:`companion.snapshot.key_of`:
id, version, names, options...), the match's status and the language. A shared fragment is the
same for every phone of the table: it is rendered without the per-phone values (:data:`PER_PHONE`),
so the phone's seat, host, writer or member role cannot leak into another phone's copy. What
depends on the seat ("you", "your turn") is written for every seat with ``data-seat="N"`` and
classes ``if-you`` / ``unless-you``; the page's seats panel (per phone) says ``data-you="N"``
and the stylesheet's fixed rules per seat show or hide the right parts (no script needed, and
hidden parts are hidden from screen readers too). A new version only misses. Like the
snapshots, the cache lives in each worker process and is bounded (:mod:`companion.caches`).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from flask import Flask
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from . import snapshot
from .caches import Kept, kept
from .holes import fill, holes
from .i18n import get_locale

SIZE = 2048
"""Fragments one worker keeps: a few per open table (languages x templates)."""
EXTENSION = "companion.fragments"
CHART = "play/_chart.html"
PER_PHONE = ("me", "host", "writer", "member")
"""Variables a shared fragment is rendered without: they differ between phones of a table."""


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
    )


@pass_context
def cached_include(context: Context, name: str, **given: bool) -> Markup:
    """``{% include name %}`` with the current variables and ``given`` ones (``oob=True`` in
    an answer: a function does not see the variables of a ``with`` block); when the fragment
    is declared shareable, rendered without the per-phone ones and shared per
    :func:`fragment_key` and ``given``."""
    render = context.environment.get_template(name).render
    variables = {**context.get_all(), **given}
    if not shareable(name, context):
        return Markup(render(variables))
    cache = fragments()
    key = (*fragment_key(name, context), *sorted(given.items()))
    html = cache.get(key)
    if html is None:
        html = Markup(render({**variables, **dict.fromkeys(PER_PHONE)}))
        cache.put(key, html)
    return html


@pass_context
def entry_fields(context: Context) -> Markup:
    """The active entry kind's form (its template, with ``form``). A fresh form of a kind
    declared shared (:attr:`companion.games.base.EntryKind.shared`) is rendered once per
    version, kind and language without the per-phone values, with holes for its token and key,
    and shared by every phone that may write at the table; each answer fills the holes anew.
    A form that came back refused or kept (it holds what someone typed) is always its own."""
    active = context["active"]
    render = context.environment.get_template(active.template).render
    if not active.shared or context.get("form") is not None or context.get("error"):
        return Markup(render({**context.get_all(), "form": context["entry_form"]()}))
    cache = fragments()
    key = ("entry", active.key, *fragment_key(active.template, context)[1:])
    html = cache.get(key)
    if html is None:
        with holes():
            form = context["entry_form"]()
            html = render({**context.get_all(), **dict.fromkeys(PER_PHONE), "form": form})
        cache.put(key, html)
    return Markup(fill(html))


def init_app(app: Flask) -> None:
    """Make ``cached_include`` and ``entry_fields`` available to templates."""
    app.add_template_global(cached_include)
    app.add_template_global(entry_fields)
