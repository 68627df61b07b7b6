from tests.unit.checks.conftest import codes, filler

ENERGY = "Lightning Energy BS 100"  # basic: Limited players add any number of it


def sealed(deck_lines, pool, verdict, format_id="sealed"):
    used = sum(int(line.split()[0]) for line in deck_lines)
    return verdict("\n".join(deck_lines) + "\n" + filler(40 - used, ENERGY), format_id, pool=pool)


def test_cards_from_the_pool_are_fine(verdict):
    result = sealed(["2 Pikachu LC 86", "1 Bill LC 108"], "2 Pikachu LC 86\n1 Bill LC 108\n",
                    verdict)
    assert codes(result) == [] and result.legal


def test_one_copy_more_than_the_pool_holds(verdict):
    result = sealed(["2 Pikachu LC 86"], "1 Pikachu LC 86\n", verdict)
    [violation] = result.violations
    assert violation.code == "not-in-pool" and violation.rule.section == "§231"
    assert "pool holds 1" in violation.message
    assert [(c.line, c.id, c.copies) for c in violation.cards] == [(1, "base6-86", 2)]


def test_another_printing_of_the_card_is_not_the_card_opened(verdict):
    # The player opened Neo Genesis' Pikachu; Legendary Collection's is another printing.
    result = sealed(["1 Pikachu LC 86"], "1 Pikachu N1 70\n", verdict)
    assert codes(result) == ["not-in-pool"]


def test_a_name_only_line_matches_any_printing_of_that_name(verdict):
    # The deck stands; the name-only line is a warning, as it names several cards.
    result = sealed(["1 Pikachu"], "1 Pikachu LC 86\n", verdict)
    assert result.legal and [w.code for w in result.warnings] == ["ambiguous-card"]


def test_specific_lines_take_their_copies_before_name_only_lines(verdict):
    # "1 Pikachu" could take the LC copy, but the LC line needs it; it takes Neo's instead.
    result = sealed(["1 Pikachu", "1 Pikachu LC 86"], "1 Pikachu LC 86\n1 Pikachu N1 70\n",
                    verdict)
    assert result.legal and [w.code for w in result.warnings] == ["ambiguous-card"]


def test_basic_energy_never_counts_against_the_pool(verdict):
    assert codes(sealed(["1 Bill LC 108", "1 Pikachu LC 86"], "1 Bill LC 108\n1 Pikachu LC 86\n",
                        verdict)) == []


def test_no_pool_is_a_warning_not_a_violation(verdict):
    result = verdict("1 Bill LC 108\n1 Pikachu LC 86\n" + filler(38, ENERGY), "sealed")
    assert codes(result) == ["pool-not-checked"] and result.legal


def test_an_unknown_pool_line_is_a_warning_and_covers_nothing(verdict):
    result = sealed(["1 Bill LC 108", "1 Pikachu LC 86"],
                    "1 Bill LC 108\n1 Pikachoo\n1 Pikachu LC 86\n", verdict)
    assert codes(result) == ["pool-unknown-card"] and result.legal
    [warning] = result.warnings
    assert warning.cards[0].source == "pool" and warning.cards[0].line == 2


def test_drafts_check_the_pool_too(verdict):
    for format_id in ("booster-draft", "rochester-draft"):
        result = sealed(["2 Pikachu N1 70"], "1 Pikachu N1 70\n", verdict, format_id)
        assert codes(result) == ["not-in-pool"]
    # A pool of one Pikachu: the basic Energy beside it is not the pool's.
    assert verdict("1 Pikachu N1 70\n39 Fire Energy BS 98\n", "rochester-draft",
                   pool="1 Pikachu N1 70\n").violations == ()
