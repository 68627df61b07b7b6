"""Every format refuses a deck it could not read (validators.records.READING_CHECKS): a line
naming several cards that the verdict depends on (`4 Mewtwo EX`: Mewtwo ex or Mewtwo-EX, two
titles), a line naming no card and a line that is not a card line. Held in every format
GET /v1/formats lists, a deployment's among them, and in every play of a team format: named
alone, in `format=all`, as a team (POST /v1/validate/team), and in an organizer's format on
each base it may name; every answer checked against the contract."""

from __future__ import annotations

import shutil

import pytest

from tests.support.apps import contract_app
from tests.support.paths import PROJECT_ROOT
from validators import deployed
from validators.formats import builtin_formats
from validators.records import CONSTRUCTED, DeckRules

pytestmark = pytest.mark.full_catalog
# A day on which every card `Mewtwo EX` names is out, so that the line names several cards
# in every format (on a day only one of them existed, it can only mean that one).
DAY = "2026-05-01"
# Each reading check's code, and a line only it refuses.
LINES = {"ambiguous-card": "4 Mewtwo EX", "unknown-card": "4 Pikachoo",
         "unreadable-line": "@@@ ????"}
REST = "\n56 Psychic Energy BS 101\n"
DECKS = {code: line + REST for code, line in LINES.items()}


@pytest.fixture(scope="module")
def deployment(full_db_url, tmp_path_factory):
    """The app with the examples' organizers' formats as the deployment's own; deckjudge's
    own formats alone again after the module (the formats are the process's)."""
    folder = tmp_path_factory.mktemp("formats")
    for path in (PROJECT_ROOT / "examples" / "formats" / "definitions").glob("*.json"):
        shutil.copy(path, folder)
    app = contract_app(full_db_url, FORMATS_DIR=str(folder))
    yield app.test_client()
    deployed.configure(None)


@pytest.fixture(scope="module")
def listed(deployment) -> list[dict]:
    items = deployment.get("/v1/formats").get_json()["items"]
    assert {"gym-leader-challenge", "jibx-pauper"} <= {item["id"] for item in items}
    return items


def _plays(listed: list[dict]) -> list[tuple[str, str | None]]:
    """Each format listed, with each play of a team format."""
    return [(item["id"], play) for item in listed
            for play in (item["plays"] if item["kind"] == "team" else (None,))]


def _refused(verdict: dict, code: str) -> None:
    """Not legal, and first for the line the reading check refuses (reading comes first)."""
    assert verdict["legal"] is False, verdict["format"]["id"]
    first = verdict["violations"][0]
    assert (first["code"], first["cards"][0]["line"]) == (code, 1), verdict["format"]["id"]


@pytest.mark.parametrize("code", LINES)
def test_each_format_named_alone_refuses_a_line_it_cannot_read(deployment, listed, code):
    for format_id, play in _plays(listed):
        body = {"format": format_id, "deck": DECKS[code], "as_of": DAY, "detail": "verdict",
                **({"play": play} if play else {})}
        answer = deployment.post("/v1/validate", json=body)
        assert answer.status_code == 200, (format_id, play)
        _refused(answer.get_json(), code)


@pytest.mark.parametrize("code", LINES)
@pytest.mark.parametrize("play", ["constructed", "limited"])
def test_every_format_at_once_refuses_a_line_it_cannot_read(deployment, listed, code, play):
    answer = deployment.post("/v1/validate", json={
        "format": "all", "deck": DECKS[code], "as_of": DAY, "play": play,
        "detail": "legal_in"}).get_json()
    assert answer["legal_in"] == []
    judged = answer["formats"]
    # `all` judges the formats played on the day, and names each it leaves out (each is
    # judged when named: the test above)
    left_out = {notice["detail"].split(" ", 1)[0] for notice in answer["notices"]
                if notice["code"] == "not-in-force"}
    assert {"standard", "expanded", "glc"} <= set(judged)
    assert ("2v2-casual" in judged) is (play == "constructed")  # it has no Limited play
    assert set(judged) | left_out == {item["id"] for item in listed
                                      if item["kind"] == "singles" or play in item["plays"]}
    assert {format_id: each["fails"] for format_id, each in judged.items()} == \
        {format_id: [code] for format_id in judged}


@pytest.mark.parametrize("code", LINES)
def test_a_team_with_a_line_it_cannot_read_is_refused(deployment, listed, code):
    teams = [item for item in listed if item["kind"] == "team"]
    assert {"team-multiplay", "team-battle", "2v2-casual"} <= {team["id"] for team in teams}
    for team in teams:
        for play in team["plays"]:
            answer = deployment.post("/v1/validate/team", json={
                "format": team["id"], "play": play, "as_of": DAY, "detail": "verdict",
                "players": [{"seat": seat, "deck": DECKS[code]} for seat in team["seats"]]})
            assert answer.status_code == 200, (team["id"], play)
            body = answer.get_json()
            assert body["legal"] is False
            for player in body["players"]:
                _refused(player, code)


@pytest.mark.parametrize("code", LINES)
def test_an_organizers_format_on_each_base_refuses_a_line_it_cannot_read(deployment, code):
    bases = [fmt.id for fmt in builtin_formats().values()
             if isinstance(fmt, DeckRules) and fmt.play == CONSTRUCTED]
    assert len(bases) == 6
    for base in bases:
        answer = deployment.post("/v1/validate", json={
            "definition": {"id": f"cup-on-{base}", "base": base, "copy_limit": 2},
            "deck": DECKS[code], "as_of": DAY, "detail": "verdict"})
        assert answer.status_code == 200, base
        _refused(answer.get_json(), code)


def test_2v2_casual_names_the_ambiguous_line_as_unlimited_does(deployment):
    """The trial's case: Mewtwo EX beside 56 Energy, judged on each format's own day."""
    for format_id in ("2v2-casual", "unlimited"):
        verdict = deployment.post("/v1/validate", json={
            "format": format_id, "deck": "4 Mewtwo EX\n56 Psychic Energy BS 101",
            "detail": "verdict"}).get_json()
        assert verdict["legal"] is False
        [ambiguous] = verdict["violations"]
        assert ambiguous["code"] == "ambiguous-card" and ambiguous["severity"] == "error"
        assert "different titles" in ambiguous["message"]
