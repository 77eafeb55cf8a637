"""Statistics of a group's history, computed from replays of the finished matches.

Nothing is stored: every figure comes from the entry logs through the rules, a whole page's
matches replayed from one query for their entries (:mod:`.replays`). :mod:`.listing` serves the
group page, :mod:`.player` and :mod:`.figures` the player page, :mod:`.places` the shared
places (ties as "1st=").
"""
