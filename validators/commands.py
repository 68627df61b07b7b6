"""Commands that need the rules: `flask catalog legalities`, which app.py adds to the
catalog's group (the catalog itself knows no rules)."""

from __future__ import annotations

import datetime as dt

import click
from flask.cli import with_appcontext

from catalog import lookup, store
from catalog.importer import loaded_meta
from validators import legalities


@click.command("legalities")
@with_appcontext
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
