"""`flask catalog …`: import the card data, show what is loaded and what its identity keys
say, migrate the schema, and compare the rules' verdicts with the data's own legalities."""

from __future__ import annotations

import datetime as dt
import time
from pathlib import Path

import click
from flask import current_app
from flask.cli import AppGroup
from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

from api.middleware import store
from catalog import lookup
from catalog.db import make_engine, upgrade
from catalog.importing import deciding, identity_report, links_report, sources_report
from catalog.importing.import_limits import ImportLimits
from catalog.importing.importer import (
    CatalogImportError,
    import_catalog,
    loaded_meta,
    read_raw,
    transform,
)
from catalog.importing.progress import ImportProgress
from catalog.importing.sources import default_source
from validators import legalities

catalog_cli = AppGroup("catalog", help="Manage the SQL card catalog.")


@catalog_cli.command("import")
@click.argument("source", required=False)
@click.option("--force", is_flag=True, help="Import even when the data is unchanged, or "
              "when it has lost more than a fifth of the loaded catalog's cards.")
def import_command(source: str | None, force: bool) -> None:
    """Import SOURCE: pokemon-tcg-data, TCGdex's cards-database or both, comma-separated, each
    a directory, a .tar.gz/.zip or an http(s) URL (docs/catalog-sources.md).

    Without SOURCE: CATALOG_SOURCE, else both sources from ../shared, else both upstream.
    Past a limit of catalog/importing/import_limits.py (CATALOG_IMPORT_SECONDS sets the deadline)
    the import is refused and the loaded catalog kept.
    """
    try:
        limits = ImportLimits.from_environ()
    except ValueError as error:
        raise click.ClickException(str(error)) from None
    location = _location(source)
    click.echo(f"importing the card catalog from {location}", err=True)
    started = time.perf_counter()
    engine = store.engine()
    progress = ImportProgress()
    try:
        result = import_catalog(engine, location, force=force, progress=progress,
                                limits=limits)
    except CatalogImportError as error:
        progress.close()
        raise click.ClickException(f"import failed, {_kept(engine)}: {error}") from None
    progress.close()
    seconds = time.perf_counter() - started
    verb = "unchanged, skipped" if result.skipped else "imported"
    click.echo(f"{verb}: {result.set_count} sets, {result.card_count} cards "
               f"({result.supplement_count} from the supplement), checksum "
               f"{result.checksum[:16]}, in {seconds:.1f} s")


def _kept(engine: Engine) -> str:
    """What a failed import left serving: the catalog loaded before it, or none (a new
    database, which the import leaves as it found it)."""
    try:
        loaded = loaded_meta(engine) is not None
    except SQLAlchemyError:  # the database cannot say
        return "any catalog loaded before it is kept"
    if loaded:
        return "the previous catalog is kept"
    return "nothing was imported and no catalog is loaded"


def _location(source: str | None) -> str:
    return source or current_app.config.get("CATALOG_SOURCE") or default_source(
        Path(current_app.root_path))


@catalog_cli.command("sources-report")
@click.argument("source", required=False)
@click.option("--field", "fields", multiple=True, metavar="FIELD",
              type=click.Choice(deciding.FIELDS), help="Only this field (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object a line.")
def sources_report_command(source: str | None, fields: tuple[str, ...],
                           as_json: bool) -> None:
    """Read SOURCE (as `catalog import` does, writing nothing) and list every field where
    pokemon-tcg-data and TCGdex disagree, with the side the catalog takes and why."""
    location = _location(source)
    click.echo(f"reading {location}", err=True)
    try:
        catalog = transform(read_raw(location, lambda *_: None))
    except CatalogImportError as error:
        raise click.ClickException(str(error)) from None
    if catalog.merged is None:
        raise click.ClickException(f"{location} names one source; the report compares two")
    render = sources_report.render_json if as_json else sources_report.render
    for line in render(catalog.source, catalog.merged, catalog.readings, fields):
        click.echo(line)


@catalog_cli.command("links-report")
@click.option("--sample", default=0, metavar="N", type=click.IntRange(0),
              help="Also list N linked printings drawn at random, to check by hand.")
@click.option("--seed", default=0, type=int, help="The seed of the sample's draw.")
@click.option("--unlinked", is_flag=True, help="Also list every printing not linked.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object a printing.")
def links_report_command(sample: int, seed: int, unlinked: bool, as_json: bool) -> None:
    """Print how the loaded catalog's Japanese printings were linked to their international
    printings: linked, not linked and ambiguous, by era (catalog/importing/linking.py)."""
    if loaded_meta(store.engine()) is None:
        raise click.ClickException("no catalog is loaded; run `flask catalog import`")
    found = links_report.read(store.engine())
    lines = links_report.render_json(found) if as_json else links_report.render(
        found, sample, seed, unlinked)
    for line in lines:
        click.echo(line)


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


@catalog_cli.command("legalities")
@click.option("--date", "day", required=True, metavar="YYYY-MM-DD",
              help="The day the data was taken (../shared's copy: 2026-02-01).")
@click.option("--format", "format_ids", default="standard,expanded", show_default=True,
              help="Comma-separated format ids.")
@click.option("--all", "show_all", is_flag=True, help="List every card, not only a count "
              "and a few examples per reason.")
def legalities_command(day: str, format_ids: str, show_all: bool) -> None:
    """Compare deckjudge's verdicts with the data's own `legalities` for the day the data
    was taken: every card where they differ, with deckjudge's reading."""
    try:
        when = dt.date.fromisoformat(day)
    except ValueError:
        raise click.BadParameter(f"{day!r} is not a date (YYYY-MM-DD)") from None
    if loaded_meta(store.engine()) is None:
        raise click.ClickException("no catalog is loaded; run `flask catalog import`")
    found = legalities.compare(store.index(), lookup.data_legalities(store.session()), when,
                               tuple(format_ids.split(",")))
    for (format_id, reason), count in sorted(legalities.summary(found).items()):
        click.echo(f"{format_id:<9} {reason:<20} {count:>6}")
        shown = [d for d in found if (d.format, d.reason) == (format_id, reason)]
        for difference in shown if show_all else shown[:3]:
            click.echo(f"    {difference.card:<18} {difference.name[:28]:<28} data: "
                       f"{difference.data:<9} deckjudge: {difference.deckjudge:<9} "
                       f"{difference.reading}")
    unexplained = sum(d.reason == legalities.UNEXPLAINED for d in found)
    click.echo(f"{len(found)} differences, {unexplained} unexplained")
    if unexplained:
        raise SystemExit(1)
