"""Statistics of a group's history, read so that a page costs the same at ten matches and at
thousands.

What a finished match ends with is stored when it ends: each seat's result, place and tallies
(:mod:`companion.results`), and each player's figures per game kept in ``player_games``
(:mod:`.kept`, kept right by :mod:`.keeping` in the transaction of every change). The pages read
those and one page of matches (:mod:`.listing`, the group page; :mod:`.player`, the player page;
:mod:`.trends`, the charts) and replay no log: :mod:`.replays` reads many finished matches at
once as plain rows, and replays them only for the spreadsheet export. :mod:`.places` gives the
shared places (ties as "1st="), and :mod:`.indexes` the indexes these reads go through. Nothing
here knows a game by name: each game's seam says how its seats order, what number it ends with,
what counts as a win and which figures it shows (:class:`companion.games.base.Seam`).
"""
