"""cards' names in other languages, folded, with the English card each names

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-28 18:00:00

A worker's index reads a list in another language by its names' search keys. Folding every
name of every printing as each worker loads the catalog doubled the load's time and held a
tuple of names on every printing; the import folds each name once into this table instead.
Catalogs imported before this revision have none until the next import (IMPORT_VERSION 10
makes `make run` re-import).
"""

import sqlalchemy as sa
from alembic import op

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'local_names',
        sa.Column('key', sa.Text(), nullable=False),
        sa.Column('language', sa.String(length=8), nullable=False),
        sa.Column('english_key', sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint('key', 'language', 'english_key'),
    )


def downgrade() -> None:
    op.drop_table('local_names')
