"""The Game on the web: the seam the platform calls.

The Game is cooperative: the team shares one result (cards left), so the scoreboard carries the
team's result and rating instead of a winner, through ``outcome_template`` (the hook in
``play/_scoreboard.html``). The option fields and entry forms live in :mod:`.forms`, the board
and the running totals in :mod:`.scoreboard`, the game's words in :mod:`.words`, its statistics
in :mod:`.stats` and the comparison with the team's earlier games in :mod:`.history`; this
module ties them into the seam.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...rules import thegame as rules
from ...rules.thegame import TheGameState
from ...sheet import Sheet
from ..base import EntryKind, Figures, Running, Seam
from ..figures import KeptAs, Tallies
from . import forms, scoreboard, stats, words


class TheGameSeam(Seam[TheGameState]):
    """The web side of The Game."""

    slug = "thegame"
    scoreboard_template = "games/thegame/_scoreboard.html"
    outcome_template = "games/thegame/_outcome.html"
    """The team's result and rating replace the winners line."""
    cooperative = True
    """One team, one result: everybody wins together or nobody does."""
    lands_on = "entry"
    """Card after card is typed in the tracker: without JavaScript it comes back there."""
    lower_is_better = True
    """Cards left: the fewer the better."""
    best_line = True
    """The team's best result so far: the record to beat."""

    def result_label(self) -> str | None:
        """Cards left."""
        return words.cards_left_label()

    def title(self) -> str:
        """The game's name (the same in every language)."""
        return "The Game"

    def options_fields(self) -> dict[str, Any]:
        """Variant, one card fewer in hand, the On Fire expansion."""
        return forms.options_fields()

    def options(self, form: Any) -> dict[str, Any]:
        """Options in the DESIGN.md vocabulary."""
        return forms.options(form)

    def options_summary(self, options: dict[str, Any]) -> str:
        """E.g. "Professional · one card fewer in hand · On Fire"."""
        return words.options_summary(options)

    def entry_kinds(self, sheet: Sheet[TheGameState]) -> list[EntryKind]:
        """The tracker (default) and, until the first card is tracked, the result alone."""
        return forms.entry_kinds(sheet)

    def leaders(self, sheet: Sheet[TheGameState]) -> list[int]:
        """Nobody, when the host ends the match early: the team wins only by beating the game.

        A cooperative game has no leader; ending early is not beating the game, so the history
        records no winners (the same as the rules' outcome of any result above 0). Every seat
        only if no card is left, which cannot happen early (the 98th card ends the game).
        """
        if rules.cards_left(sheet.state) == 0:
            return list(range(len(sheet.players)))
        return []

    def describe(self, move: dict[str, Any], players: list[str]) -> str:
        """A log line: "37 on rising pile 1", "End of turn", "Result: 12 cards left"."""
        return words.describe_move(move)

    def scoreboard(self, sheet: Sheet[TheGameState]) -> dict[str, Any]:
        """The piles, the turn, the team's result and record."""
        return scoreboard.board(sheet)

    def scoreboard_shared(self, sheet: Sheet[TheGameState]) -> bool:
        """The scoreboard carries no form: every phone of the table may share its rendering."""
        return True

    def owner(self, sheet: Sheet[TheGameState], move: dict[str, Any]) -> int | None:
        """A card played, an end of turn or "we are stuck" belong to the player whose turn it is."""
        if move.get("type") in ("play", "end_turn", "stuck"):
            return rules.active_seat(sheet.state)
        return None

    def undoes_only_the_latest(self, sheet: Sheet[TheGameState]) -> bool:
        """Each card is played on the piles the cards before it left."""
        return True

    def running_totals(self, sheet: Sheet[TheGameState]) -> Running | None:
        """The team's cards left after each turn; None when only the result was typed."""
        return scoreboard.running(sheet)

    def tallies(self, state: TheGameState, seat: int, won: bool) -> Tallies:
        """What the seat's match adds to the figures below."""
        return stats.tallies(state, seat, won)

    def listed_words(self, options: dict[str, Any], tallies: Sequence[Tallies]) -> list[str]:
        """The rules played (base, professional, On Fire…) and a loss to the fire."""
        return stats.listed_words(options, tallies)

    def kept_as(self, name: str) -> KeptAs:
        """Which tallies keep their best rather than add up."""
        return stats.kept_as(name)

    def figures_of(self, tallies: Tallies) -> Figures:
        """Games beaten and the team's best result per number of players."""
        return stats.figures_of(tallies)

    def place_key(self, state: TheGameState, seat: int) -> tuple[int, ...]:
        """No order among the seats: the team shares one result."""
        return stats.place_key(state, seat)

    def result(self, state: TheGameState, seat: int) -> int | None:
        """The team's cards left, the same for every seat."""
        return stats.result(state, seat)

    def ranked(self, result: int | None, tallies: Tallies) -> int | None:
        """A game lost to the fire counts as played, with no result to average or rank."""
        return stats.ranked(result, tallies)

    def unranked_note(self) -> str | None:
        """Why a game's cards left are not in the best so far: the fire won it."""
        return stats.unranked_note()


SEAM = TheGameSeam()
