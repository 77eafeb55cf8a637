"""The full load of issue #10: ten phones × fifty entries each at one match, on a real server."""

from __future__ import annotations

from pathlib import Path

from ..web.test_concurrency import race


def test_ten_phones_fifty_entries_each_at_once(tmp_path: Path) -> None:
    race(tmp_path, 50)
