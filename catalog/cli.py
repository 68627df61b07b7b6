"""`flask catalog …`: import the card data, show what is loaded and what its identity keys
say, migrate the schema."""

from __future__ import annotations

import time
from pathlib import Path

import click
from flask import current_app
from flask.cli import AppGroup

from catalog import identity_report, store
from catalog.db import make_engine, upgrade
from catalog.import_limits import ImportLimits
from catalog.importer import CatalogImportError, import_catalog, loaded_meta
from catalog.progress import ImportProgress
from catalog.source import default_source

catalog_cli = AppGroup("catalog", help="Manage the SQL card catalog.")


@catalog_cli.command("import")
@click.argument("source", required=False)
@click.option("--force", is_flag=True, help="Import even when the data is unchanged, or "
              "when it has lost more than a fifth of the loaded catalog's cards.")
def import_command(source: str | None, force: bool) -> None:
    """Import SOURCE (a directory, .tar.gz/.zip or http(s) URL in the pokemon-tcg-data layout).

    Without SOURCE: CATALOG_SOURCE, else ../shared/pokemon-tcg-data, else upstream.
    Past a limit of catalog/import_limits.py (CATALOG_IMPORT_SECONDS sets the deadline)
    the import is refused and the loaded catalog kept.
    """
    try:
        limits = ImportLimits.from_environ()
    except ValueError as error:
        raise click.ClickException(str(error)) from None
    location = source or current_app.config.get("CATALOG_SOURCE") or default_source(
        Path(current_app.root_path))
    click.echo(f"importing the card catalog from {location}", err=True)
    started = time.perf_counter()
    progress = ImportProgress()
    try:
        result = import_catalog(store.engine(), location, force=force, progress=progress,
                                limits=limits)
    except CatalogImportError as error:
        progress.close()
        raise click.ClickException(
            f"import failed, the previous catalog is kept: {error}") from None
    progress.close()
    seconds = time.perf_counter() - started
    verb = "unchanged, skipped" if result.skipped else "imported"
    click.echo(f"{verb}: {result.set_count} sets, {result.card_count} cards "
               f"({result.supplement_count} from the supplement), checksum "
               f"{result.checksum[:16]}, in {seconds:.1f} s")


@catalog_cli.command("stats")
def stats_command() -> None:
    """Print the loaded catalog's metadata and counts."""
    meta = loaded_meta(store.engine())
    if meta is None:
        raise click.ClickException("no catalog is loaded; run `flask catalog import`")
    for label, value in (("source", meta.source), ("checksum", meta.checksum),
                         ("version", meta.version), ("imported at", meta.imported_at),
                         ("sets", meta.set_count), ("cards", meta.card_count),
                         ("supplement cards", meta.supplement_count)):
        click.echo(f"{label:>16}: {value}")


@catalog_cli.command("migrate")
def migrate_command() -> None:
    """Bring the database schema to the newest migration."""
    upgrade(store.engine())
    click.echo("schema is at the newest migration")


@catalog_cli.command("identity-report")
@click.option("--against", metavar="DATABASE_URL",
              help="Another catalog (one imported before a change): list every card that "
                   "split or merged since.")
@click.option("--reworded", is_flag=True, help="List every card with more than one text.")
def identity_report_command(against: str | None, reworded: bool) -> None:
    """Print what the identity keys say: titles, cards, printings, texts and limits."""
    if loaded_meta(store.engine()) is None:
        raise click.ClickException("no catalog is loaded; run `flask catalog import`")
    other = make_engine(against) if against else None
    try:
        if other is not None and loaded_meta(other) is None:
            raise click.ClickException(f"{against} holds no catalog")
        for line in identity_report.render(identity_report.build(store.engine(), other),
                                           show_reworded=reworded):
            click.echo(line)
    finally:
        if other is not None:
            other.dispose()
