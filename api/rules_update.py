"""`flask formats update [SOURCE]`: read a rules bundle (the files of deckjudge's own
formats) from a pinned location, check it whole against the loaded catalog, and write it to
the database, where every worker finds its stamp and judges by it (catalog.index_holder);
`flask formats show`: which bundle the database names.

SOURCE, else RULES_SOURCE, else the files shipped with the code: a directory, a .tar.gz or
.zip archive (the folder holding seasons.json is the bundle's: an archive of deckjudge's
own repository serves) or an http(s) base URL or archive URL, read as the card data is
(catalog.importing.locations). A bundle that cannot be read, is out of schema, contradicts
itself or names a card the catalog lacks is refused with the reason, and the rules in the
database are left as they were.
"""

from __future__ import annotations

import datetime as dt
import os

import click
from flask.cli import AppGroup
from sqlalchemy.orm import Session

from api.middleware import store
from catalog.db import upgrade
from catalog.importing.locations import Layout, SourceError, open_source
from catalog.index import CatalogNotLoaded, load_index
from catalog.models import RulesBundle
from runtime import patterns
from validators.formats import FORMATS_DIR, ORDER
from validators.formats.bundle import BundleError, file_names, read_bundle
from validators.formats.reader import SEASONS_FILE

formats_cli = AppGroup("formats", help="Manage the rules deckjudge's own formats are read from.")
LAYOUT = Layout(files=patterns.compile(r"[a-z0-9-]+\.json"), marker=SEASONS_FILE)
# The most a bundle's files may hold together: today's are 0.3 MB.
MAX_BUNDLE_BYTES = 8 * 1024 * 1024


def read_location(location: str) -> tuple[dict[str, bytes], str]:
    """A bundle's files from a location, and the location as errors name it."""
    try:
        with open_source(location, LAYOUT) as source:
            files = dict(source.read_many(list(file_names(ORDER))))
            described = source.description
    except SourceError as error:
        raise BundleError(str(error)) from None
    size = sum(len(body) for body in files.values())
    if size > MAX_BUNDLE_BYTES:
        raise BundleError(f"{described}: {size:,} bytes; a rules bundle is at most "
                          f"{MAX_BUNDLE_BYTES:,}")
    return files, described


@formats_cli.command("update")
@click.argument("source", required=False)
def update_command(source: str | None) -> None:
    """Read the rules bundle at SOURCE (else RULES_SOURCE, else the shipped files), check it
    against the loaded catalog and write it for every worker to judge by."""
    location = source or os.environ.get("RULES_SOURCE") or str(FORMATS_DIR)
    engine = store.engine()
    upgrade(engine)
    try:
        index = load_index(engine)
    except CatalogNotLoaded:
        raise click.ClickException("no catalog is loaded; run `flask catalog import` "
                                   "first: a bundle is checked against its cards") from None
    try:
        files, described = read_location(location)
        formats = read_bundle(files, ORDER, described, index)
    except BundleError as error:
        raise click.ClickException(f"rules refused, the rules in use kept: {error}") from None
    with Session(engine) as session, session.begin():
        held = session.get(RulesBundle, 1)
        if held is not None and held.checksum == formats.checksum:
            click.echo(f"rules {formats.version} unchanged ({described})")
            return
        session.merge(RulesBundle(id=1, source=described[:512], checksum=formats.checksum,
                                  version=formats.version, updated_at=dt.datetime.now(dt.UTC),
                                  files={name: body.decode() for name, body in files.items()}))
    click.echo(f"rules {formats.version} written from {described}; workers judge by them "
               "within CATALOG_CHECK_SECONDS")


@formats_cli.command("show")
def show_command() -> None:
    """Print the stamp of the rules bundle the database names."""
    upgrade(store.engine())
    with Session(store.engine()) as session:
        held = session.get(RulesBundle, 1)
        if held is None:
            click.echo("no rules bundle written: workers judge by the files shipped with "
                       "their code")
            return
        for label, value in (("source", held.source), ("checksum", held.checksum),
                             ("version", held.version), ("updated at", held.updated_at)):
            click.echo(f"{label:>10}: {value}")
