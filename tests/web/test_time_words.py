"""An entry's time in words reads as Babel words it, while Babel is asked once per wording."""

from __future__ import annotations

import random

import pytest
from babel import dates

from companion.views import time_words
from companion.views.time_words import words_ago

LANGUAGES = ("en", "it", "de")
UNITS = [per_unit for _, per_unit in dates.TIMEDELTA_UNITS]
EDGES = sorted(
    {
        round(per_unit * share, 3) + nudge
        for per_unit in UNITS
        for share in (0.85, 1, 1.5, 2.5, 11.5, 59.5)
        for nudge in (-0.001, 0.0, 0.001)
    }
)
"""Times around each unit's threshold and around each rounding step between two counts."""


@pytest.fixture(autouse=True)
def nothing_found_yet(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no wording kept, so what it checks was found by itself."""
    monkeypatch.setattr(time_words, "found", {})


@pytest.mark.parametrize("language", LANGUAGES)
def test_words_match_babel_at_every_unit_edge_in_both_directions(language: str) -> None:
    for seconds in [0.0, 0.4, 0.5, 1.0, *EDGES]:
        for signed in (-seconds, seconds):
            # Asked twice: the second answer comes from what the first one filed.
            for _ in range(2):
                expected = dates.format_timedelta(signed, add_direction=True, locale=language)
                assert words_ago(signed, language) == expected, (language, signed)


def test_words_match_babel_for_many_random_times() -> None:
    chance = random.Random(20261126)
    for _ in range(3000):
        seconds = -chance.uniform(0, 3 * 365 * 24 * 3600) * chance.choice((1e-4, 1e-2, 1))
        language = chance.choice(LANGUAGES)
        expected = dates.format_timedelta(seconds, add_direction=True, locale=language)
        assert words_ago(seconds, language) == expected, (language, seconds)


def test_babel_is_asked_once_per_wording(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[float] = []
    original = dates.format_timedelta

    def counting(seconds: float, **options: object) -> str:
        asked.append(seconds)
        return original(seconds, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(dates, "format_timedelta", counting)
    lines = [-125.0, -130.0, -170.0, -89.0, -3 * 3600.0, -3 * 3600.0 - 59]
    said = [words_ago(seconds, "it") for seconds in lines]
    assert said == [
        "2 minuti fa",
        "2 minuti fa",
        "3 minuti fa",
        "1 minuto fa",
        "3 ore fa",
        "3 ore fa",
    ]
    assert asked == [-125.0, -170.0, -89.0, -3 * 3600.0]


def test_the_kept_wordings_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(time_words, "KEPT", 3)
    for minutes in range(2, 10):
        assert words_ago(-60.0 * minutes, "en") == f"{minutes} minutes ago"
    assert len(time_words.found) == 3
