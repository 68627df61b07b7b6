"""team: one player in each of the format's seats; and Team Battle's shared pools."""

import pytest

from tests.support.basics import basic_line
from tests.unit.checks.conftest import filler
from validators.formats import get_format
from validators.team_engine import Player, validate_team

MODIFIED_BASIC = basic_line("modified")  # Charmander (Legendary Collection)
MODIFIED_DECK = "4 Bill LC 108\n" + MODIFIED_BASIC + filler(55)
# Team Battle's Constructed is Diamond & Pearl on: Bidoof (Diamond & Pearl) begins its decks.
DP_BASIC = "1 Bidoof DP 70\n"
ENERGY = "Lightning Energy BS 100"
PIKACHU_2 = "2 Pikachu LC 86\n" + filler(38, ENERGY)


@pytest.fixture
def team(full_index, lines):
    def run(format_id, players, play="constructed"):
        built = [Player(seat, lines(deck), lines(pool) if pool is not None else None)
                 for seat, deck, pool in players]
        return validate_team(full_index, get_format(format_id), play, built)

    return run


def team_codes(result):
    return sorted(v.code for v in result.violations)


def test_seats_a_and_b_make_a_legal_team(team):
    result = team("team-multiplay", [("A", MODIFIED_DECK, None), ("B", MODIFIED_DECK, None)])
    assert result.legal and result.violations == ()
    assert result.play.prizes == {"A": 3, "B": 2} and result.play.round_minutes == 50


@pytest.mark.parametrize(("seats", "messages"), [
    (["A"], ["the team has 1 players", "no player takes seat B"]),
    (["A", "A"], ["2 players take seat A", "no player takes seat B"]),
    (["A", "C"], ["'C' is not a seat", "no player takes seat B"]),
    (["A", "B", "B"], ["the team has 3 players", "2 players take seat B"]),
])
def test_seats_wrong(team, seats, messages):
    result = team("team-multiplay", [(seat, MODIFIED_DECK, None) for seat in seats])
    assert team_codes(result) == ["team"] * len(messages)
    for violation, expected in zip(result.violations, messages, strict=True):
        assert expected in violation.message
        assert violation.rule.section == "§244"
    assert not result.legal
    assert all(verdict.legal for _, verdict in result.players)  # the decks are fine


def test_a_player_deck_violation_makes_the_team_illegal(team):
    result = team("team-multiplay", [("A", MODIFIED_DECK, None),
                                     ("B", "4 Blastoise BS 2\n" + MODIFIED_BASIC + filler(55),
                                      None)])
    assert result.violations == () and not result.legal
    seat_b = dict((p.seat, v) for p, v in result.players)["B"]
    assert [v.code for v in seat_b.violations] == ["not-legal"]


def test_team_limited_each_deck_from_its_own_pool(team):
    result = team("team-multiplay", [("A", PIKACHU_2, "2 Pikachu LC 86"),
                                     ("B", PIKACHU_2, "1 Pikachu LC 86")], play="limited")
    by_seat = {p.seat: v for p, v in result.players}
    assert by_seat["A"].legal and [v.code for v in by_seat["B"].violations] == ["not-in-pool"]
    assert result.play.prizes == {"A": 2, "B": 2} and result.play.round_minutes == 40


def test_team_battle_limited_shares_both_pools(team):
    # A plays both Pikachu, though B opened one of them: teammates may trade.
    result = team("team-battle", [("A", PIKACHU_2, "1 Pikachu LC 86"),
                                  ("B", "1 Bill LC 108\n1 Charmander LC 70\n" + filler(38, ENERGY),
                                   "1 Pikachu LC 86\n1 Bill LC 108\n1 Charmander LC 70")],
                  play="limited")
    assert result.legal, result.violations


def test_team_battle_limited_both_decks_together_over_both_pools(team):
    result = team("team-battle", [("A", PIKACHU_2, "1 Pikachu LC 86"),
                                  ("B", "1 Pikachu LC 86\n" + filler(39, ENERGY), "1 Bill LC 108")],
                  play="limited")
    # Three Pikachu wanted, one in both pools: A's line gets it, B's gets none.
    assert [(v.code, v.cards[0].seat, v.cards[0].copies) for v in result.violations] == [
        ("not-in-pool", "A", 2), ("not-in-pool", "B", 1)]
    assert "holds 1" in result.violations[0].message
    assert "holds 0" in result.violations[1].message
    assert {(v.rule.document, v.rule.section) for v in result.violations} == {
        ("Team Battle format 2009", "4.3.2")}
    assert all(verdict.legal for _, verdict in result.players)  # counted on the team only


def test_team_battle_limited_without_pools_warns(team):
    deck = "1 Bill LC 108\n1 Pikachu LC 86\n" + filler(38, ENERGY)
    result = team("team-battle", [("A", deck, None), ("B", deck, None)], play="limited")
    assert result.legal and [w.code for w in result.warnings] == ["pool-not-checked"]


def test_team_battle_constructed_is_diamond_and_pearl_on(team):
    # Garchomp C LV.X is of Supreme Victors, 2009; the basic Energy of Base Set.
    dp = "4 Garchomp C LV.X\n" + DP_BASIC + filler(55)
    result = team("team-battle", [("A", dp, None),
                                  ("B", "4 Bill LC 108\n" + DP_BASIC + filler(55), None)])
    by_seat = {p.seat: v for p, v in result.players}
    assert by_seat["A"].legal
    assert [v.code for v in by_seat["B"].violations] == ["not-legal"]
    assert by_seat["B"].violations[0].rule.section == "4.3.1"
    assert result.play.prizes == {"A": 3, "B": 3}


def test_2v2_casual_allows_any_card(team):
    old = "4 Blastoise BS 2\n" + basic_line("2v2-casual") + filler(55)
    result = team("2v2-casual", [("A", old, None), ("B", MODIFIED_DECK, None)])
    assert result.legal and result.play.prizes == {"A": 3, "B": 3}
