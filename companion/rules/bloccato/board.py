"""Bloccato e pelato: the 7×7 grid, its neighbours and who can (still) join their start cells.

Pure geometry shared by the rules (win and draw), the page (the winning chain to highlight) and
the sheet generator (how hard each side's start cells are to join). Cells are ``(row, col)``
tuples counted from 0; two cells touch when they meet horizontally, vertically or diagonally.
"""

from __future__ import annotations

import functools
import heapq
from collections.abc import Callable, Iterable, Mapping, Sequence

SIZE = 7
"""The sheet is a square of 7 × 7 cells."""

Cell = tuple[int, int]
Mark = tuple[int, int, int]
"""A mark on the sheet: ``(seat, row, col)``."""

START = ("X", "O")
"""The start symbol of each seat: seat 0 plays crosses, seat 1 circles."""

DIRECTIONS: tuple[Cell, ...] = tuple(
    (dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)
)
"""The eight directions in which cells join (orthogonal and diagonal)."""

Weight = Callable[[Cell], "int | None"]


def on_board(cell: Cell) -> bool:
    """Whether ``cell`` lies on the 7 × 7 sheet."""
    return 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE


_CELLS = tuple((row, col) for row in range(SIZE) for col in range(SIZE))


def all_cells() -> tuple[Cell, ...]:
    """Every cell of the sheet, row by row."""
    return _CELLS


_NEIGHBOURS: dict[Cell, tuple[Cell, ...]] = {
    (row, col): tuple(
        (row + dr, col + dc) for dr, dc in DIRECTIONS if on_board((row + dr, col + dc))
    )
    for row in range(SIZE)
    for col in range(SIZE)
}


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The cells touching ``cell`` in the eight directions, staying on the sheet."""
    return _NEIGHBOURS[cell]


def touching(a: Cell, b: Cell) -> bool:
    """Whether two different cells touch (the rule for marks after a quad)."""
    return a != b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def start_cells(sheet: Sequence[str], seat: int) -> tuple[Cell, ...]:
    """The printed start cells of ``seat`` (crosses for seat 0, circles for seat 1)."""
    return _start_cells(tuple(sheet), seat)


@functools.lru_cache(maxsize=64)
def _start_cells(sheet: tuple[str, ...], seat: int) -> tuple[Cell, ...]:
    """``start_cells`` remembered per sheet: every query of a game asks it again."""
    symbol = START[seat]
    return tuple(cell for cell in _CELLS if sheet[cell[0]][cell[1]] == symbol)


def owners(sheet: Sequence[str], marks: Iterable[Mark]) -> dict[Cell, int]:
    """Who holds each taken cell: the printed start cells and every mark."""
    held = {cell: seat for seat in (0, 1) for cell in start_cells(sheet, seat)}
    held.update({(row, col): seat for seat, row, col in marks})
    return held


def reaches(sheet: Sequence[str], held: Mapping[Cell, int], seat: int, free: bool) -> bool:
    """Whether ``seat``'s start cells are joined through its own cells (and free ones if ``free``).

    With ``free=False`` this is the win; with ``free=True`` whether the side can still join.
    """
    starts = start_cells(sheet, seat)
    seen = {starts[0]}
    todo = [starts[0]]
    while todo:
        for near in _NEIGHBOURS[todo.pop()]:
            owner = held.get(near, -1)
            if near not in seen and (owner == seat or (free and owner == -1)):
                seen.add(near)
                todo.append(near)
    return all(cell in seen for cell in starts)


def _distances(start: Cell, weight: Weight) -> tuple[dict[Cell, int], dict[Cell, Cell]]:
    """Cheapest cost from ``start`` to every usable cell (cell costs summed, both ends included)."""
    first = weight(start)
    if first is None:
        return {}, {}
    dist = {start: first}
    came: dict[Cell, Cell] = {}
    queue = [(first, start)]
    while queue:
        cost, cell = heapq.heappop(queue)
        if cost > dist[cell]:
            continue
        for near in neighbours(cell):
            step = weight(near)
            if step is not None and cost + step < dist.get(near, cost + step + 1):
                dist[near] = cost + step
                came[near] = cell
                heapq.heappush(queue, (cost + step, near))
    return dist, came


def cheapest_tree(terminals: Sequence[Cell], weight: Weight) -> tuple[int, frozenset[Cell]] | None:
    """The cheapest set of usable cells that joins all ``terminals``, with its cost; None if none.

    ``weight`` gives the cost of using a cell, or None where it may not be used. For up to three
    terminals the best tree is made of shortest paths from each terminal to one meeting cell, so
    trying every meeting cell gives the exact answer (the sheet has three start cells per side).
    """
    searches = [_distances(cell, weight) for cell in terminals]
    best: tuple[int, Cell] | None = None
    for cell in all_cells():
        if all(cell in dist for dist, _ in searches):
            own = weight(cell) or 0
            cost = sum(dist[cell] for dist, _ in searches) - (len(searches) - 1) * own
            if best is None or cost < best[0]:
                best = (cost, cell)
    if best is None:
        return None
    tree = set()
    for terminal, (_, came) in zip(terminals, searches, strict=True):
        cell = best[1]
        tree.add(cell)
        while cell != terminal:
            cell = came[cell]
            tree.add(cell)
    return best[0], frozenset(tree)


def join_cost(sheet: Sequence[str], held: Mapping[Cell, int], seat: int) -> int | None:
    """How many free cells ``seat`` must still mark to join its start cells; None if it cannot.

    0 means the start cells are already joined by the seat's own cells.
    """

    def weight(cell: Cell) -> int | None:
        owner = held.get(cell)
        return 1 if owner is None else (0 if owner == seat else None)

    found = cheapest_tree(start_cells(sheet, seat), weight)
    return None if found is None else found[0]


def joining_chain(sheet: Sequence[str], held: Mapping[Cell, int], seat: int) -> tuple[Cell, ...]:
    """The fewest own cells joining ``seat``'s start cells, sorted; empty while not joined."""

    def weight(cell: Cell) -> int | None:
        return 1 if held.get(cell) == seat else None

    found = cheapest_tree(start_cells(sheet, seat), weight)
    return () if found is None else tuple(sorted(found[1]))
