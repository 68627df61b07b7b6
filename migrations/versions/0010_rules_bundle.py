"""the rules bundle the instances judge by, when one is written; the imports that added sets

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-05 00:30:00

`flask formats update` writes the files of deckjudge's own formats here, stamped with their
checksum, and every worker that sees the stamp change judges by them (catalog.index_holder).
An import that adds sets to a loaded catalog records them, for the change feed.
"""

import sqlalchemy as sa
from alembic import op

revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'rules_bundle',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('source', sa.String(length=512), nullable=False),
        sa.Column('checksum', sa.String(length=64), nullable=False),
        sa.Column('version', sa.String(length=32), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('files', sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_rules_bundle')),
    )
    op.create_table(
        'catalog_imports',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('version', sa.String(length=32), nullable=False),
        sa.Column('imported_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('source', sa.String(length=512), nullable=False),
        sa.Column('sets', sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_catalog_imports')),
    )


def downgrade() -> None:
    op.drop_table('catalog_imports')
    op.drop_table('rules_bundle')
