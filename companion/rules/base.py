"""The contract every game's rules follow.

The rules engine is pure Python: it knows nothing of the web or the database, so it can be replayed,
tested and exported on its own. A state is an immutable value; ``apply`` returns a new one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol, TypeVar

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


class Termination(StrEnum):
    """Why a game ended. The values are strings in the export format: never rename one."""

    ROUNDS = "rounds"
    """The agreed number of rounds was played (6 nimmt! by rounds, Auf der Pirsch)."""
    LIMIT = "limit"
    """Someone passed the bull-head limit (6 nimmt!)."""
    LAST_STANDING = "last_standing"
    """One player or nobody has lives left (Nuota per la vita)."""
    BEATEN = "beaten"
    """Every card was played (The Game)."""
    STUCK = "stuck"
    """The player on turn could not play the minimum (The Game)."""
    RESULT = "result"
    """The team typed its cards left (The Game)."""
    FIRE = "fire"
    """An On Fire card stayed uncovered at the end of a turn (The Game)."""
    JOINED = "joined"
    """A player joined their two start cells (Bloccato e pelato)."""
    DRAW = "draw"
    """Nobody can join any more (Bloccato e pelato)."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the winning seats (ties share) and why it ended."""

    winners: tuple[int, ...]
    reason: Termination


State = TypeVar("State")


class Rules(Protocol[State]):
    """The interface of one game's rules, generic in the game's state type."""

    info: GameInfo

    def setup(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> State:
        """The starting state for these players; missing options take the rulebook defaults."""
        ...

    def apply(self, state: State, move: Move) -> State:
        """The state after ``move``; IllegalMove with a reason when the rules refuse it."""
        ...

    def standings(self, state: State) -> list[int]:
        """One number per seat: what the game counts (bull heads, lives, points, cards left...)."""
        ...

    def outcome(self, state: State) -> Outcome | None:
        """None while the game goes on; the winners and the reason once it has ended."""
        ...

    def to_dict(self, state: State) -> dict[str, Any]:
        """The state as plain JSON data."""
        ...

    def from_dict(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from ``to_dict`` output."""
        ...


def can(check: Callable[..., object], *args: Any, **kwargs: Any) -> bool:
    """Whether ``check(*args, **kwargs)`` passes: the "may this seat do X?" a page asks before
    it offers a button, from the same check that guards the move."""
    try:
        check(*args, **kwargs)
    except IllegalMove:
        return False
    return True


class Options:
    """A match's options as ``setup`` reads them: missing ones take the given default, and
    anything that is not what the game expects is refused with the game's own reason."""

    def __init__(self, options: object) -> None:
        if options is None:
            options = {}
        require(isinstance(options, Mapping), N_("The options are not understood."))
        assert isinstance(options, Mapping)
        self.raw: Mapping[str, Any] = options

    def get(self, key: str) -> Any:
        """The raw value of ``key`` (None when missing), for options a game checks itself."""
        return self.raw.get(key)

    def choice(self, key: str, allowed: Sequence[str], default: str, reason: str) -> str:
        """One of ``allowed`` (``default`` when missing), else IllegalMove(reason)."""
        value = self.raw.get(key, default)
        require(isinstance(value, str) and value in allowed, reason)
        return str(value)

    def flag(self, key: str, reason: str, default: bool = False) -> bool:
        """A yes/no option, else IllegalMove(reason)."""
        value = self.raw.get(key, default)
        require(isinstance(value, bool), reason)
        return bool(value)

    def index(self, key: str, size: int, default: int, reason: str) -> int:
        """A seat number below ``size`` (``default`` when missing or null), else IllegalMove."""
        value = self.raw.get(key)
        number = default if value is None else whole_number(value)
        require(0 <= number < size, reason)
        return number


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
