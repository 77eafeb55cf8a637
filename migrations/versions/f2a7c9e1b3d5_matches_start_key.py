"""matches.start_key: the new-match form's one-time key, so a form sent twice starts one match

Revision ID: f2a7c9e1b3d5
Revises: c4e7b1d9a2f3
Create Date: 2026-11-28 10:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'f2a7c9e1b3d5'
down_revision = 'c4e7b1d9a2f3'
branch_labels = None
depends_on = None


def upgrade():
    # Plain ALTER TABLE ... ADD COLUMN and a unique index, as for matches.uid: SQLite does both
    # in place (a batch rebuild of matches would drop a table other rows refer to). Existing
    # matches keep NULL, which a unique index allows any number of times on both databases.
    op.add_column('matches', sa.Column('start_key', sa.String(length=64), nullable=True))
    op.create_index('ix_matches_start_key', 'matches', ['start_key'], unique=True)


def downgrade():
    op.drop_index('ix_matches_start_key', table_name='matches')
    op.drop_column('matches', 'start_key')
