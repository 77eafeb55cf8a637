"""Templates lose their indentation when they are compiled, not when they render.

The templates are indented for the people who read them; a phone needs none of it. Every answer
to a tap or a poll carries a few fragments, and the spaces that open each of their lines are a
good part of its bytes even compressed. Removing them from the template source before Jinja
compiles it costs nothing per request (a response filter would cost every request). Jinja's own
``trim_blocks`` / ``lstrip_blocks`` only trim around block tags, and no maintained package does
this at compile time, so it is the few lines below.

Only the spaces and tabs that open a line go; the line break stays, so words split over lines
stay apart. The templates hold no ``<pre>``, ``<textarea>`` nor string literal spanning lines
(where indentation would be content): ``tests/web/test_dedent.py`` keeps it that way.
"""

from __future__ import annotations

import re

from flask import Flask
from jinja2.ext import Extension

INDENTATION = re.compile(r"\n[ \t]+")


class Dedent(Extension):
    """Drop the indentation of every template line before compiling it."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        """The source with each line's leading spaces and tabs removed."""
        return INDENTATION.sub("\n", source).lstrip(" \t")


def init_app(app: Flask) -> None:
    """Compile this app's templates without their indentation."""
    app.jinja_env.add_extension(Dedent)
