"""The indexes the group and player pages read through, so that a page reads a page's worth.

Declared here, beside the queries they serve, rather than on the models: the tables are the
models' (:mod:`companion.models`), these only add ways in (the migration that adds
``player_games`` creates them on existing databases).
"""

from __future__ import annotations

from sqlalchemy import Index

from ..models import Match, Seat

NEWEST_FIRST = Index("ix_matches_group_end", Match.group_id, Match.finished_at, Match.id)
"""The list's order within a group, whatever statuses it lists: a page is read newest first
and stops after one page instead of sorting the whole history (:mod:`.listing`)."""

SEAT_OF_PLAYER = Index("ix_seats_match_player", Seat.match_id, Seat.player_id)
"""Whether a player sat at a match (:func:`.replays.seated`): one probe per match, both columns
in the key."""

RECENTLY_DELETED = Index("ix_matches_group_deleted", Match.group_id, Match.deleted_at)
"""The group page's matches deleted within the last 30 days: a range of this index, not a walk
over every match of the group."""
