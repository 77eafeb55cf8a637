"""How the bad-input tests read a refusal, shared by every test_bad_input module so they all
judge the messages the same way."""

from __future__ import annotations

from typing import Any

from .helpers import parse


def messages(response: Any) -> str:
    """The error messages a page shows: alerts and the messages next to fields."""
    page = parse(response.get_data(as_text=True))
    found = page.find_all(role="alert") + page.find_all(class_="field-error")
    return " | ".join(node.text() for node in found)
