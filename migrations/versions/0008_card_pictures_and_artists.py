"""TCGdex's picture addresses of each printing, its artist and its attacks' costs

Revision ID: 0008
Revises: 0007
Create Date: 2027-01-10 12:00:00

A card picker shows every printing's picture and filters by artist and attack cost: the
catalog keeps where TCGdex publishes a printing's pictures and in which languages, the
illustrator each source names, and each attack's cost apart from its text, which every
worker's index holds. Catalogs imported before this revision have none until the next
import (IMPORT_VERSION 12 makes `make run` re-import).
"""

import sqlalchemy as sa
from alembic import op

revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('cards') as batch:
        batch.add_column(sa.Column('image_path', sa.String(length=128), nullable=True))
        batch.add_column(sa.Column('image_languages', sa.JSON(), nullable=True))
        batch.add_column(sa.Column('artist', sa.String(length=128), nullable=True))
        batch.add_column(sa.Column('attack_costs', sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('cards') as batch:
        batch.drop_column('attack_costs')
        batch.drop_column('artist')
        batch.drop_column('image_languages')
        batch.drop_column('image_path')
