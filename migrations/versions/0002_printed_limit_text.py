"""the printed sentence that sets a card's deck limit

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23 09:00:00

A violation of a printed limit cites the card's own words.  Catalogs imported before this
revision have no text until the next import (IMPORT_VERSION 4 makes `make run` re-import).
"""

import sqlalchemy as sa
from alembic import op

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('cards') as batch:
        batch.add_column(sa.Column('limit_text', sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('cards') as batch:
        batch.drop_column('limit_text')
