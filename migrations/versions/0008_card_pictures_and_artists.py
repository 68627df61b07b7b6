"""TCGdex's picture addresses of each printing, by language, and the card's artist

Revision ID: 0008
Revises: 0007
Create Date: 2027-01-10 12:00:00

A card picker shows every printing's picture and filters by artist: the catalog keeps where
TCGdex publishes a printing's pictures and in which languages, and the illustrator each
source names. Catalogs imported before this revision have none until the next import
(IMPORT_VERSION 12 makes `make run` re-import).
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


def downgrade() -> None:
    with op.batch_alter_table('cards') as batch:
        batch.drop_column('artist')
        batch.drop_column('image_languages')
        batch.drop_column('image_path')
