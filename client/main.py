"""`deckjudge check FILES… [--format ID] [--url URL]`: 0 legal, 1 illegal, 2 not checked.
`deckjudge legal-in FILES… [--format all|IDs] [--url URL]`: where each deck is legal.
`deckjudge fmt FILES… [--check] [--diff]`: decklists in one canonical form.
`deckjudge catalog info|update`: the catalog they use when nothing names one.
`deckjudge catalog bulk [--kind KIND] [--url URL]`: a bulk file of the catalog downloaded."""

from __future__ import annotations

import argparse
import datetime as dt
import difflib
import os
import shutil
import sys
import textwrap
from pathlib import Path

from catalog.importing.progress import ImportProgress
from catalog.index import CatalogIndex
from client import bulk, legal_in, local_catalog, report
from client.catalog_cache import CacheUnavailable, first_use_source
from client.check import (
    ALL,
    Options,
    UsageError,
    changes_within,
    check_files,
    definition_file,
    exit_status,
)
from client.fmt import canonical
from client.services import LocalService, RemoteService, ServiceUnavailable, version

USAGE_ERROR = 2


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "catalog":
        return catalog_command(args)
    if args.command == "fmt":
        return fmt_command(args)
    if args.command == "legal-in":
        return legal_in_command(args)
    try:
        options = Options(args.format_id, args.as_of, args.tournament,
                          definition_file(args.definition) if args.definition else None,
                          args.definition)
        service = (RemoteService(args.url, args.timeout, args.retries) if args.url
                   else LocalService(_local_database(args.database)))
        checked = check_files(service, args.files, options)
        coming = (changes_within(service, args.files, options, args.warn_days)
                  if args.warn_days is not None else [])
    except (ServiceUnavailable, UsageError, CacheUnavailable) as error:
        print(f"deckjudge: {error}", file=sys.stderr)
        if args.summary:
            report.append(args.summary, report.markdown_failure(str(error)))
        return USAGE_ERROR
    for line in coming:  # a warning: the exit status says what the deck is today
        print(f"deckjudge: warning: {line}", file=sys.stderr)
    status = exit_status(checked)
    if args.output == "json":
        report.write_json(checked, status, sys.stdout)
    else:
        report.write_text(checked, sys.stdout)
        if _annotate(args.annotations):
            report.write_github(checked, sys.stdout)
    if args.junit_xml:
        report.write_junit(checked, args.junit_xml)
    if args.summary:
        report.append(args.summary, report.markdown(checked))
    return status


def legal_in_command(args: argparse.Namespace) -> int:
    """`deckjudge legal-in FILES…`: where each deck is legal (client/legal_in.py)."""
    try:
        service = (RemoteService(args.url, args.timeout, args.retries) if args.url
                   else LocalService(_local_database(args.database)))
        formats = _formats_asked(args.formats, service.formats())
        judged = legal_in.judge_files(service, args.files, formats, args.as_of,
                                      args.changed_since)
    except (ServiceUnavailable, UsageError, CacheUnavailable) as error:
        print(f"deckjudge: {error}", file=sys.stderr)
        return USAGE_ERROR
    if args.output == "ndjson":
        legal_in.write_ndjson(judged, sys.stdout)
    else:
        legal_in.write_text(judged, formats == ALL, sys.stdout)
    return legal_in.exit_status(judged)


def _formats_asked(asked: str, known: list[str]) -> str | list[str]:
    if asked == ALL:
        return ALL
    wanted = [part.strip() for part in asked.split(",")]
    unknown = [part for part in wanted if part not in known]
    if unknown or not all(wanted):
        raise UsageError(f"no format {(unknown or [''])[0]!r}; formats: {', '.join(known)}")
    return list(dict.fromkeys(wanted))


def _local_database(database: str | None) -> str:
    """--database, else $DATABASE_URL, else the checkout's catalog, else deckjudge's own,
    imported on first use (client/local_catalog.py)."""
    return local_catalog.database_url(
        database, ImportProgress(steps=1, prefix="deckjudge: catalog "), announce=_say)


def _say(message: str) -> None:
    print(f"deckjudge: {message}", file=sys.stderr, flush=True)


def catalog_command(args: argparse.Namespace) -> int:
    """`deckjudge catalog info` and `deckjudge catalog update`: the catalog used when nothing
    names one, the checkout's or deckjudge's own."""
    if args.action == "bulk":
        return bulk_command(args)
    used = local_catalog.in_use()
    cache = used.catalog
    if args.action == "update":
        try:
            result = cache.update(args.source, ImportProgress(prefix="deckjudge: catalog "),
                                  force=args.force)
        except CacheUnavailable as error:
            kept = "the previous catalog is kept" if cache.loaded() else "nothing was imported"
            _say(f"{error}; {kept}")
            return USAGE_ERROR
        verb = "unchanged" if result.skipped else "imported"
        print(f"{verb}: {result.set_count} sets, {result.card_count} cards from "
              f"{result.source} (version {result.checksum[:16]}) in {cache.path}")
        return 0
    meta = cache.info()
    if meta is None:
        print(f"no catalog in {cache.path} yet: `deckjudge check` imports one on first use "
              f"from {first_use_source()}, or run `deckjudge catalog update`")
        return 1
    which = f" ({local_catalog.CHECKOUTS}; `make import` updates it too)" \
        if used.in_checkout else ""
    print(f"catalog: {cache.path}{which}\nsource: {meta.source}\nversion: {meta.version}\n"
          f"imported: {meta.imported_at:%Y-%m-%d %H:%M:%S} UTC\n"
          f"sets: {meta.set_count}\ncards: {meta.card_count} "
          f"({meta.supplement_count} from deckjudge's supplement)")
    return 0


def bulk_command(args: argparse.Namespace) -> int:
    """`deckjudge catalog bulk`: a bulk file of a service (--url), or of the local catalog,
    downloaded (client/bulk.py)."""
    try:
        service = (RemoteService(args.url, args.timeout, args.retries) if args.url
                   else LocalService(_local_database(args.database)))
        target = Path(args.output or f"{args.kind}.{'json' if args.kind == 'formats' else 'ndjson'}"
                      ".gz")
        done = bulk.download(service, args.kind, target)
    except (ServiceUnavailable, CacheUnavailable, OSError) as error:
        _say(str(error))
        return USAGE_ERROR
    listed = done.listed
    print(f"{done.path}: {listed['items']:,} {args.kind if args.kind != 'formats' else 'document'}"
          f", {listed['size']:,} bytes, catalog {listed['catalog_version']}, rules "
          f"{listed['rules_version']}, legalities of {listed['legalities_day']}"
          f"{'' if done.fetched else ' (already here)'}")
    return 0


def fmt_command(args: argparse.Namespace) -> int:
    """`deckjudge fmt FILES…`: 0 when every list is in canonical form; 1 when one was
    rewritten (or, with --check or --diff, would be) or was left as it is; 2 when the
    files could not be formatted at all."""
    try:
        service = LocalService(_local_database(args.database))
    except (ServiceUnavailable, CacheUnavailable) as error:
        _say(str(error))
        return USAGE_ERROR
    status = 0
    with service.app.app_context():
        index = service.index()
        for name in args.files:
            status = max(status, _format_file(index, Path(name), args))
    return status


def _format_file(index: CatalogIndex, path: Path, args: argparse.Namespace) -> int:
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        _say(f"{path}: cannot be read: {error}")
        return USAGE_ERROR
    formatted = canonical(index, text)
    if formatted.text is None:
        for reason in formatted.reasons:
            print(f"{path}: left as it is: {reason}", file=sys.stderr)
        return 1
    if formatted.text == text:
        return 0
    if args.diff:
        sys.stdout.writelines(difflib.unified_diff(
            text.splitlines(keepends=True), formatted.text.splitlines(keepends=True),
            f"{path} (as it is)", f"{path} (formatted)"))
    if args.check or args.diff:
        print(f"would reformat {path}", file=sys.stderr)
        return 1
    path.write_text(formatted.text, encoding="utf-8")
    print(f"reformatted {path}", file=sys.stderr)
    return 1


def _annotate(choice: str) -> bool:
    return choice == "github" or (choice == "auto" and os.environ.get("GITHUB_ACTIONS") == "true")


class _Parser(argparse.ArgumentParser):
    """deckjudge's parsers: their help ends with the catalog a check in this process would
    use now (client/local_catalog.py), looked up only when the help is shown."""

    def format_help(self) -> str:
        width = max(shutil.get_terminal_size().columns - 2, 40)
        said = (f"Without --url or --database, decks are judged in this process with "
                f"{local_catalog.described()}.")
        # Paths and URLs kept whole, so that they can be copied.
        kept = textwrap.fill(said, width, break_long_words=False, break_on_hyphens=False)
        return f"{super().format_help()}\n{kept}\n"


CATALOG_ORDER = ("$DATABASE_URL; else, run from a checkout, the catalog `make run` imported "
                 "there (instance/deckjudge.sqlite3) when it holds one and $DECKJUDGE_CACHE "
                 "is unset; else deckjudge's own in its cache directory ($DECKJUDGE_CACHE), "
                 "imported on first use from $CATALOG_SOURCE, else the card data in ../shared "
                 "beside the checkout, else the public archives of pokemon-tcg-data and "
                 "TCGdex")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="deckjudge", description="Check Pokémon TCG decklists for format legality.")
    parser.add_argument("--version", action="version", version=f"deckjudge {version()}")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser(
        "check", help="check decklist files",
        description="Check decklist files (any form the service reads: plain text, PTCGO, "
                    "PTCG Live, a JSON array of entries). Exit status: 0 when every deck is "
                    "legal, 1 when any is not, 2 when a deck could not be checked.")
    check.add_argument("files", nargs="+", metavar="FILE")
    check.add_argument("--format", "-f", dest="format_id", metavar="ID",
                       help="format for files without a `# format: ID` first comment "
                            "(the file's own comment wins): one of unlimited, modified, "
                            "sealed, booster-draft, rochester-draft, partner-battles, "
                            "standard, expanded, glc, … (GET /v1/formats lists them)")
    check.add_argument("--definition", "-d", metavar="FILE",
                       help="an organizer's format, a JSON definition (docs/formats.md, "
                            "'Formats of your own'), for files without a `# format: ID` "
                            "first comment, instead of --format")
    _service_arguments(check)
    check.add_argument("--as-of", type=_date, default=None, metavar="YYYY-MM-DD",
                       help="judge the deck as on this date (default: the format's own)")
    check.add_argument("--tournament", action="store_true",
                       help="tournament play: watchlisted cards are errors, not warnings")
    check.add_argument("--warn-days", type=_days, default=None, metavar="N",
                       help="also warn, on stderr, of each deck whose verdict a change the "
                            "service knows of (a ban, a rotation) alters within N days of "
                            "the day checked; the exit status is today's")
    check.add_argument("--output", "-o", choices=("text", "json"), default="text")
    check.add_argument("--junit-xml", metavar="PATH", help="also write a JUnit XML report")
    check.add_argument("--annotations", choices=("auto", "github", "none"), default="auto",
                       help="GitHub Actions annotations with text output (auto: when "
                            "GITHUB_ACTIONS=true)")
    check.add_argument("--summary", metavar="PATH",
                       help="also append a Markdown summary of the verdicts to PATH (in "
                            "GitHub Actions, \"$GITHUB_STEP_SUMMARY\": the job's summary; "
                            "the action passes it)")
    legal = commands.add_parser(
        "legal-in", help="say which formats each deck is legal in",
        description="Say which formats each decklist file is legal in: a folder of decks "
                    "re-judged after a ban list or a rotation, through the service's stream "
                    "(POST /v1/validate/stream). Exit status: 0 when every deck was judged, "
                    "1 when the service refused a deck, 2 when a file could not be read or "
                    "judged.")
    legal.add_argument("files", nargs="+", metavar="FILE")
    legal.add_argument("--format", "-f", dest="formats", default=ALL, metavar="IDS",
                       help="`all` (the default), or format ids separated by commas; files' "
                            "own `# format:` comments are not read")
    legal.add_argument("--as-of", type=_date, default=None, metavar="YYYY-MM-DD",
                       help="judge on this date, as after a ban list takes effect (default: "
                            "each format's own)")
    legal.add_argument("--changed-since", type=_date, default=None, metavar="YYYY-MM-DD",
                       help="say of each deck whose verdict is as it was on this day only "
                            "that it is unchanged; the others in full, with the changes "
                            "that concern them (the ban or rotation between the two days)")
    legal.add_argument("--output", "-o", choices=("text", "ndjson"), default="text")
    _service_arguments(legal)
    fmt = commands.add_parser(
        "fmt", help="rewrite decklists in one canonical form",
        description="Rewrite decklist files in one canonical form: sections headed with their "
                    "card counts, one line per printing as the catalog knows it (name, set "
                    "code, number), a stable order. The cards a list holds never change: a "
                    "list with a line that is not one known printing is left as it is, with "
                    "the reason. Exit status: 0 when nothing changed, 1 when a file was "
                    "rewritten (or would be) or left as it is, 2 when nothing could be done.")
    fmt.add_argument("files", nargs="+", metavar="FILE")
    fmt.add_argument("--check", action="store_true",
                     help="change nothing; exit 1 when a file would be rewritten")
    fmt.add_argument("--diff", action="store_true",
                     help="change nothing; print what would change as a unified diff")
    fmt.add_argument("--database", default=None, metavar="URL",
                     help=f"the catalog database (default: {CATALOG_ORDER})")
    catalog = commands.add_parser(
        "catalog", help="the catalog deckjudge check uses when nothing names one",
        description="The catalog `deckjudge check` uses when neither --database nor "
                    "$DATABASE_URL names one: in a checkout, the one `make run` imported "
                    "there (instance/deckjudge.sqlite3) when it holds one and "
                    "$DECKJUDGE_CACHE is unset; else deckjudge's own in its cache directory "
                    "($DECKJUDGE_CACHE or the platform's), which `deckjudge check` imports on "
                    "first use.")
    actions = catalog.add_subparsers(dest="action", required=True)
    actions.add_parser("info", help="where it is, its source, version, date and counts")
    update = actions.add_parser("update", help="import it again from its source")
    update.add_argument("--source", default=None,
                        help="a directory, archive or http(s) URL in the pokemon-tcg-data "
                             "layout (default: $CATALOG_SOURCE, else the source the catalog "
                             "came from, else the card data in ../shared beside the "
                             "checkout, else the public archives)")
    update.add_argument("--force", action="store_true",
                        help="import even when the data is unchanged, or has lost more "
                             "than a fifth of the catalog's cards")
    files = actions.add_parser(
        "bulk", help="download a bulk file of the catalog (GET /v1/bulk)",
        description="Download a bulk file: every printing with its legalities on the day "
                    "(printings), every card once (cards) or the format definitions "
                    "(formats), gzip, from a service (--url), else built from the local "
                    "catalog. A file already whole is not fetched again; one cut off is "
                    "resumed.")
    files.add_argument("--kind", choices=bulk.KINDS, default="printings")
    files.add_argument("--output", "-o", metavar="PATH",
                       help="where to write it (default: printings.ndjson.gz, "
                            "cards.ndjson.gz or formats.json.gz here)")
    _service_arguments(files)
    return parser


def _service_arguments(command: argparse.ArgumentParser) -> None:
    """Where a command's decks are judged: a running service, or this process's catalog."""
    command.add_argument("--url", default=os.environ.get("DECKJUDGE_URL"),
                         help="a running deckjudge service (default: $DECKJUDGE_URL; "
                              "without one, check in this process with the local catalog)")
    command.add_argument("--database", default=None, metavar="URL",
                         help=f"the local catalog database (default: {CATALOG_ORDER}; the "
                              "end of this help says which is used now)")
    command.add_argument("--timeout", type=_seconds, default=30.0, metavar="SECONDS",
                         help="per request, against a service (default 30)")
    command.add_argument("--retries", type=int, default=3, choices=range(0, 11),
                         metavar="N", help="retries on connection errors, 429 and 503, with "
                                           "backoff (default 3)")


def _date(value: str) -> dt.date:
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date (YYYY-MM-DD): {value!r}") from None


def _seconds(value: str) -> float:
    try:
        seconds = float(value)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= 600:
        raise argparse.ArgumentTypeError(f"give 0 < SECONDS ≤ 600, not {value!r}")
    return seconds


# The most days ahead --warn-days looks: a year, past which no change is announced.
MAX_WARN_DAYS = 366


def _days(value: str) -> int:
    if not value.isdecimal() or not 1 <= int(value) <= MAX_WARN_DAYS:
        raise argparse.ArgumentTypeError(f"give 1 ≤ N ≤ {MAX_WARN_DAYS} days, not {value!r}")
    return int(value)


if __name__ == "__main__":
    sys.exit(main())
