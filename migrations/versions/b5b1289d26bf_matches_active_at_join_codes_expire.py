"""matches.active_at: join codes expire after a pause at the table

Revision ID: b5b1289d26bf
Revises: 509ee0d64c6d
Create Date: 2026-11-24 04:40:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b5b1289d26bf'
down_revision = '509ee0d64c6d'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.add_column(sa.Column('active_at', sa.DateTime(timezone=True), nullable=True))
    # Existing matches: the time of their last entry, else their start.
    op.execute(
        "UPDATE matches SET active_at = COALESCE("
        "(SELECT MAX(entries.created_at) FROM entries WHERE entries.match_id = matches.id), "
        "matches.created_at)"
    )


def downgrade():
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.drop_column('active_at')
