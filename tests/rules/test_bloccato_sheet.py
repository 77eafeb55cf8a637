"""Bloccato e pelato sheets: validation of a typed-in sheet, and fair, reproducible generation."""

from __future__ import annotations

import functools
import random
from collections import Counter
from typing import Any

import pytest

from companion.rules.base import IllegalMove
from companion.rules.bloccato import RULES, valid_sheet
from companion.rules.bloccato.board import (
    cheapest_tree,
    join_cost,
    owners,
    start_cells,
)
from companion.rules.bloccato.sheet import (
    FACES,
    GENERATED_COST,
    generate_sheet,
    parse_sheet,
    reflect,
    start_costs,
)

PAPER = ["3X1C5X2", "24C3142", "C5213C4", "4C5X3O1", "1342C5C", "O21C34C", "5C41O23"]
SEEDS = range(150)


@functools.cache
def generated(seed: int) -> tuple[str, ...]:
    """The sheet generated for ``seed`` (made once, checked by several tests)."""
    return generate_sheet(random.Random(seed))


def problems(rows: Any) -> list[str]:
    """The English reasons of every problem with ``rows``."""
    return [problem.reason for problem in valid_sheet(rows)]


def test_a_sheet_from_a_paper_pad_is_accepted_in_any_case() -> None:
    assert problems(PAPER) == []
    lower = [row.lower() for row in PAPER]
    assert problems(lower) == []
    assert parse_sheet(lower) == tuple(PAPER)
    assert RULES.setup(["A", "B"], {"sheet": lower}).sheet == tuple(PAPER)


@pytest.mark.parametrize(
    ("rows", "reasons"),
    [
        (None, ["The sheet must have 7 rows of 7 cells."]),
        ("3X1C5X2" * 7, ["The sheet must have 7 rows of 7 cells."]),
        (PAPER[:6], ["The sheet must have 7 rows of 7 cells."]),
        ([*PAPER, "1234512"], ["The sheet must have 7 rows of 7 cells."]),
        (
            [PAPER[0] + "1", *PAPER[1:6], 7],
            ["Row 1 must have 7 cells (it has 8).", "Row 7 must have 7 cells (it has 0)."],
        ),
        (
            ["3X1C6X2", *PAPER[1:6], "5C41O2 "],
            [
                "Row 1, column 5: 6 is not 1–5, C, X or O.",
                "Row 7, column 7:   is not 1–5, C, X or O.",
            ],
        ),
        (
            ["3X1C5X2", "24X3142", *PAPER[2:]],
            ["The sheet needs exactly 3 start crosses (X); it has 4."],
        ),
        (
            ["3X1C5X2", *PAPER[1:4], "1342C5O", *PAPER[5:]],
            ["The sheet needs exactly 3 start circles (O); it has 4."],
        ),
        (
            ["3112C55", *PAPER[1:3], "4C51331", *PAPER[4:]],
            [
                "The sheet needs exactly 3 start crosses (X); it has 0.",
                "The sheet needs exactly 3 start circles (O); it has 2.",
            ],
        ),
        (
            ["XXX1C52", "24C3142", "C5213C4", "4C5O3O1", "1342C5C", "O21C34C", "5C41223"],
            ["On this sheet some start cells are already joined."],
        ),
    ],
)
def test_invalid_sheets_list_every_problem(rows: Any, reasons: list[str]) -> None:
    assert problems(rows) == reasons
    with pytest.raises(IllegalMove) as refused:
        parse_sheet(rows)
    assert refused.value.reason == reasons[0]
    if rows is not None:
        with pytest.raises(IllegalMove, match=reasons[0][:20]):
            RULES.setup(["A", "B"], {"sheet": rows})


def test_a_corner_cut_off_by_three_circles_means_the_circles_are_already_joined() -> None:
    rows = ["XO21C52", "OO13142", "C5213C4", "4C5X3X1", "1342C5C", "321C34C", "5C41223"]
    assert problems(rows) == ["On this sheet some start cells are already joined."]


@pytest.mark.parametrize("seed", [0, 1, 7, 12345])
def test_the_generator_is_deterministic_for_a_seed(seed: int) -> None:
    sheet = generate_sheet(random.Random(seed))
    assert generate_sheet(random.Random(seed)) == sheet
    assert RULES.setup(["A", "B"], None, seed) == RULES.setup(["A", "B"], None, seed)


def test_different_seeds_give_different_sheets() -> None:
    sheets = {generated(seed) for seed in SEEDS}
    assert len(sheets) == len(SEEDS)


def test_generated_sheets_are_valid() -> None:
    for seed in SEEDS:
        sheet = generated(seed)
        assert problems(list(sheet)) == [], seed


def test_generated_sheets_are_fair_both_sides_need_the_same_number_of_cells() -> None:
    low, high = GENERATED_COST
    for seed in SEEDS:
        crosses, circles = start_costs(generated(seed))
        assert crosses == circles, seed
        assert crosses is not None and low <= crosses <= high, seed


def test_generated_sheets_mirror_through_the_centre_with_sides_swapped() -> None:
    swap = {"X": "O", "O": "X"}
    for seed in SEEDS:
        sheet = generated(seed)
        for row in range(7):
            for col in range(7):
                twin_row, twin_col = reflect((row, col))
                face = sheet[row][col]
                assert sheet[twin_row][twin_col] == swap.get(face, face), seed


def test_generated_sheets_use_every_face_evenly_and_spread_the_start_cells() -> None:
    for seed in SEEDS:
        sheet = generated(seed)
        counts = Counter("".join(sheet))
        assert (counts["X"], counts["O"]) == (3, 3)
        assert all(6 <= counts[face] <= 9 for face in FACES), (seed, counts)
        for seat in (0, 1):
            cells = start_cells(sheet, seat)
            assert all(
                max(abs(a[0] - b[0]), abs(a[1] - b[1])) >= 3 for a in cells for b in cells if a < b
            )


def test_join_cost_counts_the_free_cells_still_needed() -> None:
    sheet = ["X1X1X11", *["1234512"] * 5, "O1O1O11"]
    held = owners(sheet, ())
    assert join_cost(sheet, held, 0) == 2
    assert join_cost(sheet, owners(sheet, [(0, 0, 1)]), 0) == 1
    assert join_cost(sheet, owners(sheet, [(0, 0, 1), (0, 0, 3)]), 0) == 0
    blocked = owners(sheet, [(1, 0, 1), (1, 1, 0), (1, 1, 1)])
    assert join_cost(sheet, blocked, 0) is None


def test_the_cheapest_tree_of_three_cells_meets_in_one_cell() -> None:
    found = cheapest_tree([(0, 0), (0, 6), (6, 3)], lambda cell: 1)
    assert found is not None
    cost, cells = found
    assert cost == len(cells) == 10
    assert {(0, 0), (0, 6), (6, 3)} <= cells
