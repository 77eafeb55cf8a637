"""no best result from a fire loss: The Game's seats lost to the fire stored again without one

A game of The Game lost to the fire (On Fire) stored its cards left as the team's best result
with that many players, and the kept rows counted its cards left among the player's results.
Every finished match is replayed once here for its seats' tallies, then every kept row is
counted again (the fire loss now counts as played, with no result to average or rank): this is
now the latest migration that writes the kept rows. No schema change; the downgrade keeps the
corrected figures (older code reads them as they are).

Revision ID: e5c2a8f4b7d1
Revises: d7b3e9a1c5f2
Create Date: 2026-11-28 09:30:00

"""
from alembic import op

# revision identifiers, used by Alembic.
revision = 'e5c2a8f4b7d1'
down_revision = 'd7b3e9a1c5f2'
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
