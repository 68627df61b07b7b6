"""`flask catalog …`: import the card data, show what is loaded and what its identity keys
say, migrate the schema."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click
from click._termui_impl import ProgressBar
from flask import current_app
from flask.cli import AppGroup

from catalog import identity_report, store
from catalog.db import make_engine, upgrade
from catalog.importer import CatalogImportError, import_catalog, loaded_meta
from catalog.source import default_source

catalog_cli = AppGroup("catalog", help="Manage the SQL card catalog.")


class _Progress:
    """A bar on a terminal; otherwise a line every tenth, for logs and CI."""

    def __init__(self) -> None:
        self._bar: ProgressBar[int] | None = None
        self._stage: str | None = None
        self._last_tenth = -1
        self._tty = sys.stderr.isatty()

    def __call__(self, stage: str, done: int, total: int) -> None:
        if stage != self._stage:
            self.close()
            self._stage, self._last_tenth = stage, -1
            if self._tty:
                label = {"read": "reading", "write": "writing"}.get(stage, stage)
                self._bar = click.progressbar(length=total, label=label, file=sys.stderr)
                self._bar.__enter__()
        if self._bar is not None:
            self._bar.update(done - self._bar.pos)
            return
        tenth = done * 10 // max(total, 1)
        if tenth != self._last_tenth:
            self._last_tenth = tenth
            click.echo(f"{stage} {done}/{total}", err=True)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)
            self._bar = None


@catalog_cli.command("import")
@click.argument("source", required=False)
@click.option("--force", is_flag=True, help="Re-import even when the data is unchanged.")
def import_command(source: str | None, force: bool) -> None:
    """Import SOURCE (a directory, .tar.gz/.zip or http(s) URL in the pokemon-tcg-data layout).

    Without SOURCE: CATALOG_SOURCE, else ../shared/pokemon-tcg-data, else upstream.
    """
    location = source or current_app.config.get("CATALOG_SOURCE") or default_source(
        Path(current_app.root_path))
    click.echo(f"importing the card catalog from {location}", err=True)
    started = time.perf_counter()
    progress = _Progress()
    try:
        result = import_catalog(store.engine(), location, force=force, progress=progress)
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
