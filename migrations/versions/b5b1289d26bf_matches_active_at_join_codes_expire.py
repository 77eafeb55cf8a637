"""matches.active_at: join codes expire after a pause at the table

Revision ID: b5b1289d26bf
Revises: 7c3e5a91d2b4
Create Date: 2026-11-24 04:40:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b5b1289d26bf'
down_revision = '7c3e5a91d2b4'
branch_labels = None
depends_on = None


def upgrade():
    # Plain ALTER TABLE: a batch rebuild of matches would drop a table other rows refer to.
    op.add_column('matches', sa.Column('active_at', sa.DateTime(timezone=True), nullable=True))
    # Existing matches: the time of their last entry, else their start.
    op.execute(
        "UPDATE matches SET active_at = COALESCE("
        "(SELECT MAX(entries.created_at) FROM entries WHERE entries.match_id = matches.id), "
        "matches.created_at)"
    )


def downgrade():
    op.drop_column('matches', 'active_at')
