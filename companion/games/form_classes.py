"""Entry-form classes built once per game setup and kept (:func:`form_class`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

FORM_CLASSES = 256
"""Entry-form classes kept: one per game setup (players, limits) of the tables being played."""
_form_classes: dict[tuple[Hashable, ...], type] = {}


def built(name: str, key: Hashable, fields: Callable[[], dict[str, Any]], base: type) -> Any:
    """The entry-form class ``name`` for one game setup (``key``: whatever ``fields`` reads,
    such as the players' names and the limits), built once and kept.

    A form class with a field per player is made with ``type()``; making it for every page a
    phone loads costs more than filling it. Labels that depend on the language are lazy, or
    the language is part of ``key``. The oldest class goes first once ``FORM_CLASSES`` are kept.
    """
    full = (name, base, key)
    found = _form_classes.get(full)
    if found is None:
        found = type(name, (base,), fields())
        if len(_form_classes) >= FORM_CLASSES:
            _form_classes.pop(next(iter(_form_classes)), None)
        _form_classes[full] = found
    return found
