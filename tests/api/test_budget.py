"""A request's work is counted before any is done: every line times every format, times
the weight of answering line by line; past the budget it is a 413 saying how to ask less."""

from __future__ import annotations

from api import work_budget

# 500 card lines (the most a list may have) and 500 that are not cards: 1,000 lines.
THOUSAND = "".join(f"1 Card {n}\n" for n in range(500)) + "not a card\n" * 500


def test_work_past_the_budget_is_refused_before_it_is_done(client):
    deck = THOUSAND
    refused = client.post("/v1/validate", json={"deck": deck, "format": ["modified",
                                                                         "unlimited"]})
    assert refused.status_code == 413
    problem = refused.get_json()
    assert problem["type"].endswith("/over-budget")
    assert (problem["budget"], problem["cost"]) == (work_budget.MAX_WORK, 1000 * 2 * 8)
    assert "detail: verdict" in problem["detail"]
    verdict_only = client.post("/v1/validate", json={"deck": deck, "format": ["modified",
                                                                             "unlimited"],
                                                     "detail": "verdict"})
    assert verdict_only.status_code == 200


def test_a_team_past_the_budget_is_refused(client):
    players = [{"seat": seat, "deck": THOUSAND} for seat in "AB"]
    refused = client.post("/v1/validate/team", json={"format": "team-multiplay",
                                                     "players": players})
    assert refused.status_code == 413 and refused.get_json()["cost"] == 2000 * 8
