"""The contract every game's rules follow.

The rules engine is pure Python: it knows nothing of the web or the database, so it can be replayed,
tested and exported on its own. A state is an immutable value; ``apply`` returns a new one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

Move = Mapping[str, Any]
"""A move is a plain JSON object with a ``"type"`` key (see DESIGN.md for the vocabulary)."""


def N_(message: str) -> str:
    """Mark a message for translation without translating it (the web layer translates)."""
    return message


class IllegalMove(ValueError):
    """A move the rules refuse, with a reason a person can read.

    The reason is kept as an English ``template`` plus ``params`` so that the web layer can
    translate it into the user's language; ``reason`` is the English text.
    """

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        self.reason = template % params if params else template
        super().__init__(self.reason)


@dataclass(frozen=True)
class GameInfo:
    """What the app needs to know about a game before it has any state."""

    slug: str
    name: str
    min_players: int
    max_players: int


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the winning seats (ties share) and why it ended."""

    winners: tuple[int, ...]
    reason: str


class Rules(Protocol):
    """The interface of one game's rules; each game module exposes an object like this."""

    info: GameInfo

    def setup(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> Any:
        """The starting state for these players; missing options take the rulebook defaults."""
        ...

    def apply(self, state: Any, move: Move) -> Any:
        """The state after ``move``; IllegalMove with a reason when the rules refuse it."""
        ...

    def standings(self, state: Any) -> list[int]:
        """One number per seat: what the game counts (bull heads, lives, points, cards left...)."""
        ...

    def outcome(self, state: Any) -> Outcome | None:
        """None while the game goes on; the winners and the reason once it has ended."""
        ...

    def to_dict(self, state: Any) -> dict[str, Any]:
        """The state as plain JSON data."""
        ...

    def from_dict(self, data: Mapping[str, Any]) -> Any:
        """Rebuild a state from ``to_dict`` output."""
        ...


def require(condition: bool, template: str, **params: object) -> None:
    """Raise IllegalMove unless ``condition`` holds; keeps each rule check to one line."""
    if not condition:
        raise IllegalMove(template, **params)


def whole_number(value: object) -> int:
    """Return ``value`` as an int, refusing bools, floats and strings."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalMove(N_("Every number must be a whole number."))
    return value


def move_type(move: Move) -> str:
    """Return the ``type`` of a move, refusing anything that is not a move object."""
    if not isinstance(move, Mapping) or not isinstance(move.get("type"), str):
        raise IllegalMove(N_("A move must be an object with a type."))
    return str(move["type"])


def per_seat(values: object, seats: int) -> list[object]:
    """Return ``values`` as a list with one item per seat, or refuse the move."""
    require(isinstance(values, list), N_("Give one value per player."))
    assert isinstance(values, list)
    require(
        len(values) == seats,
        N_("Give one value per player (%(expected)d players, %(given)d values)."),
        expected=seats,
        given=len(values),
    )
    return values
