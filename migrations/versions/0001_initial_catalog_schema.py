"""initial catalog schema

Revision ID: 0001
Revises:
Create Date: 2026-11-21 22:08:59.376523
"""

import sqlalchemy as sa
from alembic import op

revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('catalog_meta',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('source', sa.String(length=512), nullable=False),
    sa.Column('checksum', sa.String(length=64), nullable=False),
    sa.Column('version', sa.String(length=32), nullable=False),
    sa.Column('imported_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('set_count', sa.Integer(), nullable=False),
    sa.Column('card_count', sa.Integer(), nullable=False),
    sa.Column('supplement_count', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_catalog_meta'))
    )
    op.create_table('sets',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('name', sa.String(length=128), nullable=False),
    sa.Column('series', sa.String(length=64), nullable=False),
    sa.Column('ptcgo_code', sa.String(length=16), nullable=True),
    sa.Column('release_date', sa.Date(), nullable=True),
    sa.Column('printed_total', sa.Integer(), nullable=True),
    sa.Column('total', sa.Integer(), nullable=True),
    sa.Column('symbol_url', sa.String(length=256), nullable=True),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('source', sa.String(length=16), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_sets'))
    )
    op.create_table('cards',
    sa.Column('id', sa.String(length=48), nullable=False),
    sa.Column('set_id', sa.String(length=32), nullable=False),
    sa.Column('number', sa.String(length=16), nullable=False),
    sa.Column('number_sort', sa.String(length=40), nullable=False),
    sa.Column('name', sa.String(length=128), nullable=False),
    sa.Column('supertype', sa.String(length=16), nullable=False),
    sa.Column('subtypes', sa.JSON(), nullable=False),
    sa.Column('level', sa.String(length=8), nullable=True),
    sa.Column('hp', sa.Integer(), nullable=True),
    sa.Column('types', sa.JSON(), nullable=False),
    sa.Column('evolves_from', sa.String(length=128), nullable=True),
    sa.Column('abilities', sa.JSON(), nullable=False),
    sa.Column('attacks', sa.JSON(), nullable=False),
    sa.Column('weaknesses', sa.JSON(), nullable=False),
    sa.Column('resistances', sa.JSON(), nullable=False),
    sa.Column('retreat_cost', sa.JSON(), nullable=False),
    sa.Column('rules', sa.JSON(), nullable=False),
    sa.Column('ancient_trait', sa.JSON(), nullable=True),
    sa.Column('rarity', sa.String(length=48), nullable=True),
    sa.Column('regulation_mark', sa.String(length=4), nullable=True),
    sa.Column('source', sa.String(length=16), nullable=False),
    sa.Column('name_key', sa.String(length=128), nullable=False),
    sa.Column('function_key', sa.String(length=64), nullable=False),
    sa.Column('text_fingerprint', sa.String(length=64), nullable=False),
    sa.Column('is_basic_energy', sa.Boolean(), nullable=False),
    sa.Column('type_identity', sa.JSON(), nullable=False),
    sa.Column('copies_unlimited', sa.Boolean(), nullable=False),
    sa.Column('limit_group', sa.String(length=32), nullable=True),
    sa.Column('limit_scope', sa.String(length=8), nullable=True),
    sa.Column('limit_max', sa.Integer(), nullable=True),
    sa.Column('play_together', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['set_id'], ['sets.id'], name=op.f('fk_cards_set_id_sets'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_cards'))
    )
    with op.batch_alter_table('cards', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_cards_function_key'), ['function_key'], unique=False)
        batch_op.create_index(batch_op.f('ix_cards_name_key'), ['name_key'], unique=False)
        batch_op.create_index(batch_op.f('ix_cards_set_id'), ['set_id'], unique=False)
        batch_op.create_index('ix_cards_set_id_number_sort', ['set_id', 'number_sort'], unique=False)
        batch_op.create_index(batch_op.f('ix_cards_text_fingerprint'), ['text_fingerprint'], unique=False)

    op.create_table('set_codes',
    sa.Column('code', sa.String(length=16), nullable=False),
    sa.Column('set_id', sa.String(length=32), nullable=False),
    sa.Column('origin', sa.String(length=16), nullable=False),
    sa.Column('priority', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['set_id'], ['sets.id'], name=op.f('fk_set_codes_set_id_sets'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('code', 'set_id', name=op.f('pk_set_codes'))
    )


def downgrade() -> None:
    op.drop_table('set_codes')
    with op.batch_alter_table('cards', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_cards_text_fingerprint'))
        batch_op.drop_index('ix_cards_set_id_number_sort')
        batch_op.drop_index(batch_op.f('ix_cards_set_id'))
        batch_op.drop_index(batch_op.f('ix_cards_name_key'))
        batch_op.drop_index(batch_op.f('ix_cards_function_key'))

    op.drop_table('cards')
    op.drop_table('sets')
    op.drop_table('catalog_meta')
