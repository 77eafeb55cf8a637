"""What every game's web seam provides, and the form pieces they share."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from flask_wtf import FlaskForm
from wtforms import HiddenField, IntegerField

from ..page_cache import one_time_key

if TYPE_CHECKING:
    from ..sheet import Sheet


class EntryBase(FlaskForm):
    """Fields every entry form carries: the version it was rendered at and a one-time key."""

    version = IntegerField(default=0)
    idem = HiddenField()

    def stamp(self, version: int) -> EntryBase:
        """Fill the hidden fields for a fresh form."""
        self.version.data = version
        self.idem.data = one_time_key()
        return self


@dataclass(frozen=True)
class EntryKind:
    """One way of entering a move (e.g. bull heads per player, or the cards each player took)."""

    key: str
    label: Callable[[], str]
    template: str
    form: Callable[[Sheet, Any], EntryBase]
    to_move: Callable[[Sheet, Any], dict[str, Any]]


class Seam(Protocol):
    """The web side of one game."""

    slug: str
    scoreboard_template: str

    def title(self) -> str:
        """The game's name as shown in the app."""
        ...

    def options_fields(self) -> dict[str, Any]:
        """Form fields for the game's options, added to the new-match form."""
        ...

    def options(self, form: Any) -> dict[str, Any]:
        """The options dict (DESIGN.md vocabulary) from a validated new-match form."""
        ...

    def options_summary(self, options: dict[str, Any]) -> str:
        """A short line describing the options, for the sheet header and the history."""
        ...

    def entry_kinds(self, sheet: Sheet) -> list[EntryKind]:
        """The ways a move can be entered right now."""
        ...

    def leaders(self, sheet: Sheet) -> list[int]:
        """The seats that win if the host ends the match now."""
        ...

    def chooser(self, sheet: Sheet, move: dict[str, Any]) -> int | None:
        """The seat whose choice ``move`` still needs (held until then), or None."""
        ...

    def describe(self, move: dict[str, Any], players: list[str]) -> str:
        """One line for the entry log."""
        ...

    def scoreboard(self, sheet: Sheet) -> dict[str, Any]:
        """Template context for the scoreboard fragment."""
        ...


@dataclass(frozen=True)
class Running:
    """How a match went, step by step, for the chart after the end.

    ``lines`` holds one ``(label, values)`` per line: the value at the start, then after each
    step (a round, or a turn). ``limit`` draws the match's end threshold, when there is one.
    """

    measure: str
    step: str
    lines: tuple[tuple[str, tuple[int, ...]], ...]
    limit: int | None = None


def running_totals(seam: Seam, sheet: Sheet) -> Running | None:
    """The seam's optional ``running_totals(sheet)``; None for a game without rounds to chart."""
    method = getattr(seam, "running_totals", None)
    return None if method is None else method(sheet)


def cumulative(values: list[int]) -> tuple[int, ...]:
    """0, then the running sum of ``values`` (heads or points per round)."""
    out, total = [0], 0
    for value in values:
        total += value
        out.append(total)
    return tuple(out)
