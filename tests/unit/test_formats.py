"""The format definitions: every file read, every check code known, every set real, every
deck's rules reading its lines first."""

import dataclasses
import json
import shutil

import pytest

from tests.support.paths import PROJECT_ROOT
from validators.checks import REGISTRY, ambiguous_card, unknown_card, unreadable_line
from validators.formats import FORMATS_DIR, ORDER, all_formats, deck_rules
from validators.formats.reader import FormatDataError, checks, read_formats
from validators.records import LIMITED, REACHES, READING_CHECKS, DeckRules, TeamFormat
from validators.seasons import lineages


def every_deck_rules():
    for fmt in all_formats().values():
        if isinstance(fmt, TeamFormat):
            yield from (play.deck for play in fmt.plays.values())
        else:
            yield fmt


def test_every_decks_rules_read_its_lines_first():
    """Every format's, each team play's and each season's: the reading checks come first,
    each citing a section of the format's own."""
    assert READING_CHECKS == (unreadable_line.CHECK, unknown_card.CHECK, ambiguous_card.CHECK)
    seasons = [season.rules for lineage in lineages() for season in lineage.seasons]
    for rules in [*every_deck_rules(), *seasons]:
        reading = rules.checks[:len(READING_CHECKS)]
        assert tuple(spec.code for spec in reading) == READING_CHECKS, rules.id
        assert all(spec.section for spec in reading), rules.id


def test_a_reading_check_the_data_leaves_out_cites_the_formats_reading_section():
    casual = deck_rules(all_formats()["2v2-casual"])
    assert [(spec.code, spec.section) for spec in casual.checks[:3]] == [
        ("unreadable-line", "Setup"), ("unknown-card", "Setup"), ("ambiguous-card", "Setup")]
    # Partner Battles cites its own section for an ambiguous line, with its parameter.
    partner = all_formats()["partner-battles"]
    assert isinstance(partner, DeckRules)
    ambiguous = partner.checks[2]
    assert (ambiguous.code, ambiguous.section, ambiguous.params) == (
        "ambiguous-card", "I.3.3", {"any_difference": True})
    listed = checks([{"rule": "deck-size", "section": "§1"},
                     {"rule": "unknown-card", "section": "§2"}], None)
    assert [(spec.code, spec.section) for spec in listed] == [
        ("unreadable-line", "§2"), ("unknown-card", "§2"), ("ambiguous-card", "§2"),
        ("deck-size", "§1")]


def test_the_docs_name_the_section_each_format_reads_its_lines_by():
    """docs/formats.md's table under "Lines a format cannot read": a row for each deck's
    rules, with the sections its reading checks cite."""
    text = (PROJECT_ROOT / "docs" / "formats.md").read_text()
    table = text.split("## Lines a format cannot read", 1)[1].split("\n## ", 1)[0]
    rows = [[cell.strip() for cell in row.strip("|").split("|")]
            for row in table.splitlines() if row.startswith("| `")]
    said = {(cells[0].strip("`"), cells[1] or None): (cells[2], cells[3]) for cells in rows}
    found = {}
    for fmt in all_formats().values():
        for play in (list(fmt.plays) if isinstance(fmt, TeamFormat) else [None]):
            rules = deck_rules(fmt, play)
            sections = {spec.code: spec.section for spec in rules.checks}
            assert sections["unreadable-line"] == sections["unknown-card"], rules.id
            found[fmt.id, play] = (sections["unreadable-line"], sections["ambiguous-card"])
    assert said == found


def test_deck_rules_that_name_no_reading_section_are_refused():
    with pytest.raises(ValueError, match="unreadable-line"):
        checks([{"rule": "deck-size", "section": "§1"}], None)
    modified = all_formats()["modified"]
    with pytest.raises(ValueError, match="ambiguous-card"):
        dataclasses.replace(modified, checks=tuple(
            spec for spec in modified.checks if spec.code != "ambiguous-card"))


def test_every_file_is_a_format_in_order():
    assert sorted(path.stem for path in FORMATS_DIR.glob("*.json")
                  if path.stem != "seasons") == sorted(ORDER)
    assert list(all_formats()) == list(ORDER)


def test_every_check_a_format_runs_exists():
    for rules in every_deck_rules():
        codes = [spec.code for spec in rules.checks]
        assert set(codes) <= set(REGISTRY), rules.id
        assert len(codes) == len(set(codes)), rules.id
        assert all(spec.section for spec in rules.checks)


def test_every_set_and_banned_card_is_in_the_catalog(full_index):
    for rules in every_deck_rules():
        pool = rules.pool
        named = [*pool.sets, *pool.promo_numbers, *(s for p in rules.products for s in p.sets)]
        named += [s for s in (pool.later_than, pool.from_set) if s]
        assert set(named) <= set(full_index.sets), rules.id
        for ban in rules.banned:  # a card of the catalog, or a kind deckjudge knows
            assert (full_index.card(ban.card) if ban.card else ban.reaches in REACHES), rules.id


def test_limited_rules_have_no_copy_limit_and_check_pools():
    for rules in every_deck_rules():
        codes = {spec.code for spec in rules.checks}
        if rules.play == LIMITED:
            assert rules.deck_size == 40 and rules.copy_limit is None
            assert {"not-in-pool", "not-in-product"} <= codes
        elif rules.id == "partner-battles":
            assert rules.deck_size == 100 and rules.copy_limit is None
            assert {"singleton", "type-identity", "partner-missing"} <= codes
        elif rules.id == "glc":  # singleton by name, one Type, no Rule Box
            assert rules.deck_size == 60 and rules.copy_limit == 1
            assert {"copy-limit", "one-type", "rule-box"} <= codes
        else:
            assert rules.deck_size == 60 and rules.copy_limit == 4
            assert "copy-limit" in codes


def test_team_formats_name_their_deck_rules():
    multiplay = all_formats()["team-multiplay"]
    assert isinstance(multiplay, TeamFormat)
    assert deck_rules(multiplay) is all_formats()["modified"]
    assert deck_rules(multiplay, "limited") is all_formats()["sealed"]
    assert isinstance(deck_rules(all_formats()["team-battle"]), DeckRules)
    assert all(set(play.prizes) == set(fmt.seats) for fmt in all_formats().values()
               if isinstance(fmt, TeamFormat) for play in fmt.plays.values())


def test_the_contract_names_every_format():
    """openapi.yaml's format id admits every format's id, names deckjudge's own, bounds a
    body's list of them as the body's reader does, and lists the bases a definition may
    name."""
    import re

    import yaml

    from api.deck_requests import MAX_FORMATS_NAMED
    from api.spec import SPEC_PATH

    schemas = yaml.safe_load(SPEC_PATH.read_text())["components"]["schemas"]
    format_id = schemas["FormatId"]
    assert all(re.match(format_id["pattern"], format_id_) for format_id_ in ORDER)
    assert ", ".join(ORDER) in " ".join(format_id["description"].split())
    listed = next(option for option in schemas["ValidateRequest"]["properties"]["format"]["oneOf"]
                  if option.get("type") == "array")
    assert listed["maxItems"] == MAX_FORMATS_NAMED
    bases = [fmt.id for fmt in all_formats().values()
             if isinstance(fmt, DeckRules) and fmt.play == "constructed"]
    assert schemas["FormatDefinitionInput"]["properties"]["base"]["enum"] == bases


def _broken(tmp_path, name, change):
    """A copy of deckjudge's format files with one file changed by `change` (its JSON)."""
    folder = tmp_path / "formats"
    shutil.copytree(FORMATS_DIR, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    path = folder / name
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    return folder


def _rule(data, name):
    return next(rule for rule in data["rules"] if rule["rule"] == name)


@pytest.mark.parametrize(("name", "change", "pointer", "said"), [
    ("glc.json", lambda d: d["rules"].append({"rule": "no-vmax", "section": "x"}),
     "/rules/14/rule", "Not a rule deckjudge knows"),
    ("glc.json", lambda d: _rule(d, "no-rule-box").update(kinds=["VMAXX"]),
     "/rules/10/kinds/0", "Must be one of"),
    ("partner-battles.json", lambda d: _rule(d, "printed-limit").update(scopes="name"),
     "/rules/10/scopes", "Not a valid list"),
    ("standard.json", lambda d: d["rules"].append(_rule(d, "deck-size")),
     "/rules", "switched on once: deck-size"),
    ("standard.json", lambda d: d["rules"][0].pop("section"), "/rules/0/section", "required"),
    ("expanded.json", lambda d: d["banned"][0].update(reaches="ancient-trait"),
     "/banned/0", "exactly one of card or reaches"),
    ("standard.json", lambda d: d["families"][0]["names"].append("PROFESSOR JUNIPER"),
     "/families/0/names", "are one title"),
    ("team-battle.json", lambda d: d["plays"]["constructed"].update(deck="nope"),
     "/plays/constructed/deck", "no format of one deck"),
    ("unlimited.json", lambda d: d.update(id="unlimited-2"), "/id", "names 'unlimited-2'"),
    ("seasons.json", lambda d: d["lineages"][0]["seasons"][0].update(effective="2001-01-01"),
     "/lineages/0/seasons/0", "one of them"),
    ("seasons.json", lambda d: d["lineages"][0]["deck"].update(  # no reading check left
        rules=d["lineages"][0]["deck"]["rules"][3:]),
     "/lineages/0/deck/rules", "list unreadable-line"),
])
def test_a_format_file_at_fault_is_refused_whole_naming_file_and_field(tmp_path, name, change,
                                                                       pointer, said):
    folder = _broken(tmp_path, name, change)
    with pytest.raises(FormatDataError) as error:
        read_formats(folder, ORDER)
    assert str(error.value).startswith(f"{folder / name}: {pointer}: "), str(error.value)
    assert said in error.value.detail
    assert list(read_formats(FORMATS_DIR, ORDER).own) == list(ORDER)  # the shipped set stands
