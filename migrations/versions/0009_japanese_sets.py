"""the sets released in Japan and their printings, each linked to its international printing

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-05 10:00:00

Every set of the game is released in Japan months before its international release, and
players test the coming format on those cards under their Japanese codes (`M5`, `SV4a`).
A set says where it was released (`region`); the printings of Japan's sets are a table of
their own, each with its names in the languages of its Asian releases and the international
printing the import found it to be; cards keep their National Pokédex numbers, by which
(with their artist) the two are linked. Catalogs imported before this revision have no
Japanese sets until the next import (IMPORT_VERSION 13 makes `make run` re-import).
"""

import sqlalchemy as sa
from alembic import op

revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('sets') as batch:
        batch.add_column(sa.Column('region', sa.String(length=16), nullable=False,
                                   server_default='international'))
    with op.batch_alter_table('cards') as batch:
        batch.add_column(sa.Column('pokedex', sa.JSON(), nullable=True))
    op.create_table(
        'japanese_cards',
        sa.Column('id', sa.String(length=48), nullable=False),
        sa.Column('set_id', sa.String(length=32), nullable=False),
        sa.Column('number', sa.String(length=16), nullable=False),
        sa.Column('number_sort', sa.String(length=40), nullable=False),
        sa.Column('name', sa.String(length=128), nullable=False),
        sa.Column('english_name', sa.String(length=128), nullable=True),
        sa.Column('names', sa.JSON(), nullable=False),
        sa.Column('supertype', sa.String(length=16), nullable=False),
        sa.Column('subtypes', sa.JSON(), nullable=False),
        sa.Column('hp', sa.Integer(), nullable=True),
        sa.Column('types', sa.JSON(), nullable=False),
        sa.Column('regulation_mark', sa.String(length=4), nullable=True),
        sa.Column('rarity', sa.String(length=48), nullable=True),
        sa.Column('pokedex', sa.JSON(), nullable=False),
        sa.Column('function_key', sa.String(length=64), nullable=False),
        sa.Column('is_basic_energy', sa.Boolean(), nullable=False),
        sa.Column('limit_group', sa.String(length=32), nullable=True),
        sa.Column('limit_scope', sa.String(length=8), nullable=True),
        sa.Column('limit_max', sa.Integer(), nullable=True),
        sa.Column('limit_text', sa.Text(), nullable=True),
        sa.Column('link', sa.String(length=16), nullable=False),
        sa.Column('linked_id', sa.String(length=48), nullable=True),
        sa.Column('linked_by', sa.String(length=16), nullable=True),
        sa.Column('candidates', sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(['linked_id'], ['cards.id'],
                                name=op.f('fk_japanese_cards_linked_id_cards'),
                                ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['set_id'], ['sets.id'],
                                name=op.f('fk_japanese_cards_set_id_sets'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_japanese_cards')),
    )
    op.create_index(op.f('ix_japanese_cards_set_id'), 'japanese_cards', ['set_id'])
    op.create_index(op.f('ix_japanese_cards_linked_id'), 'japanese_cards', ['linked_id'])


def downgrade() -> None:
    op.drop_index(op.f('ix_japanese_cards_linked_id'), table_name='japanese_cards')
    op.drop_index(op.f('ix_japanese_cards_set_id'), table_name='japanese_cards')
    op.drop_table('japanese_cards')
    with op.batch_alter_table('cards') as batch:
        batch.drop_column('pokedex')
    with op.batch_alter_table('sets') as batch:
        batch.drop_column('region')
