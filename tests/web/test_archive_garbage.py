"""Whatever bytes or JSON arrive, an import either succeeds whole or is refused with a reason:
never another error, never a partial group."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.archive import ImportRefused, import_group
from companion.archive.schema import parse
from companion.extensions import db
from companion.models import Entry, Group, Match, Player, Seat

from ..conftest import make_app
from .archive_builders import build_small, export_text

SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)


def counts() -> tuple[int, ...]:
    return tuple(db.session.query(m).count() for m in (Group, Player, Match, Seat, Entry))


def attempt(raw: bytes, *, must_refuse: bool = False) -> None:
    """Import ``raw``: a refusal must leave the tables as they were; with ``must_refuse`` (bytes
    that cannot be an export) anything but a refusal fails the test."""
    before = counts()
    try:
        import_group(parse(raw), None)
    except ImportRefused as refused:
        db.session.rollback()
        assert refused.reason
        assert counts() == before
    else:
        db.session.rollback()
        assert not must_refuse, f"{raw!r} was imported"


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON document where a value could be swapped."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*prefix, index))
    return found


def replace(document: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    document[path[0]] = replace(document[path[0]], path[1:], new)
    return document


def test_garbage_bytes_are_refused(tmp_path: Path) -> None:
    app = make_app(tmp_path)

    @SETTINGS
    @given(st.binary(max_size=200))
    def check(raw: bytes) -> None:
        with app.test_request_context():
            attempt(raw, must_refuse=True)

    check()


def test_a_valid_export_with_one_value_swapped_is_imported_or_refused(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    text = export_text(app, build_small(app))
    valid = json.loads(text)
    places = paths(valid)

    @SETTINGS
    @given(st.sampled_from(places), JSON)
    def check(path: tuple[Any, ...], new: Any) -> None:
        document = replace(json.loads(text), path, new)
        with app.test_request_context():
            attempt(json.dumps(document).encode())

    check()


def test_truncated_exports_are_refused(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    raw = export_text(app, build_small(app)).encode()

    @SETTINGS
    @given(st.integers(min_value=0, max_value=len(raw) - 1))
    def check(cut: int) -> None:
        with app.test_request_context():
            before = counts()
            try:
                import_group(parse(raw[:cut]), None)
            except ImportRefused:
                db.session.rollback()
            assert counts() == before

    check()
