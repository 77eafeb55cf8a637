"""a seat request turned down: the asking phone is told, instead of its request just vanishing

Revision ID: c4e7b1d9a2f3
Revises: a8d4f2c61b07
Create Date: 2026-11-27 14:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c4e7b1d9a2f3'
down_revision = 'a8d4f2c61b07'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('memberships', sa.Column('turned_down_seat', sa.Integer(), nullable=True))


def downgrade():
    op.drop_column('memberships', 'turned_down_seat')
