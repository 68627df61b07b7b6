"""Where pokemon-tcg-data and TCGdex give a printing's field differently, the value
consistent with the rest of its card is kept, pokemon-tcg-data's where both are
(catalog/importing/deciding.py), and a regulation mark is read as one of the game's
(catalog/regulation_marks.py): on hand-built sources of a few cards, shaped as the real
data's faults are."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
import yaml

from catalog.importing.deciding import PTCG, RULES, TCGDEX, faults
from catalog.importing.importer import read_raw, transform
from catalog.regulation_marks import MARKS, read_mark
from tests.support.paths import PROJECT_ROOT

TCGDEX_CARD = """import { Card } from "../../../interfaces"
import Set from "../Test Set"

const card: Card = {
\tset: Set,
\tname: { en: "%(name)s" },
\trarity: "Uncommon",
%(body)s}

export default card
"""
SUPPORTER = ('\tcategory: "Trainer",\n\ttrainerType: "Supporter",\n'
             '\teffect: { en: "Switch in 1 of your opponent\'s Benched Pokémon to the Active '
             'Spot." },\n\tregulationMark: "I",\n')
POKEMON = ('\tcategory: "Pokemon",\n\thp: %d,\n\ttypes: ["Grass"],\n\tstage: "Basic",\n'
           '\tattacks: [{ name: { en: "Tackle" }, cost: ["Colorless"], damage: 10 }],\n'
           '\tretreat: 1,\n\tregulationMark: "%s",\n')
ITEM = '\tcategory: "Trainer",\n\ttrainerType: "Item",\n\teffect: { en: "Draw 2 cards." },\n'


def _ptcg_card(number: int, name: str, **fields: object) -> dict[str, object]:
    return {"id": f"tst1-{number}", "name": name, "number": str(number), **fields}


# pokemon-tcg-data's side: a Supporter written as a Pokémon with 0 HP and no text (as 22
# Ascended Heroes Supporters are), a Pokémon whose HP TCGdex gives otherwise, an Item with
# no regulation mark, and a set with no release day ("---").
PTCG_CARDS = [
    _ptcg_card(1, "Boss's Orders", supertype="Pokémon", subtypes=["Supporter"], hp=0,
               types=[], attacks=[], abilities=[], weaknesses=[{"type": "", "value": "×"}],
               regulationMark="I"),
    _ptcg_card(2, "Testmon", supertype="Pokémon", subtypes=["Basic"], hp="60",
               types=["Grass"], attacks=[{"name": "Tackle", "cost": ["Colorless"],
                                          "damage": "10", "text": ""}],
               retreatCost=["Colorless"], regulationMark="G"),
    _ptcg_card(3, "Test Draw", supertype="Trainer", subtypes=["Item"],
               rules=["Draw 2 cards."]),
    _ptcg_card(4, "Clefairy Doll", supertype="Trainer", subtypes=["Item"], hp="10",
               rules=["Play Clefairy Doll as if it were a Basic Pokémon. Clefairy Doll has "
                      "10 HP."]),
]
TCGDEX_CARDS = {
    "001": ("Boss's Orders", SUPPORTER),
    "002": ("Testmon", POKEMON % (70, "g")),  # another HP; a mark in lower case
    "003": ("Test Draw", ITEM + '\tregulationMark: "h",\n'),
    "005": ("Test Switch", ITEM + '\tregulationMark: "None",\n'),  # TCGdex's alone
}


def _sources(folder: Path) -> str:
    ptcg = folder / "ptcg"
    (ptcg / "cards" / "en").mkdir(parents=True)
    (ptcg / "sets").mkdir()
    (ptcg / "sets" / "en.json").write_text(json.dumps([
        {"id": "tst1", "name": "Test Set", "series": "Test", "ptcgoCode": "TST",
         "releaseDate": "---"}]))
    (ptcg / "cards" / "en" / "tst1.json").write_text(json.dumps(PTCG_CARDS))
    tcgdex = folder / "tcgdex"
    (tcgdex / "data" / "Test" / "Test Set").mkdir(parents=True)
    (tcgdex / "interfaces.d.ts").write_text("export interface Card {}\n")
    (tcgdex / "data" / "Test.ts").write_text(
        'import { Serie } from "../interfaces"\n'
        'const serie: Serie = { id: "tst", name: { en: "Test" } }\nexport default serie\n')
    (tcgdex / "data" / "Test" / "Test Set.ts").write_text(
        'import { Set } from "../../interfaces"\nimport serie from "../Test"\n'
        'const set: Set = { id: "tst1", name: { en: "Test Set" }, serie: serie,\n'
        '  cardCount: { official: 5 }, releaseDate: "2026-01-30",\n'
        '  abbreviations: { official: "TST" } }\nexport default set\n')
    for number, (name, body) in TCGDEX_CARDS.items():
        (tcgdex / "data" / "Test" / "Test Set" / f"{number}.ts").write_text(
            TCGDEX_CARD % {"name": name, "body": body})
    return f"pokemon-tcg-data={ptcg},tcgdex={tcgdex}"


@pytest.fixture
def decided(tmp_path):
    location = _sources(tmp_path)
    catalog = transform(read_raw(location, lambda *_: None))
    assert catalog.merged is not None
    return location, catalog


def test_a_supporter_given_as_a_pokemon_without_hp_or_text_is_tcgdexs_trainer(decided):
    _, catalog = decided
    card = next(card for card in catalog.cards if card["id"] == "tst1-1")
    assert (card["supertype"], card["subtypes"], card["hp"], card["weaknesses"]) == \
        ("Trainer", ["Supporter"], None, [])
    assert card["rules"] == ["Switch in 1 of your opponent's Benched Pokémon to the Active Spot."]
    # what it is, worked out again from what it holds: its id, number and name stay
    assert (card["number"], card["name"], card["source"]) == ("1", "Boss's Orders", "upstream")
    assert card["type_identity"] == [] and faults(card) == []
    decisions = {d.field: d for d in catalog.merged.decisions() if d.record == "tst1-1"}
    assert set(decisions) == {"supertype", "text"}
    assert (decisions["supertype"].kept, decisions["supertype"].other) == ("Trainer", "Pokémon")
    assert {d.kept_from for d in decisions.values()} == {TCGDEX}
    assert "a Pokémon with no HP" in decisions["supertype"].why


def test_where_both_are_cards_of_their_kind_pokemon_tcg_datas_value_is_kept(decided):
    _, catalog = decided
    cards = {card["id"]: card for card in catalog.cards}
    assert cards["tst1-2"]["hp"] == 60
    assert cards["tst1-4"]["hp"] == 10  # a Trainer played as a Pokémon keeps its HP
    [hp] = [d for d in catalog.merged.decisions() if d.field == "hp"]
    assert (hp.record, hp.kept, hp.other, hp.kept_from) == ("tst1-2", "60", "70", PTCG)


def test_a_mark_or_day_only_tcgdex_gives_is_taken_and_each_spelling_read(decided):
    _, catalog = decided
    cards = {card["id"]: card for card in catalog.cards}
    assert cards["tst1-3"]["regulation_mark"] == "H"  # TCGdex's "h"
    assert cards["tst1-2"]["regulation_mark"] == "G"  # pokemon-tcg-data's, a mark already
    assert cards["tst1-5"]["regulation_mark"] is None  # "None"
    assert catalog.sets[0]["release_date"] == dt.date(2026, 1, 30)
    taken = {(d.record, d.field, d.kept, d.kept_from) for d in catalog.merged.decisions()
             if d.field in ("regulation_mark", "release_date")}
    assert taken == {("tst1-3", "regulation_mark", "H", TCGDEX),
                     ("tst1", "release_date", "2026-01-30", TCGDEX)}
    assert [(r.record, r.spelled, r.read, r.source) for r in catalog.readings] == [
        ("tst1-5", "None", "", TCGDEX)]


def test_the_report_states_each_rule_and_who_won(decided, runner_for, empty_db_url):
    location, _ = decided
    runner = runner_for(empty_db_url)
    result = runner.invoke(args=["catalog", "sources-report", location])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "  supertype             1   pokemon-tcg-data 0, tcgdex 1" in lines
    assert "  all                   5   pokemon-tcg-data 1, tcgdex 4" in lines
    assert any(line.startswith("  supertype        the source whose printing is a card of its "
                               "supertype") for line in lines)
    assert "  regulation_mark  'None' read as none: 1" in lines
    assert ("tst1-1  supertype  kept (tcgdex): 'Trainer'  not taken (pokemon-tcg-data): "
            "'Pokémon'  why: pokemon-tcg-data's printing is a Pokémon with no HP and a "
            "Pokémon with no attack or ability; TCGdex's is a Trainer card") in lines
    as_json = runner.invoke(args=["catalog", "sources-report", location, "--json",
                                  "--field", "regulation_mark"])
    assert [json.loads(line) for line in as_json.stdout.splitlines()] == [
        {"record": "tst1-3", "field": "regulation_mark", "kept": "H", "kept_from": "tcgdex",
         "other": "", "other_from": "pokemon-tcg-data",
         "why": "pokemon-tcg-data gives it no regulation mark"},
        {"record": "tst1-5", "field": "regulation_mark", "read": "", "spelled": "None",
         "source": "tcgdex", "why": "not a regulation mark of the game: read as no mark"}]


@pytest.mark.parametrize(("spelled", "read"), [
    ("D", "D"), ("J", "J"), ("j", "J"), (" h ", "H"), ("None", None), ("K", None),
    ("", None), (None, None), ("DE", None), ("1", None),
])
def test_a_regulation_mark_is_read_as_one_of_the_games(spelled, read):
    assert read_mark(spelled) == read
    assert read is None or read in MARKS


@pytest.mark.parametrize(("card", "found"), [
    ({"supertype": "Pokémon", "hp": 0, "attacks": [], "rules": []},
     ["a Pokémon with no HP", "a Pokémon with no attack or ability"]),
    ({"supertype": "Pokémon", "hp": 60, "abilities": [{"name": "Ability"}]}, []),
    ({"supertype": "Trainer", "hp": 40, "abilities": [{"name": "Jagged Stone"}],
      "rules": ["Play Claw Fossil as if it were a 40 HP Basic Colorless Pokémon."]}, []),
    ({"supertype": "Trainer", "attacks": [{"name": "Splatter"}],
      "rules": ["That Pokémon may use this card's attack instead of its own."]}, []),
    ({"supertype": "Trainer", "hp": 60, "rules": ["Draw 2 cards."]}, ["a Trainer with HP"]),
    ({"supertype": "Trainer", "rules": []}, ["a Trainer with no text"]),
    ({"supertype": "Energy", "subtypes": ["Basic"], "rules": []}, []),
    ({"supertype": "Energy", "subtypes": ["Special"], "attacks": [{"name": "x"}],
      "rules": ["This card provides 2 Colorless Energy."]},
     ["an Energy with an attack or ability"]),
])
def test_a_row_is_a_card_of_its_supertype_or_says_why_not(card, found):
    assert faults(card) == found


def test_the_docs_state_each_fields_rule_as_the_report_prints_it():
    text = (PROJECT_ROOT / "docs" / "catalog-sources.md").read_text()
    assert [field for field, rule in RULES.items()
            if f"| `{field}` | {rule} |" not in text] == []


def test_the_contract_knows_the_marks_of_the_game_and_no_other():
    spec = yaml.safe_load((PROJECT_ROOT / "openapi.yaml").read_text())
    assert spec["components"]["schemas"]["RegulationMark"]["enum"] == list(MARKS)
