"""seats with consent (when a phone was last seen, the seat it asks for) and a TV link of its own

Revision ID: 7c3e5a91d2b4
Revises: dc9e4969d7c3
Create Date: 2026-11-24 04:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '7c3e5a91d2b4'
down_revision = 'dc9e4969d7c3'
branch_labels = None
depends_on = None


def upgrade():
    # Plain ALTER TABLE: a batch rebuild of matches would drop a table other rows refer to.
    op.add_column('memberships', sa.Column('last_seen', sa.DateTime(timezone=True), nullable=True))
    op.add_column('memberships', sa.Column('asks_seat', sa.Integer(), nullable=True))
    op.add_column(
        'matches',
        sa.Column('viewer_generation', sa.Integer(), nullable=False, server_default='0'),
    )


def downgrade():
    op.drop_column('matches', 'viewer_generation')
    op.drop_column('memberships', 'asks_seat')
    op.drop_column('memberships', 'last_seen')
