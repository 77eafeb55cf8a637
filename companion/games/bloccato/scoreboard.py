"""Bloccato e pelato on the web: what the scoreboard shows, worked out once per render.

The grid (every cell with its face, owner and highlights), the two sides, whose turn it is and
what the dice allow, as plain data: the templates only lay it out. Every sentence of the rules'
engine arrives as an English template with params and is translated here. The log lines
(:func:`describe`) are worded here too.
"""

from __future__ import annotations

from typing import Any

from ...i18n import gettext as _
from ...rules.bloccato import (
    MAX_THROWS,
    BloccatoState,
    can_still_connect,
    last_turn,
    markable_cells,
    phase,
    why,
    winning_chain,
)
from ...rules.bloccato.board import SIZE, Cell
from ...sheet import Sheet
from .turn import KEPT, held_roll, may_play
from .words import dice_words, say, side_name

SYMBOLS = ("X", "O")
"""The symbol of each seat: seat 0 crosses, seat 1 circles (as on the paper sheet)."""


class Labels:
    """What a screen reader says for each cell; the sentences are translated once per render."""

    def __init__(self, players: list[str]) -> None:
        self.players = players
        self.where = _("Row %(row)d, column %(col)d")
        self.start = _("start cell of %(name)s")
        self.marked = _("%(face)s, marked by %(name)s")
        self.cow = _("cow")
        self.win = _("in the winning chain")
        self.anchor = _("the next mark must touch it")

    def __call__(self, cell: dict[str, Any]) -> str:
        """E.g. "Row 2, column 3: 4, marked by Ann, in the winning chain"."""
        where = self.where % {"row": cell["r"] + 1, "col": cell["c"] + 1}
        owner = cell["owner"]
        face = self.cow if cell["face"] == "C" else cell["face"]
        if cell["start"]:
            what = self.start % {"name": self.players[owner]}
        elif owner is not None:
            what = self.marked % {"face": face, "name": self.players[owner]}
        else:
            what = face
        extra = [self.win] if cell["win"] else []
        if cell["anchor"]:
            extra.append(self.anchor)
        return f"{where}: {', '.join([what, *extra])}"


def grid(state: BloccatoState, players: list[str], open_: bool) -> list[list[dict[str, Any]]]:
    """Each row of the sheet: every cell with what it shows and how it is highlighted."""
    held = state.held()
    markable = set(markable_cells(state)) if open_ else set()
    win = set(winning_chain(state))
    latest: Cell | None = (state.marks[-1][1], state.marks[-1][2]) if state.marks else None
    label = Labels(players)
    rows = []
    for r in range(SIZE):
        row = []
        for c in range(SIZE):
            face = state.sheet[r][c]
            cell: dict[str, Any] = {
                "r": r,
                "c": c,
                "face": face,
                "owner": held.get((r, c)),
                "start": face in SYMBOLS,
                "markable": (r, c) in markable,
                "win": (r, c) in win,
                "latest": (r, c) == latest,
                "anchor": open_ and (r, c) == state.chain,
            }
            cell["symbol"] = None if cell["owner"] is None else SYMBOLS[cell["owner"]]
            cell["label"] = label(cell)
            row.append(cell)
        rows.append(row)
    return rows


def sides(sheet: Sheet[BloccatoState], playing: bool) -> list[dict[str, Any]]:
    """The two sides: who plays them, cells marked, whose turn, and whether they are cut off."""
    state = sheet.state
    marked = sheet.standings
    return [
        {
            "seat": seat,
            "name": sheet.players[seat],
            "symbol": SYMBOLS[seat],
            "side": side_name(seat),
            "marked": marked[seat],
            "turn": playing and state.turn == seat,
            "blocked": not can_still_connect(state, seat),
        }
        for seat in (0, 1)
    ]


def step(sheet: Sheet[BloccatoState], throws: list[str]) -> str:
    """Where the turn stands: the newest entry and the throws held. Dice tapped in the turn
    form are kept across a reload for this step only (static/js/picks.js): a seat claimed
    changes the version, not the step, while a throw or an entry makes a new one."""
    newest = sheet.entries[-1].seq if sheet.entries else 0
    return f"{newest}.{len(throws)}"


def board(sheet: Sheet[BloccatoState]) -> dict[str, Any]:
    """Template context of the scoreboard (and of the turn panel, which reads it too)."""
    state = sheet.state
    match = sheet.match
    now = phase(state)
    playing = match.is_open and now != "over"
    turn = state.turn
    can_act = playing and may_play(match, turn)
    held = held_roll(sheet) if playing else None
    throws = [] if held is None else [str(throw) for throw in held["throws"]]
    outcome = sheet.outcome
    status = say(why(state)) if (playing or outcome is not None) else None
    return {
        "rows": grid(state, sheet.players, playing),
        "sides": sides(sheet, playing),
        "phase": now,
        "playing": playing,
        "turn": turn,
        "turn_name": sheet.players[turn],
        "turn_symbol": SYMBOLS[turn],
        "can_act": can_act,
        "marking": can_act and now == "mark",
        "markable": len(markable_cells(state)) if playing else 0,
        "status": status,
        "last": say(last_turn(state)) if playing else None,
        "dice": state.dice if playing else "",
        "dice_words": dice_words(state.dice),
        "throw_words": dice_words(throws[-1]) if throws else "",
        "throws": throws,
        "kept": [] if held is None else list(held.get(KEPT, [])),
        "throws_left": MAX_THROWS - len(throws),
        "step": step(sheet, throws),
        "chain": state.chain is not None and playing,
        "draw": outcome is not None and not outcome.winners,
        "winner": outcome.winners[0] if outcome is not None and outcome.winners else None,
    }


def describe(move: dict[str, Any]) -> str:
    """A log line: "Rolled 3 3 4 cow cow (in the app, 2 throws)", "Marked row 2, column 5"."""
    kind = move.get("type")
    if kind == "roll":
        dice = dice_words(str(move.get("dice", "")))
        throws = move.get("throws")
        if isinstance(throws, list):
            return _(
                "Rolled %(dice)s in the app (throws: %(throws)s)",
                dice=dice,
                throws=" → ".join(dice_words(str(t)) for t in throws),
            )
        return _("Rolled %(dice)s", dice=dice)
    if kind == "mark":
        row, col = move.get("cell", [0, 0])
        return _("Marked row %(row)d, column %(col)d", row=int(row) + 1, col=int(col) + 1)
    if kind == "pass":
        return _("Passed")
    return str(kind)
