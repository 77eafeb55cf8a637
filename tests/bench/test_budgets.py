"""The bench's own machinery works: it asks for what a phone asks for, times every kind of request,
counts the bytes it should and reports misses. No timing is asserted here (``make bench`` compares
figures with budgets; tests never time anything).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from . import capacity as curve
from . import evening, run
from .browser import Screen
from .inprocess import add_bare, figures
from .table import measure
from .template_floor import template_ratio
from .weight import GAMES, revisit, weights

BOARD = '<section id="scoreboard" data-version="{board}"></section>'
FORM = BOARD + (
    '<section id="entry"><form data-entry data-refresh="/m/1/entry?entry=heads&amp;x=1">'
    '<input type="hidden" name="heads-version" value="{form}"><input name="heads-seat0">'
    "</form></section>"
)
WAITING = BOARD + (
    '<section id="entry"><p data-entry-waiting data-version="{panel}" data-refresh="/m/1/entry">'
    "</p></section>"
)


def test_a_stale_pristine_form_asks_for_a_fresh_entry_panel() -> None:
    screen = Screen()
    screen.show(FORM.format(board=7, form=6))
    assert screen.version == 7
    assert screen.follow_ups() == [("/m/1/entry?entry=heads&x=1", {"X-Follow-Sheet": "1"})]
    screen.show(FORM.format(board=7, form=7))
    assert screen.follow_ups() == []


def test_a_waiting_panel_of_another_version_asks_for_its_refresh() -> None:
    screen = Screen()
    screen.show(WAITING.format(board=5, panel=4))
    assert screen.follow_ups() == [("/m/1/entry", {})]
    screen.show(WAITING.format(board=5, panel=5))
    assert screen.follow_ups() == []


def test_a_fragment_without_entry_keeps_the_panel_shown() -> None:
    screen = Screen()
    screen.show(FORM.format(board=3, form=3))
    screen.show('<section id="scoreboard" data-version="4"></section>')
    assert screen.version == 4
    assert screen.follow_ups()[0][1] == {"X-Follow-Sheet": "1"}
    assert screen.hidden("heads") == {"heads-version": "3"}


def test_one_cycle_times_every_kind_on_new_versions(tmp_path: Path) -> None:
    samples = measure(tmp_path, entries=4, tables=1, cycles=1, bare=add_bare)
    assert sorted(samples.cpu) == [
        "bare", "changed_first", "changed_other", "round", "sheet", "unchanged",
    ]  # fmt: skip
    assert len(samples.cpu["changed_first"]) == 1
    assert len(samples.cpu["changed_other"]) == 3
    assert all(value > 0 for values in samples.cpu.values() for value in values)
    assert samples.entries == [3, 6]  # built to 4 - 3 // 2 entries, then three rounds
    assert samples.tap_bytes and samples.tap_bytes[0] > 100
    found = figures(4, samples)
    assert found.log_range == (3, 6)
    assert set(found.ratios) == set(samples.cpu) - {"bare"}


def test_every_game_is_weighed_page_and_assets(tmp_path: Path) -> None:
    found = weights(tmp_path)
    assert [w.game for w in found] == list(GAMES)
    for weight in found:
        assert weight.first_requests >= 3, weight  # the page, the scripts, the stylesheet
        assert 0 < weight.return_kb < weight.first_kb
        assert weight.return_requests >= 1
        assert set(weight.parts) == {"page", "styles", "htmx", "scripts"}, weight.parts
        assert abs(sum(weight.parts.values()) - weight.first_kb) < 1e-9
        assert 15.0 < weight.parts["htmx"] < 16.0  # DESIGN.md: "htmx alone is 15.3 KB"


def test_the_template_floor_renders_the_sheet_page_of_a_seated_phone(tmp_path: Path) -> None:
    ratio, size = template_ratio(tmp_path / "not-made-yet", entries=3)
    assert ratio > 0
    assert size > 5000  # the whole page (a fragment would be a few hundred characters)


def answer(headers: dict[str, str]) -> Any:
    """A first answer carrying only these headers."""
    return SimpleNamespace(headers=headers)


def test_a_return_visit_skips_fresh_files_and_revalidates_the_rest() -> None:
    asked: list[dict[str, str]] = []

    class Fake:
        def get(self, url: str, headers: dict[str, str]) -> Any:
            asked.append(headers)
            return SimpleNamespace(get_data=lambda: b"")

    fresh = answer({"Cache-Control": "public, max-age=31536000, immutable"})
    assert revisit(Fake(), "/static/a.js", fresh) == (0, 0)  # type: ignore[arg-type]
    assert asked == []
    tagged = answer({"Cache-Control": "no-cache", "ETag": '"abc"'})
    assert revisit(Fake(), "/static/b.js", tagged) == (0, 1)  # type: ignore[arg-type]
    assert asked[0]["If-None-Match"] == '"abc"'


def test_a_figure_over_its_budget_is_a_miss(capsys: pytest.CaptureFixture[str]) -> None:
    run.MISSED.clear()
    run.row("within", 1.0, 1.3, "×")
    run.row("over", 1.4, 1.3, "×")
    run.row("no budget", 99.0, None, "×")
    out = capsys.readouterr().out
    assert run.MISSED == ["over"]
    assert "pass" in out.splitlines()[0] and "FAIL" in out.splitlines()[1]
    run.MISSED.clear()


def test_history_without_its_module_says_not_measured(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "tests.bench.history", None)
    run.history_rows()
    assert "not measured" in capsys.readouterr().out


def test_a_history_module_that_fails_is_a_miss_not_a_crash(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken() -> list[tuple[str, float]]:
        raise ModuleNotFoundError("No module named 'companion.somewhere'")

    monkeypatch.setitem(sys.modules, "tests.bench.history", SimpleNamespace(history_figures=broken))
    monkeypatch.setattr(run, "MISSED", [])
    run.history_rows()
    assert "FAILED to measure" in capsys.readouterr().out
    assert run.MISSED == ["history (could not be measured)"]


def test_history_figures_are_compared_with_the_smallest_group(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    found = [("history_x_10", 10.0), ("history_x_5000", 20.0), ("history_bare_ms", 0.7)]
    module = SimpleNamespace(history_figures=lambda: found)
    monkeypatch.setitem(sys.modules, "tests.bench.history", module)
    monkeypatch.setattr(run, "MISSED", [])
    run.history_rows()
    assert run.MISSED == ["history page at 5,000 / at 10 matches"]
    assert "2.00 ×" in capsys.readouterr().out


def test_a_slow_or_failing_step_is_saturated_and_a_quick_clean_one_is_not() -> None:
    quick = curve.Step(500, "doorbell", "sqlite", requests=100, latencies=[0.01] * 100)
    slow = curve.Step(500, "doorbell", "sqlite", requests=100, latencies=[0.01] * 90 + [5.0] * 10)
    failing = curve.Step(500, "poll", "sqlite", requests=100, latencies=[0.01] * 100)
    failing.errors = ["poll 503"] * 2
    unseated = curve.Step(500, "poll", "sqlite", errors=["seating failed"])
    assert not quick.hopeless()
    assert slow.hopeless() and failing.hopeless() and unseated.hopeless()


def test_steps_after_a_saturated_one_are_misses_up_to_the_budget(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def saturated(database: str, steps: Any, seconds: float, mode: str, report: Any) -> Any:
        return [curve.Step(500, mode, database, requests=10, latencies=[5.0] * 10)]

    monkeypatch.setattr(curve, "capacity", saturated)
    monkeypatch.setattr(run, "MISSED", [])
    monkeypatch.setattr(run, "STEPS", [500, 1000, 2000, 3000])
    run.capacity("sqlite", "doorbell")
    assert run.MISSED == [
        "500 phones, doorbell, sqlite: p99",
        "1000 phones, doorbell, sqlite",
        "2000 phones, doorbell, sqlite",
    ]
    assert "3000 phones, doorbell, sqlite: not run" in capsys.readouterr().out


def test_a_step_tells_the_requests_after_the_arrival_apart() -> None:
    step = curve.Step(500, "doorbell", "sqlite")
    step.took(time.perf_counter() - 0.01)  # sent as the step began: in the arrival
    step.started -= curve.ARRIVAL_SECONDS + 1
    step.took(time.perf_counter() - 0.02)  # sent once the arrival was over
    assert len(step.latencies) == 2
    assert step.settled == [pytest.approx(0.02, abs=0.01)]


def test_a_phone_that_was_held_up_polls_again_on_its_own_beat() -> None:
    assert evening.keep_phase(10.0, 2.0, 10.1) == 12.0
    assert evening.keep_phase(10.0, 2.0, 15.3) == 16.0  # missed 12 and 14, not 15.3 + 2
    assert evening.keep_phase(10.0, 6.0, 9.0) == 16.0
