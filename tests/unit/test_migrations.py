"""The schema exists only through migrations, and they match the models."""

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from catalog.db import alembic_config, make_engine, upgrade
from catalog.models import Base


def test_migrations_reach_head_and_match_the_models(empty_db_url):
    engine = make_engine(empty_db_url)
    upgrade(engine)
    head = ScriptDirectory.from_config(alembic_config(str(engine.url))).get_current_head()
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert context.get_current_revision() == head
        assert compare_metadata(context, Base.metadata) == []
    assert set(inspect(engine).get_table_names()) >= {"sets", "set_codes", "cards",
                                                      "catalog_meta", "alembic_version"}
    engine.dispose()
