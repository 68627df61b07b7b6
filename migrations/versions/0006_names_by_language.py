"""names of cards and sets in other languages, and sets' abbreviations in them

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-28 17:00:00

Players write lists in their own language: the catalog keeps TCGdex's names of each printing
and set in the languages of its international releases, and a set's abbreviations in them.
Catalogs imported before this revision have none until the next import (IMPORT_VERSION 9
makes `make run` re-import).
"""

import sqlalchemy as sa
from alembic import op

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('sets') as batch:
        batch.add_column(sa.Column('names', sa.JSON(), nullable=True))
        batch.add_column(sa.Column('abbreviations', sa.JSON(), nullable=True))
    with op.batch_alter_table('cards') as batch:
        batch.add_column(sa.Column('names', sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('cards') as batch:
        batch.drop_column('names')
    with op.batch_alter_table('sets') as batch:
        batch.drop_column('abbreviations')
        batch.drop_column('names')
