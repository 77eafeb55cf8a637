"""memberships.host_news: a phone is told that the host rights moved (handed to it, taken over
from it while it was away, or taken over by another phone of the table)

Revision ID: d7b3e9a1c5f2
Revises: d7b3e9a4c1f6
Create Date: 2026-11-28 06:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'd7b3e9a1c5f2'
down_revision = 'd7b3e9a4c1f6'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('memberships', sa.Column('host_news', sa.String(length=10), nullable=True))


def downgrade():
    op.drop_column('memberships', 'host_news')
