"""what the card data says of each card's legality

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24 12:00:00

The data's `legalities` (standard, expanded, unlimited: Legal or Banned) describe only the
day the data was taken. deckjudge's rules decide; the column is kept so that the catalog
can say where the two differ and why (`flask catalog legalities`). Catalogs imported before
this revision have none until the next import (IMPORT_VERSION 6 makes `make run` re-import).
"""

import sqlalchemy as sa
from alembic import op

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('cards') as batch:
        batch.add_column(sa.Column('legalities', sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('cards') as batch:
        batch.drop_column('legalities')
