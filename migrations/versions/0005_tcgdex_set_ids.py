"""each set's id in TCGdex's cards-database

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-28 12:00:00

The catalog reads TCGdex beside pokemon-tcg-data, and takes TCGdex's card ids ("me05-001")
wherever it takes its own: a set's TCGdex id is how one is read. Catalogs imported before
this revision have none until the next import (IMPORT_VERSION 8 makes `make run` re-import).
"""

import sqlalchemy as sa
from alembic import op

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('sets') as batch:
        batch.add_column(sa.Column('tcgdex_id', sa.String(length=32), nullable=True))
        batch.create_index('ix_sets_tcgdex_id', ['tcgdex_id'])


def downgrade() -> None:
    with op.batch_alter_table('sets') as batch:
        batch.drop_index('ix_sets_tcgdex_id')
        batch.drop_column('tcgdex_id')
