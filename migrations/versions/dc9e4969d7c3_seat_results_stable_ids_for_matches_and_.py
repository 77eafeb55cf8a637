"""seat results, stable ids for matches and players

Seats keep the final result and place of a finished match (for the charts); matches and
players get a random ``uid`` that survives export and import (idempotent import, BG Stats);
the group-and-game index also orders by end time, so a game's latest matches are an index read.
Existing rows are filled here: every finished match is replayed once.

Revision ID: dc9e4969d7c3
Revises: 509ee0d64c6d
Create Date: 2026-11-24 04:40:00

"""
import uuid

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'dc9e4969d7c3'
down_revision = '509ee0d64c6d'
branch_labels = None
depends_on = None


def fill_uids(table: str) -> None:
    """A fresh uid for every existing row of ``table``."""
    bind = op.get_bind()
    rows = sa.table(table, sa.column("id", sa.Integer), sa.column("uid", sa.String))
    for (row_id,) in bind.execute(sa.select(rows.c.id)).all():
        bind.execute(sa.update(rows).where(rows.c.id == row_id).values(uid=uuid.uuid4().hex))


def upgrade():
    # Plain ALTER TABLE ... ADD COLUMN and a unique index: SQLite can do both in place, while
    # a batch rebuild of players or matches would have to drop a table other rows refer to.
    op.add_column('seats', sa.Column('result', sa.Integer(), nullable=True))
    op.add_column('seats', sa.Column('place', sa.Integer(), nullable=True))
    for table in ('matches', 'players'):
        op.add_column(table, sa.Column('uid', sa.String(length=32), nullable=True))
        fill_uids(table)
        op.create_index(f'ix_{table}_uid', table, ['uid'], unique=True)

    # A game's latest finished matches read in index order (the charts, the game filter).
    op.drop_index('ix_matches_group_game', table_name='matches')
    op.create_index(
        'ix_matches_group_game', 'matches', ['group_id', 'game', 'status', 'finished_at']
    )

    from companion.results import backfill

    backfill(op.get_bind())


def downgrade():
    op.drop_index('ix_matches_group_game', table_name='matches')
    op.create_index('ix_matches_group_game', 'matches', ['group_id', 'game'])
    for table in ('players', 'matches'):
        op.drop_index(f'ix_{table}_uid', table_name=table)
        op.drop_column(table, 'uid')
    op.drop_column('seats', 'place')
    op.drop_column('seats', 'result')
