"""tallies for the history: each seat's tallies stored again with what the group history reads

Nuota per la vita's seats now keep the lives they ended with and The Game's whether the fire
lost the match (the group history shows them without replaying a log). Every finished match is
replayed once here for its seats' tallies, then every kept row is counted again: this is now
the latest migration that writes the kept rows. No schema change; the downgrade keeps the
fuller tallies (older code ignores the names it does not know).

Revision ID: d7b3e9a4c1f6
Revises: f2a7c9e1b3d5
Create Date: 2026-11-28 05:20:00

"""
from alembic import op

# revision identifiers, used by Alembic.
revision = 'd7b3e9a4c1f6'
down_revision = 'f2a7c9e1b3d5'
branch_labels = None
depends_on = None


def upgrade():
    from companion.results import backfill_tallies
    from companion.stats.kept import rebuild

    connection = op.get_bind()
    backfill_tallies(connection)
    rebuild(connection)


def downgrade():
    pass
