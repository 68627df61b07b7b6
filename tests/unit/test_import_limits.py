"""The limits of a catalog import (catalog/importing/import_limits.py): a source past one is refused
with an error naming the file and the limit, and the loaded catalog keeps serving, whole.

Sources are small crafted directories and archives in tmp_path, and real HTTP servers on
loopback. A limit that takes much data or time to pass is narrowed (ImportLimits) where
its default would cost the test seconds; the others are met at their defaults.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import tarfile
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from catalog.db import make_engine
from catalog.importing.import_limits import (
    MAX_ARCHIVE_BYTES,
    MAX_FILE_BYTES,
    MAX_IMAGE_ORIGINS,
    MAX_INFLATED_BYTES,
    MAX_SET_CARDS,
    MAX_SETS,
    ImportLimits,
)
from catalog.importing.importer import CatalogImportError, import_catalog, loaded_meta
from tests.support.catalogs import counts, layout_archive
from tests.support.paths import MINI_CARDS, MINI_CATALOG, MINI_SETS
from tests.support.servers import (
    HUGE_LENGTHS,
    NO_LENGTHS,
    dripping_http,
    silent_server,
    static_http,
)

SOURCES = ["directory", "tar.gz", "zip", "http", "http without lengths"]


@pytest.fixture
def engine(mini_db_url):
    """A database serving the mini catalog."""
    engine = make_engine(mini_db_url)
    yield engine
    engine.dispose()


def refused(engine, location: str, *expected: str, force: bool = False,
            **limits) -> str:
    """Import `location`: it must be refused with each `expected` in the error, and the
    mini catalog must still be the one loaded, whole. Returns the error."""
    before = loaded_meta(engine)
    with pytest.raises(CatalogImportError) as raised:
        import_catalog(engine, location, force=force, limits=ImportLimits(**limits))
    error = str(raised.value)
    for part in expected:
        assert part in error
    after = loaded_meta(engine)
    assert (after.version, after.card_count) == (before.version, MINI_CARDS)
    assert counts(engine) == (MINI_SETS, MINI_CARDS)
    return error


@contextmanager
def located(folder: Path, kind: str) -> Iterator[str]:
    """The layout in `folder` as a source of the kind named: itself, an archive of it, or
    it served over HTTP (with true Content-Lengths, or none)."""
    if kind == "directory":
        yield str(folder)
    elif kind in ("tar.gz", "zip"):
        yield str(layout_archive(folder, folder.parent / f"layout.{kind}"))
    else:
        with static_http(folder, lengths=NO_LENGTHS if "without" in kind else "true") as url:
            yield url


def pad(folder: Path, path: str, size: int) -> None:
    """Make a card file `size` bytes long: a valid empty list, spaces within."""
    (folder / path).write_bytes(b"[" + b" " * (size - 2) + b"]")


@pytest.mark.parametrize("kind", SOURCES)
def test_a_file_past_the_limit_of_one_file_is_refused(engine, mini_dir, kind):
    pad(mini_dir, "cards/en/base1.json", MAX_FILE_BYTES + 1)
    with located(mini_dir, kind) as location:
        refused(engine, location, "cards/en/base1.json", f"{MAX_FILE_BYTES:,}",
                "the limit of one file")


@pytest.mark.parametrize("kind", SOURCES)
def test_files_past_the_limit_of_all_together_are_refused(engine, mini_dir, kind):
    for path in (mini_dir / "cards/en").iterdir():
        pad(mini_dir, f"cards/en/{path.name}", 20_000)
    with located(mini_dir, kind) as location:
        refused(engine, location, "more than 65,536 bytes in all",
                "the limit of a catalog source", source_bytes=65_536)


@pytest.mark.timeout(60)  # reading a FIFO with no writer would never end
def test_a_file_that_is_not_a_regular_file_is_refused(engine, mini_dir):
    (mini_dir / "cards/en/base1.json").unlink()
    os.mkfifo(mini_dir / "cards/en/base1.json")  # reading it would wait for a writer
    refused(engine, str(mini_dir), "cards/en/base1.json: not a regular file")


@pytest.mark.parametrize("kind", ["archive on disk", "download", "download without length"])
def test_an_archive_past_the_limit_of_an_archive_is_refused(engine, tmp_path, kind):
    served = tmp_path / "served"
    served.mkdir()
    archive = layout_archive(MINI_CATALOG, served / "catalog.tar.gz")
    if kind == "archive on disk":
        refused(engine, str(archive), "the limit of an archive", archive_bytes=1_000)
        return
    lengths = NO_LENGTHS if "without" in kind else "true"
    with static_http(served, lengths=lengths) as base:
        refused(engine, f"{base}/catalog.tar.gz", f"{base}/catalog.tar.gz:",
                "the limit of an archive", archive_bytes=1_000)


def test_a_download_that_says_it_is_too_large_is_refused_before_it_is_read(engine, mini_dir):
    layout_archive(MINI_CATALOG, mini_dir / "catalog.tar.gz")
    with static_http(mini_dir, lengths=HUGE_LENGTHS) as base:
        refused(engine, f"{base}/catalog.tar.gz",
                f"10,737,418,240 bytes, more than {MAX_ARCHIVE_BYTES:,}, the limit of an archive")
        refused(engine, base, "sets/en.json: 10,737,418,240 bytes", "the limit of one file")


def _tar_bomb(target: Path, inflated: int) -> Path:
    """A .tar.gz of the mini catalog and one more member that inflates to `inflated` bytes
    of zeros, written in a few milliseconds: gzip streams may follow one another, so one
    compressed MiB is repeated."""
    layout = io.BytesIO()
    with tarfile.open(fileobj=layout, mode="w") as tar:
        tar.add(MINI_CATALOG, arcname="data")
    member = tarfile.TarInfo("data/padding.bin")
    member.size = inflated
    mebibyte = gzip.compress(bytes(1 << 20), compresslevel=9)
    with target.open("wb") as out:
        out.write(gzip.compress(member.tobuf()))
        for _ in range(inflated >> 20):
            out.write(mebibyte)
        out.write(gzip.compress(layout.getvalue()))  # the layout, then the end of the tar
    return target


def test_a_small_archive_that_inflates_past_the_limit_is_refused_before_it_inflates(
        engine, tmp_path):
    bomb = _tar_bomb(tmp_path / "bomb.tar.gz", MAX_INFLATED_BYTES + (1 << 20))
    assert bomb.stat().st_size < 1 << 20
    refused(engine, str(bomb), f"its members inflate to more than {MAX_INFLATED_BYTES:,} "
                               "bytes, the limit of an archive")


def test_a_zip_whose_members_inflate_past_the_limit_is_refused(engine, tmp_path):
    target = tmp_path / "bomb.zip"
    layout_archive(MINI_CATALOG, target)
    with zipfile.ZipFile(target, "a", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("pokemon-tcg-data-master/padding.bin", bytes(1 << 20))
    refused(engine, str(target), "inflate to more than 524,288 bytes", inflated_bytes=1 << 19)


def test_headers_no_member_declares_are_counted_as_the_archive_inflates(engine, tmp_path):
    """tarfile reads a pax header whole before the member it belongs to: its size is in no
    member's, and the inflated stream itself is counted."""
    declared = sum(path.stat().st_size for path in MINI_CATALOG.rglob("*") if path.is_file())
    target = tmp_path / "pax.tar.gz"
    with tarfile.open(target, "w:gz", format=tarfile.PAX_FORMAT) as tar:
        tar.add(MINI_CATALOG, arcname="data")
        big = tarfile.TarInfo("data/README")
        big.pax_headers = {"comment": "x" * 200_000}
        tar.addfile(big, io.BytesIO())
    refused(engine, str(target), "inflates to more than", "the limit of an archive",
            inflated_bytes=declared + 100_000)


@pytest.mark.parametrize("suffix", ["tar.gz", "zip"])
def test_an_archive_with_more_members_than_the_limit_is_refused(engine, tmp_path, suffix):
    archive = layout_archive(MINI_CATALOG, tmp_path / f"catalog.{suffix}")
    refused(engine, str(archive), "more than 5 members, the limit of an archive",
            archive_members=5)


def test_more_sets_than_the_limit_are_refused_before_their_files_are_read(engine, mini_dir):
    sets = json.loads((mini_dir / "sets/en.json").read_text())
    extra = [{"id": f"extra{number}", "name": "Extra"} for number in range(MAX_SETS)]
    (mini_dir / "sets/en.json").write_text(json.dumps(sets + extra))
    refused(engine, str(mini_dir), f"sets/en.json: {len(sets) + MAX_SETS:,} sets, more than "
                                   f"{MAX_SETS:,}, the limit of a catalog")


def test_a_set_of_more_cards_than_the_limit_is_refused(engine, mini_dir):
    cards = [{"id": f"base1-{number}", "name": "Switch", "supertype": "Trainer",
              "number": str(number)} for number in range(MAX_SET_CARDS + 1)]
    (mini_dir / "cards/en/base1.json").write_text(json.dumps(cards))
    refused(engine, str(mini_dir), f"cards/en/base1.json: {MAX_SET_CARDS + 1:,} cards, more "
                                   f"than {MAX_SET_CARDS:,}, the limit of one set")


def test_more_cards_in_all_than_the_limit_are_refused(engine):
    refused(engine, str(MINI_CATALOG), "more than 10, the limit of a catalog", force=True,
            cards=10)


def test_pictures_from_more_hosts_than_the_limit_are_refused(engine, mini_dir):
    """Each host is a source in the organizer page's Content-Security-Policy header."""
    hosts = iter(range(100))
    for path in (mini_dir / "cards/en").iterdir():
        cards = json.loads(path.read_text())
        for card in cards:
            card["images"] = {size: f"https://host{next(hosts)}.example/{size}.png"
                              for size in ("small", "large")}
        path.write_text(json.dumps(cards))
    refused(engine, str(mini_dir), f"24 hosts of the cards' pictures, more than "
                                   f"{MAX_IMAGE_ORIGINS}, the limit of the organizer page's")


@pytest.mark.timeout(60)  # the servers never finish: without a deadline it would not end
@pytest.mark.parametrize("server", ["body drip", "header drip", "silent"])
def test_a_slow_server_is_cut_off_at_the_deadline(engine, server):
    serving = silent_server() if server == "silent" else dripping_http(
        headers_too=server == "header drip")
    with serving as base:
        location = base if server != "body drip" else f"{base}/catalog.tar.gz"
        refused(engine, location, "deadline of 1 s (CATALOG_IMPORT_SECONDS)", seconds=1)


def test_the_deadline_is_the_environments_when_it_sets_one(monkeypatch):
    assert ImportLimits.from_environ() == ImportLimits()
    monkeypatch.setenv("CATALOG_IMPORT_SECONDS", "2.5")
    assert ImportLimits.from_environ().seconds == 2.5
    monkeypatch.setenv("CATALOG_IMPORT_SECONDS", "soon")
    with pytest.raises(ValueError, match="CATALOG_IMPORT_SECONDS must be a number"):
        ImportLimits.from_environ()


def emptied(folder: Path, *set_ids: str) -> Path:
    """The layout at `folder` with the named sets' card files emptied."""
    for set_id in set_ids:
        (folder / f"cards/en/{set_id}.json").write_text("[]")
    return folder


def test_a_catalog_losing_more_than_a_fifth_of_the_cards_takes_force(engine, mini_dir):
    import_catalog(engine, str(emptied(mini_dir, "mep")))  # 11 of 13: 15 % fewer
    assert counts(engine) == (MINI_SETS, 11)
    import_catalog(engine, str(MINI_CATALOG))
    source = str(emptied(mini_dir, "base1"))  # 7 of 13
    error = refused(engine, source, "the new catalog has 7 cards where the loaded one has 13",
                    "46% fewer, more than the 20% an import may drop", "--force")
    assert error.startswith(source)
    forced = import_catalog(engine, source, force=True)
    assert not forced.skipped and counts(engine) == (MINI_SETS, 7)


def test_the_first_import_is_never_refused_for_its_size(empty_db_url, mini_dir):
    engine = make_engine(empty_db_url)
    tiny = emptied(mini_dir, "base1", "base6", "basep", "dp1", "mep")  # neo1's card alone
    assert import_catalog(engine, str(tiny)).card_count == 2  # with the supplement's
    import_catalog(engine, str(MINI_CATALOG))
    with pytest.raises(CatalogImportError, match="2 cards where the loaded one has 13"):
        import_catalog(engine, str(tiny))
    assert counts(engine) == (MINI_SETS, MINI_CARDS)
    engine.dispose()


def test_the_cli_refuses_a_shrinking_catalog_unless_forced(mini_db_url, mini_dir, runner_for):
    runner = runner_for(mini_db_url)
    source = str(emptied(mini_dir, "base1"))
    result = runner.invoke(args=["catalog", "import", source])
    assert result.exit_code == 1
    assert "import failed, the previous catalog is kept" in result.output
    assert "9 cards where the loaded one has 13" in result.output
    assert "import it with --force" in result.output
    forced = runner.invoke(args=["catalog", "import", "--force", source])
    assert forced.exit_code == 0, forced.output
    assert "imported: 7 sets, 9 cards" in forced.output


def test_the_cli_reads_the_deadline_from_the_environment(mini_db_url, runner_for):
    result = runner_for(mini_db_url).invoke(args=["catalog", "import", str(MINI_CATALOG)],
                                            env={"CATALOG_IMPORT_SECONDS": "-1"})
    assert result.exit_code == 1
    assert "CATALOG_IMPORT_SECONDS must be a number of seconds above 0" in result.output
