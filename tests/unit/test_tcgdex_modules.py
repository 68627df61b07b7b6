"""TCGdex's data files read as TypeScript modules: what is read, and every hostile or broken
file refused with an error that names it (catalog/importing/ts_modules.py)."""

from __future__ import annotations

import json

import pytest

from catalog.importing import ts_modules
from catalog.importing.fields import CatalogImportError
from catalog.importing.import_limits import ImportLimits
from catalog.importing.locations import Budget
from catalog.importing.tcgdex_data import read
from catalog.importing.ts_modules import ModuleError, read_module

# Written by hand in the shape of TCGdex's card files (not a copy of one).
CARD = """import { Card } from "../../../interfaces"
import Set from "../Test Set"

const card: Card = {
\tset: Set,

\tname: {
\t\ten: "Testmon",
\t\tfr: "Testmon",
\t\t'es-mx': "Testmón"
\t},

\tillustrator: undefined,
\trarity: "Common",
\tcategory: "Pokemon",
\thp: 60,
\ttypes: ["Grass"],
\tstage: "Basic",

\tattacks: [{
\t\tname: { en: "Tackle" },
\t\tcost: ["Colorless"],
\t\tdamage: 10, // a trailing comment
\t}],
\tretreat: 1,
}

export default card
"""


def test_a_card_module_is_read_as_its_literal():
    module = read_module(CARD.encode(), "Test Set/1.ts")
    assert module.type_name == "Card"
    assert module.imports == {"Set": "../Test Set"}
    assert module.imported(module.value["set"]) == "../Test Set"
    assert module.value["name"] == {"en": "Testmon", "fr": "Testmon", "es-mx": "Testmón"}
    assert module.value["illustrator"] is None  # undefined: left out
    assert module.value["attacks"] == [{"name": {"en": "Tackle"}, "cost": ["Colorless"],
                                        "damage": 10}]


@pytest.mark.parametrize("text", [
    CARD,
    CARD.replace('"Common"', '"Com" +\n\t\t"mon"'),  # joined strings: the tree reads them
    CARD.replace("const card", "/** a comment */\nconst card"),
    CARD.replace('"Testmon",\n\t\tfr', '"Test\\u006don",\n\t\tfr'),
])
def test_both_parsers_read_a_module_alike(text):
    body = text.encode()
    tree = ts_modules._by_tree(body, "x.ts")
    fast = ts_modules._by_json5(text)
    assert tree.value["rarity"] == "Common" and tree.value["name"]["en"] == "Testmon"
    if fast is not None:
        assert (fast.value, fast.imports, fast.type_name) == \
            (tree.value, tree.imports, tree.type_name)
    assert read_module(body, "x.ts").value == tree.value


@pytest.mark.parametrize(("change", "says"), [
    (("rarity: \"Common\"", "rarity: fetch(\"https://evil\")"), "call expression at line 14"),
    (("rarity: \"Common\"", "rarity: `Com${1}`"), "template string at line 14"),
    (("hp: 60,", "...other,"), "spread element at line 16"),
    (("hp: 60,", "[key]: 60,"), "the key at line 16"),
    (("hp: 60,", "hp: someName,"), "identifier at line 16"),
    (("export default card", "export default other"), "exported by default"),
    (("const card: Card = {", "let card: Card = {"), "is not one const"),
    (("retreat: 1,\n}", "retreat: 1,\n"), "not valid TypeScript"),
    (("const card: Card", "const card: Card = {}\nconst more: Card"), "lexical declaration"),
])
def test_a_module_of_another_shape_is_refused_where_it_is(change, says):
    old, new = change
    with pytest.raises(ModuleError) as refused:
        read_module(CARD.replace(old, new).encode(), "data/x/Test Set/1.ts")
    assert "data/x/Test Set/1.ts" in str(refused.value)
    assert says in str(refused.value)


def test_deep_nesting_is_refused_by_both_parsers():
    deep = "[" * 5000 + "]" * 5000
    body = CARD.replace("retreat: 1,", f"retreat: 1, deep: {deep},").encode()
    with pytest.raises(ModuleError, match=r"nested more than 16 levels at line \d+"):
        read_module(body, "deep.ts")


def test_text_that_is_not_utf8_is_refused():
    with pytest.raises(ModuleError, match="not UTF-8"):
        read_module(CARD.encode().replace(b"Testmon", b"Test\xffmon", 1), "bad.ts")


def _source(tmp_path, card: str, size: int = 0):
    """A TCGdex layout in a directory: one series, one set, one card."""
    data = tmp_path / "data"
    (data / "Test" / "Test Set").mkdir(parents=True)
    (tmp_path / "interfaces.d.ts").write_text("export interface Card {}\n")
    (data / "Test.ts").write_text('import { Serie } from "../interfaces"\n'
                                  'const serie: Serie = { id: "tst", name: { en: "Test" } }\n'
                                  "export default serie\n")
    (data / "Test" / "Test Set.ts").write_text(
        'import { Set } from "../../interfaces"\nimport serie from "../Test"\n'
        'const set: Set = { id: "tst1", name: { en: "Test Set" }, serie: serie,\n'
        '  cardCount: { official: 1 }, releaseDate: "2026-07-17",\n'
        '  abbreviations: { official: "TST" } }\nexport default set\n')
    (data / "Test" / "Test Set" / "001.ts").write_text(card + " " * size)
    return tmp_path


def _sets(location, limits=None):
    from catalog.importing.tcgdex_data import sets
    budget = Budget(limits)
    raw = read(str(location), lambda *_: None, budget, _Digest())
    return sets(raw, budget)


class _Digest:
    def update(self, data: bytes, /) -> None:
        pass

    def hexdigest(self) -> str:
        return ""


def test_a_tcgdex_directory_reads_as_rows(tmp_path):
    [found] = _sets(_source(tmp_path, CARD.replace("../Test Set", "../Test Set.ts")))
    assert found.row["ptcgo_code"] == "TST" and str(found.row["release_date"]) == "2026-07-17"
    [printing] = found.cards
    card = printing.row
    assert (card["id"], card["name"], card["subtypes"], card["hp"]) == \
        ("tst1-001", "Testmon", ["Basic"], 60)
    assert card["retreat_cost"] == ["Colorless"]


@pytest.mark.parametrize(("change", "says"), [
    (("\tcategory: \"Pokemon\",\n", ""), "missing 'category'"),
    (("hp: 60,", "hp: 60, evil: 1,"), "'evil' is not a field interfaces.d.ts declares"),
    (("hp: 60,", "hp: 1e9,"), "'hp' must be a whole number"),
    (('import Set from "../Test Set"', 'import Set from "../../../../etc/passwd"'),
     "imports from outside the source"),
    (("stage: \"Basic\"", "stage: \"Stage7\""), "unknown stage 'Stage7'"),
])
def test_a_card_off_its_declared_shape_is_refused(tmp_path, change, says):
    # A file's shape is checked as it is read, its fields' values as its row is: for a
    # printing the catalog takes, at the merge (catalog/importing/merging.py).
    from catalog.importing.merging import merged

    old, new = change
    with pytest.raises(CatalogImportError) as refused:
        merged([], [], _sets(_source(tmp_path, CARD.replace(old, new))))
    assert "Test Set/001.ts" in str(refused.value) and says in str(refused.value)


def test_a_file_past_the_byte_limit_is_refused_before_it_is_parsed(tmp_path):
    with pytest.raises(CatalogImportError, match="the limit of one file"):
        _sets(_source(tmp_path, CARD, size=5_000), ImportLimits(file_bytes=4_096))


def test_a_directory_with_too_many_entries_is_refused(tmp_path):
    with pytest.raises(CatalogImportError, match="the limit of an archive"):
        _sets(_source(tmp_path, CARD), ImportLimits(archive_members=3))


# Shaped as some Trainer Kits' Energy files are: a "stage", no "energyType".
KIT_ENERGY = """import { Card } from "../../../interfaces"
import Set from "../Test Set"

const card: Card = {
\tname: { en: "%s" },
\tcategory: "Energy",
\trarity: "None",
\tset: Set,
\tstage: "Basic",
\ttypes: ["Water"],
%s}

export default card
"""


@pytest.mark.parametrize(("name", "effect", "subtypes"), [
    ("Water Energy", "", ["Basic"]),
    ("Basic Water Energy", "", ["Basic"]),
    ("Water Energy", '\teffect: { en: "This card provides 2 Water Energy." },\n', []),
    ("Wash Water Energy", "", []),
])
def test_an_energy_without_its_kind_is_basic_by_its_name_alone(tmp_path, name, effect,
                                                                subtypes):
    [found] = _sets(_source(tmp_path, KIT_ENERGY % (name, effect)))
    [printing] = found.cards
    card = printing.row
    assert (card["supertype"], card["subtypes"]) == ("Energy", subtypes)


def test_the_sources_report_lists_each_disagreement_with_the_side_taken(tmp_path, runner_for,
                                                                       empty_db_url):
    from tests.support.paths import MINI_CATALOG

    tcgdex = tmp_path / "tcgdex"
    _source(tcgdex, CARD.replace("Testmon", "Charizard").replace("hp: 60,", "hp: 100,")
            .replace('stage: "Basic"', 'stage: "Stage2"'))
    set_file = tcgdex / "data" / "Test" / "Test Set.ts"
    set_file.write_text(set_file.read_text().replace('"tst1"', '"base1"')
                        .replace('"Test Set"', '"Base"').replace("2026-07-17", "1999-01-09"))
    (tcgdex / "data" / "Test" / "Test Set" / "001.ts").rename(
        tcgdex / "data" / "Test" / "Test Set" / "004.ts")
    location = f"pokemon-tcg-data={MINI_CATALOG},tcgdex={tcgdex}"
    runner = runner_for(empty_db_url)
    result = runner.invoke(args=["catalog", "sources-report", location])
    assert result.exit_code == 0, result.output
    assert "rule: the value consistent with the rest of its card is kept" in result.output
    assert "  hp                    1   pokemon-tcg-data 1, tcgdex 0" in result.output
    assert ("base1-4  hp  kept (pokemon-tcg-data): '120'  not taken (tcgdex): '100'  why: "
            "both are consistent with their card") in result.output
    as_json = runner.invoke(args=["catalog", "sources-report", location, "--json"])
    assert as_json.exit_code == 0
    both = "both are consistent with their card (or neither is): pokemon-tcg-data's is kept"
    assert [json.loads(line) for line in as_json.stdout.splitlines()] == [
        {"record": "base1-4", "field": "hp", "kept": "120", "kept_from": "pokemon-tcg-data",
         "other": "100", "other_from": "tcgdex", "why": both},
        {"record": "base1-4", "field": "text", "kept": "ability 1: Energy Burn: Turn all "
         "Energy attached to Charizard into Fire Energy. This power can't be used if Charizard "
         "is Asleep, Confused, or Paralyzed.", "kept_from": "pokemon-tcg-data",
         "other": "ability 1: ", "other_from": "tcgdex", "why": both}]
    only_names = runner.invoke(args=["catalog", "sources-report", location, "--field", "name",
                                     "--json"])
    assert only_names.exit_code == 0 and only_names.stdout.strip() == ""
    alone = runner.invoke(args=["catalog", "sources-report", str(MINI_CATALOG)])
    assert alone.exit_code != 0 and "names one source" in alone.output


def test_importing_again_brings_what_upstream_added(tmp_path):
    # A day's update: TCGdex adds a printing to its set; the import takes it, and an import
    # of the same data again is skipped.
    from catalog.db import make_engine
    from catalog.importing.importer import import_catalog
    from catalog.index import load_index
    from tests.support.catalogs import sqlite_url
    from tests.support.paths import MINI_CATALOG

    tcgdex = _source(tmp_path / "tcgdex", CARD)
    location = f"pokemon-tcg-data={MINI_CATALOG},tcgdex={tcgdex}"
    engine = make_engine(sqlite_url(tmp_path / "catalog.sqlite3"))
    try:
        first = import_catalog(engine, location)
        assert not first.skipped and load_index(engine).card("tst1-1") is not None
        (tcgdex / "data" / "Test" / "Test Set" / "002.ts").write_text(
            CARD.replace("Testmon", "Newmon"))
        second = import_catalog(engine, location)
        assert not second.skipped and second.card_count == first.card_count + 1
        added = load_index(engine).card("tst1-2")
        assert added is not None and added.name == "Newmon"
        assert import_catalog(engine, location).skipped
    finally:
        engine.dispose()
