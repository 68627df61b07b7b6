"""where each card's picture is

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24 09:00:00

The organizer's page shows a card's picture beside its line, and names the hosts the
pictures are on in its Content-Security-Policy (catalog_meta.image_origins).  Catalogs imported before
this revision have none until the next import (IMPORT_VERSION 5 makes `make run` re-import).
"""

import sqlalchemy as sa
from alembic import op

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('cards') as batch:
        batch.add_column(sa.Column('image_small', sa.String(length=256), nullable=True))
        batch.add_column(sa.Column('image_large', sa.String(length=256), nullable=True))
    with op.batch_alter_table('catalog_meta') as batch:
        batch.add_column(sa.Column('image_origins', sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('catalog_meta') as batch:
        batch.drop_column('image_origins')
    with op.batch_alter_table('cards') as batch:
        batch.drop_column('image_large')
        batch.drop_column('image_small')
