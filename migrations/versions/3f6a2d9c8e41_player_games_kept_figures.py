"""player_games: each player's figures per game, kept; matches ordered by end within a group

The group and player pages read a few kept rows per player instead of grouping every seat of
the history (companion/stats/kept.py); the list of finished matches reads the newest first
from an index on (group, end, id), whatever the statuses it lists, and checks whether a player
sat at a match with one probe of an index on (match, player); the recently deleted matches are
a range of an index on (group, deletion). Existing rows are counted by the latest migration
that changes what a row holds (a8d4f2c61b07, the tallies): counting them here with today's code
would read columns this revision's schema does not have yet.

Revision ID: 3f6a2d9c8e41
Revises: b5b1289d26bf
Create Date: 2026-11-24 15:40:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '3f6a2d9c8e41'
down_revision = 'b5b1289d26bf'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'player_games',
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('game', sa.String(length=20), nullable=False),
        sa.Column('group_id', sa.Integer(), nullable=False),
        sa.Column('played', sa.Integer(), nullable=False),
        sa.Column('won', sa.Integer(), nullable=False),
        sa.Column('streak', sa.Integer(), nullable=False),
        sa.Column('longest', sa.Integer(), nullable=False),
        sa.Column('results', sa.Integer(), nullable=False),
        sa.Column('result_sum', sa.Integer(), nullable=False),
        sa.Column('best', sa.Integer(), nullable=True),
        sa.Column('last_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('last_id', sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint('player_id', 'game'),
    )
    op.create_index('ix_player_games_group_id', 'player_games', ['group_id'])
    op.create_index('ix_matches_group_end', 'matches', ['group_id', 'finished_at', 'id'])
    op.create_index('ix_seats_match_player', 'seats', ['match_id', 'player_id'])
    op.create_index('ix_matches_group_deleted', 'matches', ['group_id', 'deleted_at'])


def downgrade():
    op.drop_index('ix_matches_group_deleted', table_name='matches')
    op.drop_index('ix_seats_match_player', table_name='seats')
    op.drop_index('ix_matches_group_end', table_name='matches')
    op.drop_index('ix_player_games_group_id', table_name='player_games')
    op.drop_table('player_games')
