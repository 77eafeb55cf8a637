"""What every game's web seam provides, with the defaults a game may keep, and shared form pieces.

A game's seam is a subclass of :class:`Seam`: the methods without a default are what every game
must say (its title, how moves are entered, described and shown); the hooks with a default are
what only some games need (a chooser for held moves, parts gathered from several phones, a
running-totals chart, statistics figures, how results order). Shared code calls the hooks and
never asks which game it has.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from wtforms import HiddenField, IntegerField

from ..form_base import Form, plain_number_errors
from ..holes import one_time_key
from .figures import Figures, KeptAs, Played, Tallies, combined
from .form_classes import built
from .listed import Listed
from .running import Running

if TYPE_CHECKING:
    from ..models import Entry
    from ..sheet import Sheet

State = TypeVar("State")


class EntryBase(Form):
    """Fields every entry form carries: the version it was rendered at and a one-time key."""

    version = IntegerField(default=0)
    idem = HiddenField()

    def validate(self, extra_validators: Any = None) -> bool:
        """Validate, with :func:`plain_number_errors`."""
        valid = bool(super().validate(extra_validators))
        plain_number_errors(self)
        return valid

    def stamp(self, sheet: Sheet[Any]) -> EntryBase:
        """Fill the hidden fields for a fresh form on ``sheet`` (or for a typed one offered
        again: the submitted version and key then give way to the new ones)."""
        self.version.data = sheet.match.version
        self.version.raw_data = None
        self.idem.data = one_time_key()
        self.idem.raw_data = None
        return self

    def seen_entry(self) -> int | None:
        """The last log entry this form was rendered after, for forms whose parts are gathered
        from several phones (None: staleness goes by the version)."""
        return None


def form_class(
    name: str, key: Hashable, fields: Callable[[], dict[str, Any]], base: type = EntryBase
) -> Any:
    """The entry-form class ``name`` for one game setup, built once and kept
    (:func:`companion.games.form_classes.built`)."""
    return built(name, key, fields, base)


@dataclass(frozen=True)
class EntryKind:
    """One way of entering a move (e.g. bull heads per player, or the cards each player took)."""

    key: str
    label: Callable[[], str]
    template: str
    form: Callable[[Sheet[Any], Any], EntryBase]
    to_move: Callable[[Sheet[Any], Any], dict[str, Any]]
    shared: bool = False
    """Whether a fresh form reads the same on every phone that may write (its template reads
    no per-phone value: seat, host): then it is rendered once per version and shared by the
    phones of the table, only its token and key told apart
    (:func:`companion.fragments.entry_fields`)."""
    once: bool = False
    """Whether this way of entering is for the odd round only (Nuota's sudden death): once it
    is saved, the panel goes back to the game's first kind instead of staying on it."""


class Seam(Listed, Generic[State]):
    """The web side of one game. Subclasses set ``slug`` and ``scoreboard_template`` and
    override the methods that raise NotImplementedError; every other hook has a default (the
    group history's in :class:`.listed.Listed`)."""

    slug: str
    scoreboard_template: str
    scoreboard_notes_template: str | None = None
    """Notes under the scoreboard that stay true all match long (what a row means): part of the
    page only, so the answers to taps and polls, which replace the scoreboard, do not carry them.
    The stylesheet hides them once the scoreboard shows the match over (``data-over``)."""
    outcome_template: str | None = None
    """A template that replaces the winners line once the match is over (The Game's rating)."""
    cooperative: bool = False
    """Played as one team: one result for everybody, never a winner among the players."""
    gathers_parts: bool = False
    """Moves are completed by several phones together (each its own part): see :meth:`gather`."""
    lower_is_better: bool = True
    """Whether a lower :meth:`result` is the better one (bull heads, cards left)."""
    takes_back_held: bool = False
    """Whether a move held for a player's choice can be taken back alone, before the choice
    (6 nimmt!'s turn waiting for a row): never where a held move is a throw of the dice."""
    lands_on: str = "scoreboard"
    """The part of the sheet a form sent without JavaScript comes back to: the scoreboard, with
    what the entry changed; the entry panel for a game entered move by move in a form."""

    def title(self) -> str:
        """The game's name as shown in the app."""
        raise NotImplementedError

    def options_fields(self) -> dict[str, Any]:
        """Form fields for the game's options, added to the new-match form."""
        return {}

    def options(self, form: Any) -> dict[str, Any]:
        """The options dict (DESIGN.md vocabulary) from a validated new-match form."""
        return {}

    def options_summary(self, options: dict[str, Any]) -> str:
        """A short line describing the options, for the sheet header and the history."""
        return ""

    def undoes_only_the_latest(self, sheet: Sheet[State]) -> bool:
        """Whether only the newest entry can be undone, as in a game played move by move where
        each move follows from the one before: the log then offers Undo on that line alone."""
        return False

    def kind_taking_back(self, move: dict[str, Any]) -> str | None:
        """The entry kind whose form an undone ``move`` comes back in (its values there, to
        correct), which the undo's answer opens; None opens the first kind."""
        return None

    def overtaken(self, sheet: Sheet[State], latest: Entry, form: Any, who: str) -> str | None:
        """What a phone is told when the sheet moved on before its ``form`` was saved
        (``latest``, made by ``who``, is the newest entry since), when the game can say more
        than "Bob entered something a moment ago" (Kuh Vadis: the roll a tapped cell was for
        was undone). The form then comes back fresh, for the sheet as it is now. None: the
        shared words, with what was typed offered again (unless it makes the very move that
        overtook it: then it is said to be saved once, and the form comes back fresh)."""
        return None

    def entry_name(self, sheet: Sheet[State], entry: Entry) -> str | None:
        """What the table calls a standing ``entry`` of ``sheet`` ("round 6"), so a phone whose
        form it overtook is told which entry it took the place of, and that its typed values
        were for that one, not for the form that comes next. None: the game's moves have no
        such name, and the shared words say "something"."""
        return None

    def saved_note(self, sheet: Sheet[State], entry: Entry) -> str | None:
        """What the entry panel says of ``entry`` just saved, when the rules saved it with a
        warning (Auf der Pirsch: more footprints than the table can hold): the player at the
        form reads it there, not only in the scoreboard above. None: nothing to say."""
        return None

    def rematch_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options a rematch starts with: the same as the match before, unless the game
        deals something anew each match."""
        return dict(options)

    def entry_kinds(self, sheet: Sheet[State]) -> list[EntryKind]:
        """The ways a move can be entered right now."""
        raise NotImplementedError

    def leaders(self, sheet: Sheet[State]) -> list[int]:
        """The seats that win if the host ends the match now."""
        raise NotImplementedError

    def describe(self, move: dict[str, Any], players: list[str]) -> str:
        """One line for the entry log."""
        raise NotImplementedError

    def scoreboard(self, sheet: Sheet[State]) -> dict[str, Any]:
        """Template context for the scoreboard fragment."""
        raise NotImplementedError

    def tv_totals(self, sheet: Sheet[State]) -> tuple[list[int | None], str | None]:
        """Each seat's big number on the TV (None: none to show) and, when the rules' standings
        are not what decides the lead, what the number is."""
        return list(sheet.standings), None

    def scoreboard_shared(self, sheet: Sheet[State]) -> bool:
        """Whether the scoreboard shows every phone of the table the same thing (up to the
        phone's seat and role) and carries no form: then it is rendered once per version and
        shared (:mod:`companion.fragments`). A scoreboard with a form (a token, a one-time key)
        must say no."""
        return False

    def chooser(self, sheet: Sheet[State], move: dict[str, Any]) -> int | None:
        """The seat whose choice ``move`` still needs (held until then), or None."""
        return None

    def owner(self, sheet: Sheet[State], move: dict[str, Any]) -> int | None:
        """The seat whose own move ``move`` is (its turn), so another phone at the table makes
        it only after confirming; None for a move any player may enter for the table."""
        return None

    def gather(
        self,
        sheet: Sheet[State],
        move: dict[str, Any],
        seat: int | None,
        host: bool,
        known: int | None = None,
    ) -> tuple[dict[str, Any], bool]:
        """Merge this phone's part of a move with the parts held so far: ``(move, complete)``,
        or IllegalMove. ``known`` is the version the phone's form was rendered at (a part that
        arrived after it was not seen there). Only called when ``gathers_parts`` is set."""
        return move, True

    def gathered(self, move: dict[str, Any]) -> bool:
        """Whether the stored ``move`` was put together by :meth:`gather` from parts that
        several phones may have sent: its log line then names no single phone."""
        return False

    def running_totals(self, sheet: Sheet[State]) -> Running | None:
        """The running totals to chart after the end; None for a game without rounds."""
        return None

    def tallies(self, state: State, seat: int, won: bool) -> Tallies:
        """What ``seat``'s finished match adds to the game's own figures (stored on the seat
        when the match ends, :mod:`companion.games.figures`)."""
        return {}

    def kept_as(self, name: str) -> KeptAs:
        """How the tally ``name`` of many matches is kept: added up unless the game says so."""
        return "sum"

    def figures_of(self, tallies: Tallies) -> Figures:
        """The game's own figures for the player page, from the player's combined tallies."""
        return []

    def figures(self, games: list[Played]) -> Figures:
        """The game's own figures over these finished matches (their tallies combined)."""
        total: Tallies = {}
        for g in games:
            total = combined(self.kept_as, total, self.tallies(g.state, g.seat, g.won))
        return self.figures_of(total)

    def place_key(self, state: State, seat: int) -> tuple[int, ...]:
        """How seats that did not win order at the end: lower sorts first; equal keys share
        a place."""
        return ()

    def result(self, state: State, seat: int) -> int | None:
        """The number ``seat`` ended with, when the game has one worth averaging and ranking."""
        return None

    def ranked(self, result: int | None, tallies: Tallies) -> int | None:
        """The stored result as a player's average and best result take it in: the result
        itself, unless the seat's tallies say the match was lost in a way that makes its
        number no measure (The Game lost to the fire)."""
        return result

    def unranked_note(self) -> str | None:
        """What the charts' table says beside a result that :meth:`ranked` leaves out."""
        return None

    best_line: bool = False
    """Whether the results-over-time chart also draws the best result so far (The Game's
    record to beat)."""

    def result_label(self) -> str | None:
        """What :meth:`result` counts, for the charts' axis ("Bull heads"); None when the game
        has no result, and the charts show the place instead."""
        return None

    bgstats_no_points: bool = False
    """BG Stats' ``noPoints``: the game has no score worth sending, only winners."""
    bgstats_bgg_id: int | None = None
    """The game's BoardGameGeek id, only where it was checked against BoardGameGeek itself."""

    def bgstats_highest_wins(self) -> bool:
        """BG Stats' ``highestWins``: the highest score wins, unless the game's result is one
        where lower is better (bull heads, cards left)."""
        return self.result_label() is None or not self.lower_is_better

    def bgstats_name(self) -> str:
        """The game's name as BG Stats should file it (the title by default)."""
        return self.title()

    def start_seat(self, state: State) -> int:
        """The seat that began the match (BG Stats' ``startPlayer``): the first seat unless the
        game records another starter."""
        return 0

    def won(self, winners: Sequence[int], seat: int) -> bool:
        """Whether ``seat`` counts a win in the statistics: a tie shares the win, and a team
        that beat a cooperative game wins together."""
        return seat in winners
