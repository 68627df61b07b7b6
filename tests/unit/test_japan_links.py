"""Japan's printings linked to their international printings on the full real catalog
(catalog/importing/linking.py), and the report of the links (`flask catalog links-report`).

The known pairs were checked by hand against both sources' data (names, HP, attacks):
Pitch Black is Japan's M5 at the same numbers, and the older pairs are one of each era.
"""

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from catalog.db import make_engine
from catalog.models import AMBIGUOUS, LINKED, NOT_LINKED, Card, JapaneseCard

# Japanese printing -> (its international printing, that card's English name).
KNOWN_PAIRS = {
    "ja-m5-78": ("me5-78", "Gwynn"),  # ムク, a Supporter: by its text's structure
    "ja-m5-1": ("me5-1", "Tropius"),  # トロピウス
    "ja-sv2a-150": ("sv3pt5-150", "Mewtwo"),  # 151, numbered alike in both
    "ja-sv1a-97": ("sv2-258", "Skeledirge ex"),  # ラウドボーンex
    "ja-s12a-115": ("swsh12pt5-105", "Radiant Eternatus"),  # かがやくムゲンダイナ
    "ja-s8-109": ("swsh8-255", "Genesect V"),  # ゲノセクトV
    "ja-sm9b-59": ("sm10-120", "Lucario & Melmetal-GX"),  # ルカリオ&メルメタルGX
    "ja-pmcg4-22": ("base5-37", "Dark Golduck"),  # わるいゴルダック, Team Rocket
    "ja-neo1-66": ("neo1-51", "Togepi"),
    "ja-m-p-51": ("rsv10pt5-84", "Hilda"),  # トウコ, a promo Supporter
}


@pytest.fixture(scope="module")
def japanese_cards(full_db_url):
    engine = make_engine(full_db_url)
    with Session(engine) as session:
        rows = {row.id: (row.link, row.linked_id, tuple(row.candidates or ()), row.supertype)
                for row in session.scalars(select(JapaneseCard))}
        keys = dict(session.execute(select(Card.id, Card.function_key)).all())
        names = {card_id: session.scalar(select(Card.name).where(Card.id == card_id))
                 for card_id, _ in KNOWN_PAIRS.values()}
    engine.dispose()
    return rows, keys, names


@pytest.mark.parametrize("japanese_id", sorted(KNOWN_PAIRS))
def test_a_known_pair_is_linked(japanese_cards, japanese_id):
    rows, _, names = japanese_cards
    international, name = KNOWN_PAIRS[japanese_id]
    assert rows[japanese_id][:2] == (LINKED, international)
    assert names[international] == name


def test_no_japanese_printing_links_to_two_cards(japanese_cards):
    rows, keys, _ = japanese_cards
    assert len(rows) > 10_000  # every era of data-asia is read
    for japanese_id, (link, linked_id, candidates, _) in rows.items():
        if link == LINKED:
            assert linked_id in keys and not candidates, japanese_id
        elif link == AMBIGUOUS:
            # Several cards, each once: never linked, so judged as none of them.
            assert linked_id is None, japanese_id
            cards = [keys[card_id] for card_id in candidates]
            assert len(cards) == len(set(cards)) >= 2, japanese_id
        else:
            assert link == NOT_LINKED and linked_id is None and not candidates, japanese_id


def test_most_of_the_current_eras_printings_are_linked(japanese_cards):
    rows, _, _ = japanese_cards
    # Scarlet & Violet's sets are all released in English: nearly all of it is found.
    scarlet = [link for japanese_id, (link, *_) in rows.items()
               if japanese_id.startswith("ja-sv") and not japanese_id.startswith("ja-svp")]
    assert sum(link == LINKED for link in scarlet) / len(scarlet) > 0.95
    # Japan's M6 is released in Japan alone: only its reprints are linked.
    m6 = [link for japanese_id, (link, *_) in rows.items() if japanese_id.startswith("ja-m6-")]
    assert m6 and sum(link == LINKED for link in m6) < len(m6) / 4


@pytest.mark.sweep  # every Japanese printing, reported twice
def test_the_links_report_counts_each_era(runner_for, full_db_url):
    engine = make_engine(full_db_url)
    with Session(engine) as session:
        total = session.scalar(select(func.count()).select_from(JapaneseCard))
        linked = session.scalar(select(func.count()).where(JapaneseCard.link == LINKED))
    engine.dispose()
    result = runner_for(full_db_url).invoke(args=["catalog", "links-report", "--sample", "5",
                                                  "--seed", "3", "--unlinked"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    figures = [line.split() for line in lines[1:] if line[:9].strip().isdecimal()]
    everything = next(row for row in figures if row[4] == "all:")
    assert [int(n) for n in everything[:2]] == [total, linked]
    eras = [row for row in figures if row[4] != "all:"]
    assert sum(int(row[0]) for row in eras) == total
    for row in figures:  # linked, not linked and ambiguous make its printings
        assert int(row[0]) == sum(map(int, row[1:4]))
    assert "a sample of 5 links (seed 3):" in lines
    assert any(line.startswith("  M6 ") and "not-linked" in line for line in lines)
    again = runner_for(full_db_url).invoke(args=["catalog", "links-report", "--sample", "5",
                                                 "--seed", "3"])
    assert again.output.splitlines()[-5:] == lines[lines.index(
        "a sample of 5 links (seed 3):") + 1:][:5]
