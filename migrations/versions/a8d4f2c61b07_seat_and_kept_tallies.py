"""seat and kept tallies: each game's own figures stored when a match ends, kept per player

A finished match's seats store what the match adds to the player's figures for its game
(companion/games/figures.py), and each row of player_games keeps them combined, so the player
page shows figures over every match without replaying a log. Existing finished matches are
replayed once here for their seats' tallies, then every kept row is counted again.

This is the latest migration that writes the kept rows, so it is the one that counts them:
an earlier one calling today's code would read columns its schema does not have yet.

Revision ID: a8d4f2c61b07
Revises: 3f6a2d9c8e41
Create Date: 2026-11-26 21:10:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'a8d4f2c61b07'
down_revision = '3f6a2d9c8e41'
branch_labels = None
depends_on = None


def upgrade():
    # Plain ALTER TABLE: a batch rebuild of seats would drop a table other rows refer to.
    op.add_column('seats', sa.Column('tallies', sa.JSON(), nullable=True))
    op.add_column('player_games', sa.Column('tallies', sa.JSON(), nullable=True))
    from companion.results import backfill_tallies
    from companion.stats.kept import rebuild

    connection = op.get_bind()
    backfill_tallies(connection)
    rebuild(connection)


def downgrade():
    op.drop_column('player_games', 'tallies')
    op.drop_column('seats', 'tallies')
