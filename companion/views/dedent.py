"""Templates lose most of their indentation when they are compiled, not when they render.

The templates are indented for the people who read them; a phone needs none of it. Every answer
to a tap or a poll carries a few fragments, and the spaces that open each of their lines are a
good part of its bytes even compressed. Removing them from the template source before Jinja
compiles it costs nothing per request (a response filter would cost every request). Jinja's own
``trim_blocks`` / ``lstrip_blocks`` only trim around block tags, and no maintained package does
this at compile time, so it is the few lines below.

An indented line joins the line before it, its line break and indentation made one space: in
HTML outside ``<pre>`` and ``<textarea>`` a space and a line break read the same, and where
``trim_blocks`` takes away the line break after a block tag, that space still keeps two
attributes (or two words) apart, as the indentation did. A line that opens without indentation
keeps its line break, and so does one that opens with a block tag or a comment, which loses
its indentation instead: ``lstrip_blocks`` then has nothing to take, where a tag amid a line
would leave the spaces around it in the page. Such a tag carries its own leading space inside
(``{% if oob %} hx-swap-oob="true"{% endif %}``).

The templates hold no ``<pre>``, ``<textarea>`` nor string literal spanning lines (where
indentation would be content): ``tests/web/test_dedent.py`` keeps it so.
"""

from __future__ import annotations

import re

from flask import Flask
from jinja2.ext import Extension

INDENTATION = re.compile(r"\n[ \t]+(?!{[%#])")
BLOCK_INDENTATION = re.compile(r"\n[ \t]+(?={[%#])")


class Dedent(Extension):
    """Join every indented template line to the one before it before compiling it."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        """The source with each line break that indentation follows made one space."""
        return INDENTATION.sub(" ", BLOCK_INDENTATION.sub("\n", source))


def init_app(app: Flask) -> None:
    """Compile this app's templates without their indentation."""
    app.jinja_env.add_extension(Dedent)
