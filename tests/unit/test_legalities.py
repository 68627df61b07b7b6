"""deckjudge's Standard and Expanded verdicts against the card data's own `legalities`, over
the whole real catalog, for the day the data was taken (2026-02-01): every difference has a
reading, and the readings are the ones the formats' sources give."""

import datetime as dt
from collections import Counter

import pytest
from sqlalchemy.orm import Session

from catalog import lookup
from catalog.db import make_engine
from validators import legalities

DATA_DAY = dt.date(2026, 2, 1)  # ../shared/pokemon-tcg-data/README.md: mirror commit's day


def _data_legalities(url: str) -> dict[str, dict[str, str]]:
    engine = make_engine(url)
    try:
        with Session(engine) as session:
            return lookup.data_legalities(session)
    finally:
        engine.dispose()


@pytest.fixture
def differences(full_db_url, full_index):
    return legalities.compare(full_index, _data_legalities(full_db_url), DATA_DAY)


def test_the_catalog_keeps_the_datas_legalities(full_db_url):
    said = _data_legalities(full_db_url)
    assert said["sv1-196"] == {"unlimited": "Legal", "standard": "Legal", "expanded": "Legal"}
    assert said["xy4-99"]["expanded"] == "Banned"  # Lysandre's Trump Card
    assert sum(found.get("expanded") == "Banned" for found in said.values()) == 41


def test_every_difference_has_a_reading(differences):
    unexplained = [d for d in differences if d.reason == legalities.UNEXPLAINED]
    assert unexplained == []
    assert len(differences) > 1000  # the data describes one day, and not by the rules


def test_the_readings_are_the_rules(differences):
    by_reason = Counter((d.format, d.reason) for d in differences)
    # the data still calls F-mark printings legal in Standard: they rotated on 2025-04-11
    rotated = [d for d in differences if d.reason == "rotated"]
    assert len(rotated) >= 1000 and {d.format for d in rotated} == {"standard"}
    assert all("2025-04-11" in d.reading for d in rotated)
    # Ascended Heroes came out on 2026-01-30; it is legal from the second Friday after
    waiting = {d.card for d in differences if d.reason == "waiting-period"}
    assert "me2pt5-1" in waiting and all(card.startswith("me2pt5-") for card in waiting)
    assert by_reason["standard", "waiting-period"] > 100
    assert by_reason["expanded", "waiting-period"] > 100
    # older printings of a reprinted card: deckjudge counts them, the data does not
    reprint = next(d for d in differences if d.card == "base5-17" and d.format == "expanded")
    assert (reprint.data, reprint.deckjudge, reprint.reason) == ("not legal", "Legal", "reprint")
    # the data counts a namesake as a reprint; the reprint rule asks for the same card
    potion = next(d for d in differences if d.card == "base1-94" and d.format == "expanded")
    assert potion.reason == "same-name-only" and potion.deckjudge == "not legal"


def test_the_ban_lists_agree_with_the_data_on_its_day_but_where_it_lags(differences):
    """Every ban the data records is on deckjudge's dated list and in force that day; and
    deckjudge bans more only where the data lags the announcements: Duskull CEC 83
    (2024-09-27) and the Apple Drop Flapple (2025-10-10), which it still calls Legal."""
    bans = {(d.card, d.format, d.data, d.deckjudge, d.reason) for d in differences
            if "Banned" in (d.data, d.deckjudge)}
    assert bans == {(card, "expanded", "Legal", "Banned", "ban-dated") for card in (
        "sm12-83", "swsh2-22", "swsh45sv-SV013", "swsh10tg-TG02", "swshp-SWSH022")}


def test_the_command_lists_the_differences(full_app):
    result = full_app.test_cli_runner().invoke(
        args=["catalog", "legalities", "--date", DATA_DAY.isoformat()])
    assert result.exit_code == 0, result.output
    assert "standard  rotated" in result.output
    assert result.output.rstrip().endswith("differences, 0 unexplained")
    refused = full_app.test_cli_runner().invoke(
        args=["catalog", "legalities", "--date", "yesterday"])
    assert refused.exit_code != 0 and "is not a date" in refused.output
