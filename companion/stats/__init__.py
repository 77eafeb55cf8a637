"""Statistics of a group's history, computed from replays of the finished matches.

Nothing is stored: every figure comes from the entry logs through the rules, a whole page's
matches replayed from one query for their entries (:mod:`.replays`). :mod:`.listing` serves the
group page, :mod:`.player` the player page, :mod:`.places` the shared places (ties as "1st=").
Nothing here knows a game by name: each game's seam says how its seats order, what number it
ends with, what counts as a win and which figures it shows (:class:`companion.games.base.Seam`).
"""
