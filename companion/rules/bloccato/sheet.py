"""Bloccato e pelato sheets: checking one typed in from a paper pad, and generating fair ones.

A sheet is 7 strings of 7 characters: ``1``–``5`` and ``C`` (a cow) are the cells to mark,
``X`` and ``O`` the printed start cells of crosses (seat 0) and circles (seat 1), three each.

Fairness, measured: a side's *join cost* is the fewest free cells it must mark to join its three
start cells (:func:`start_costs`). Generated sheets are point-symmetric through the centre cell
with crosses and circles swapped, so every cell a cross needs has a twin with the same face that a
circle needs: the join costs are equal, and so is every other measure (which faces are needed, how
near the edge, how much the sides get in each other's way).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..base import N_, IllegalMove
from .board import SIZE, Cell, all_cells, join_cost, owners, reaches, start_cells

FACES = "12345C"
"""The faces of a die, the cow in place of the 6; also the symbols of the cells to mark."""

STARTS_PER_SIDE = 3
GENERATED_COST = (5, 7)
"""A generated sheet asks each side to mark between 5 and 7 cells to join (inclusive)."""

START_SPREAD = 3
"""Generated start cells of one side lie at least this many steps apart (king moves)."""


def reflect(cell: Cell) -> Cell:
    """The twin of ``cell`` through the centre of the sheet (the centre is its own twin)."""
    return SIZE - 1 - cell[0], SIZE - 1 - cell[1]


def _steps(a: Cell, b: Cell) -> int:
    """King-move distance between two cells (how many touching steps apart they are)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def valid_sheet(rows: object) -> list[IllegalMove]:
    """Every problem with a sheet typed in from a paper pad; an empty list means it is fine.

    Each problem is an :class:`IllegalMove` (template + params, ready for translation).
    Lower-case ``c``, ``x`` and ``o`` are accepted as their capitals.
    """
    if not isinstance(rows, list | tuple) or len(rows) != SIZE:
        return [IllegalMove(N_("The sheet must have 7 rows of 7 cells."))]
    problems = []
    for number, row in enumerate(rows, start=1):
        if not isinstance(row, str) or len(row) != SIZE:
            given = len(row) if isinstance(row, str) else 0
            problems.append(
                IllegalMove(
                    N_("Row %(row)d must have 7 cells (it has %(given)d)."), row=number, given=given
                )
            )
            continue
        for col, char in enumerate(row.upper(), start=1):
            if char not in FACES + "XO":
                problems.append(
                    IllegalMove(
                        N_("Row %(row)d, column %(col)d: %(char)s is not 1–5, C, X or O."),
                        row=number,
                        col=col,
                        char=char,
                    )
                )
    if problems:
        return problems
    sheet = tuple(str(row).upper() for row in rows)
    for seat, template in enumerate(
        (
            N_("The sheet needs exactly 3 start crosses (X); it has %(given)d."),
            N_("The sheet needs exactly 3 start circles (O); it has %(given)d."),
        )
    ):
        given = len(start_cells(sheet, seat))
        if given != STARTS_PER_SIDE:
            problems.append(IllegalMove(template, given=given))
    if not problems:
        problems.extend(_play_problems(sheet))
    return problems


def _play_problems(sheet: tuple[str, ...]) -> list[IllegalMove]:
    """A sheet whose start cells already touch in a chain leaves nothing to play for.

    (Three cells cannot cut the other side off without touching each other, so a sheet where a
    side can never join always has the other side already joined: one check covers both.)
    """
    held = owners(sheet, ())
    if any(reaches(sheet, held, seat, free=False) for seat in (0, 1)):
        return [IllegalMove(N_("On this sheet some start cells are already joined."))]
    return []


def parse_sheet(rows: object) -> tuple[str, ...]:
    """The sheet in capitals, or IllegalMove with its first problem."""
    problems = valid_sheet(rows)
    if problems:
        raise problems[0]
    assert isinstance(rows, list | tuple)
    return tuple(str(row).upper() for row in rows)


def start_costs(sheet: Sequence[str]) -> tuple[int | None, int | None]:
    """The fairness measure: the join cost of crosses and of circles on the untouched sheet."""
    held = owners(sheet, ())
    return join_cost(sheet, held, 0), join_cost(sheet, held, 1)


def _starts(rng: random.Random) -> list[Cell] | None:
    """Three spread-out cross start cells whose twins (the circles) keep their distance, or None."""
    half = [cell for cell in all_cells() if cell < reflect(cell)]
    crosses = [cell if rng.random() < 0.5 else reflect(cell) for cell in rng.sample(half, 3)]
    circles = [reflect(cell) for cell in crosses]
    spread = all(_steps(a, b) >= START_SPREAD for a in crosses for b in crosses if a != b)
    apart = all(_steps(a, b) >= 2 for a in crosses for b in circles)
    return crosses if spread and apart else None


def _faces(rng: random.Random) -> list[str]:
    """Faces for the 21 twin pairs: every face three times, three more faces at random."""
    faces = list(FACES) * 3 + rng.sample(FACES, 3)
    rng.shuffle(faces)
    return faces


def _candidate(rng: random.Random) -> tuple[str, ...] | None:
    """One point-symmetric sheet with crosses and circles swapped, or None if the starts are bad."""
    crosses = _starts(rng)
    if crosses is None:
        return None
    grid = {cell: "X" for cell in crosses} | {reflect(cell): "O" for cell in crosses}
    centre = (SIZE // 2, SIZE // 2)
    grid[centre] = rng.choice(FACES)
    pairs = [cell for cell in all_cells() if cell < reflect(cell) and cell not in grid]
    pairs = [cell for cell in pairs if reflect(cell) not in grid]
    for cell, face in zip(pairs, _faces(rng), strict=True):
        grid[cell] = grid[reflect(cell)] = face
    return tuple("".join(grid[(row, col)] for col in range(SIZE)) for row in range(SIZE))


def generate_sheet(rng: random.Random) -> tuple[str, ...]:
    """A fair sheet drawn with ``rng`` (same generator state, same sheet).

    Point-symmetric with crosses and circles swapped (equal join costs, see the module doc), each
    side's start cells spread out, not touching the other side's, and 5 to 7 cells from joined.
    """
    low, high = GENERATED_COST
    while True:
        sheet = _candidate(rng)
        if sheet is None:
            continue
        cost = start_costs(sheet)[0]
        if cost is not None and low <= cost <= high:
            return sheet
