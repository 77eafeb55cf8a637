"""seats with consent (when a phone was last seen, the seat it asks for) and a TV link of its own

Revision ID: 7c3e5a91d2b4
Revises: 509ee0d64c6d
Create Date: 2026-11-24 04:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '7c3e5a91d2b4'
down_revision = '509ee0d64c6d'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('memberships', schema=None) as batch_op:
        batch_op.add_column(sa.Column('last_seen', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('asks_seat', sa.Integer(), nullable=True))
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('viewer_generation', sa.Integer(), nullable=False, server_default='0')
        )


def downgrade():
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.drop_column('viewer_generation')
    with op.batch_alter_table('memberships', schema=None) as batch_op:
        batch_op.drop_column('asks_seat')
        batch_op.drop_column('last_seen')
