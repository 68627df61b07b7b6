"""TCGdex's pictures of every printing it has (catalog/image_urls.py): the address TCGdex's
documentation gives, by language, beside pokemon-tcg-data's pictures.

TCGdex's documentation (https://tcgdex.dev/assets) gives a card's picture as
`https://assets.tcgdex.net/en/swsh/swsh3/136` followed by `/{quality}.{extension}`, quality
`high` or `low`, extension `png`, `webp` or `jpg`: the language, then the ids of the series,
the set and the card in the set, as its data files name them (TCGdex's API gives
`"image": "https://assets.tcgdex.net/en/swsh/swsh3/136"` for Furret, Darkness Ablaze 136).
"""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.views.catalog_records import card_images
from catalog.db import make_engine
from catalog.image_urls import TCGDEX_SIZES, image_url, tcgdex_image, tcgdex_images
from catalog.models import Card

# The documented form, every part one path segment.
DOCUMENTED = re.compile(r"https://assets\.tcgdex\.net/(?P<language>[a-z]{2}(?:-[a-z]{2})?)/"
                        r"(?P<series>[^/]+)/(?P<set>[^/]+)/(?P<number>[^/]+)/"
                        r"(?P<quality>high|low)\.(?P<extension>png|webp|jpg)")
# The documentation's own example.
FURRET = "https://assets.tcgdex.net/en/swsh/swsh3/136"
# A printing of every era, with its series's, set's and card's ids in TCGdex's data files
# (data/<series>/<set>/<card>.ts and the ids they declare): the set ids keep their zero
# padding and point ("sv01", "sv03.5"), the card ids theirs ("001").
SAMPLES = {
    "base1-4": "base/base1/4",  # Base Set Charizard, 1999
    "neo1-9": "neo/neo1/9",
    "ecard1-1": "ecard/ecard1/1",
    "ex1-1": "ex/ex1/1",
    "dp1-1": "dp/dp1/1",
    "pl1-1": "pl/pl1/1",
    "hgss1-1": "hgss/hgss1/1",
    "bw1-1": "bw/bw1/1",
    "xy1-1": "xy/xy1/1",
    "sm1-1": "sm/sm1/1",
    "det1-1": "sm/det1/1",  # a Sun & Moon special set
    "swsh3-136": "swsh/swsh3/136",
    "swsh12pt5gg-GG01": "swsh/swsh12.5gg/GG01",  # a gallery, its number's prefix kept
    "sv1-1": "sv/sv01/001",
    "sv3pt5-1": "sv/sv03.5/001",
    "svp-1": "sv/svp/001",  # a promo
    "me3-1": "me/me03/001",  # Perfect Order, Chaos Rising, Pitch Black: TCGdex's alone
    "me4-1": "me/me04/001",
    "me5-1": "me/me05/001",
}
TODAYS_SETS = ("me3", "me4", "me5")  # Perfect Order, Chaos Rising, Pitch Black


@pytest.fixture(scope="module")
def printings(full_db_url) -> dict[str, Card]:
    engine = make_engine(full_db_url)
    try:
        with Session(engine) as session:
            return {card.id: card for card in session.scalars(select(Card))}
    finally:
        engine.dispose()


def test_the_address_is_the_documented_one():
    assert tcgdex_image("swsh/swsh3/136", "en", "small") == f"{FURRET}/low.webp"
    assert tcgdex_image("swsh/swsh3/136", "en", "large") == f"{FURRET}/high.webp"
    for size in TCGDEX_SIZES:
        found = DOCUMENTED.fullmatch(tcgdex_image("me/me05/001", "es-mx", size))
        assert found is not None
        assert found.group("language", "series", "set", "number") == ("es-mx", "me", "me05",
                                                                       "001")


@pytest.mark.parametrize("card_id", SAMPLES)
def test_a_printing_of_every_era_has_tcgdexs_address(printings, card_id):
    card = printings[card_id]
    shown = card_images(card)
    assert card.image_path == SAMPLES[card_id]
    assert "en" in shown["by_language"]
    for language, sizes in shown["by_language"].items():
        for size, url in sizes.items():
            found = DOCUMENTED.fullmatch(url)
            assert found is not None, url
            assert found.group("language") == language
            assert "/".join(found.group("series", "set", "number")) == SAMPLES[card_id]
            assert found.group("quality") == ("low" if size == "small" else "high")
            assert image_url(url) == url  # a URL the page may load


def test_furret_is_the_documentations_example(printings):
    by_language = card_images(printings["swsh3-136"])["by_language"]
    assert by_language["en"]["small"].removesuffix("/low.webp") == FURRET
    # Named in French, German, Italian, Spanish and Portuguese in TCGdex's files too.
    assert set(by_language) == {"en", "fr", "de", "it", "es", "pt"}


def test_every_printing_of_todays_sets_has_a_picture_of_tcgdexs_form(printings):
    of_today = [card for card in printings.values() if card.set_id in TODAYS_SETS]
    assert len(of_today) == 124 + 122 + 120
    for card in of_today:
        for url in (card.image_small, card.image_large):
            found = DOCUMENTED.fullmatch(url or "")
            assert found is not None, (card.id, url)
            assert found.group("language", "set") == ("en", f"me0{card.set_id[-1]}")
        # Pitch Black's files name it in French, German, Italian, Spanish (Spain's and
        # Latin America's) and Portuguese.
        assert set(card_images(card)["by_language"]) == {"en", "fr", "de", "it", "es",
                                                         "es-mx", "pt"}


def test_pokemon_tcg_datas_pictures_stay_in_front_with_tcgdexs_beside(printings):
    charizard = card_images(printings["base1-4"])
    assert charizard["small"] == "https://images.pokemontcg.io/base1/4.png"
    assert charizard["large"] == "https://images.pokemontcg.io/base1/4_hires.png"
    assert charizard["by_language"]["fr"]["large"] == (
        "https://assets.tcgdex.net/fr/base/base1/4/high.webp")


def test_no_printing_is_without_a_picture_where_a_source_has_one(printings):
    missing = [card.id for card in printings.values()
               if card.image_small is None and (card.image_path or card.source != "supplement")]
    assert missing == []


def test_pictures_by_language_are_those_of_the_languages_given():
    assert tcgdex_images("base/basep/1", ["en", "de"]) == {
        language: {"small": f"https://assets.tcgdex.net/{language}/base/basep/1/low.webp",
                   "large": f"https://assets.tcgdex.net/{language}/base/basep/1/high.webp"}
        for language in ("en", "de")}
    assert tcgdex_images(None, ["en"]) == {}
    assert tcgdex_images("base/base1/4", []) == {}
