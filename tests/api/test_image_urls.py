"""Card picture URLs (catalog/image_urls.py): only a plain https://host[:port]/path is kept,
and only its exact origin reaches the organizer page's Content-Security-Policy. A crafted
URL is dropped, and its card imported without a picture."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import update
from sqlalchemy.orm import Session

from catalog.db import make_engine
from catalog.image_urls import image_url, is_origin, origin
from catalog.importing.importer import import_catalog
from catalog.models import Card, CatalogMeta
from tests.support.apps import make_client
from web.security import content_security_policy

# Each would put a source, a keyword or a directive of its own into the policy, or is no
# plain https URL.
CRAFTED = [
    "https://evil.example 'unsafe-inline'/x.png",
    "https://evil.example;script-src 'unsafe-inline'/x.png",
    "https://evil.example/x.png;script-src *",
    "https://evil.example,https://other.example/x.png",
    'https://evil.example"/x.png',
    "https://evil.example/x'.png",
    "https://evil.example/a b.png",
    "https://user:secret@evil.example/x.png",
    "https://evil.example/x.png?size=1",
    "https://evil.example/x.png#top",
    "https://evil.example/x.png\n",
    "https://evil.example\t/x.png",
    "https://evil.example:99999/x.png",
    "https://evil.example:0/x.png",
    "https://evil.example",
    "https://-evil.example/x.png",
    "https://evil_example/x.png",
    "https://évil.example/x.png",
    "https://[::1]/x.png",
    "http://evil.example/x.png",
    "javascript:alert(1)",
    "https://evil.example/" + "x" * 300,
    42,
]
GOOD = "https://Pictures.Example:8443/base1/4_hires.png"


@pytest.mark.parametrize("value", CRAFTED)
def test_a_crafted_url_is_not_kept(value):
    assert image_url(value) is None


@pytest.mark.parametrize(("url", "expected"), [
    ("https://images.pokemontcg.io/base1/4.png", "https://images.pokemontcg.io"),
    ("https://images.pokemontcg.io/ex10/!.png", "https://images.pokemontcg.io"),
    (GOOD, "https://pictures.example:8443"),
])
def test_a_plain_https_url_is_kept_with_its_exact_origin(url, expected):
    assert image_url(url) == url
    assert origin(url) == expected and is_origin(expected)


def crafted_catalog(mini_dir):
    """The mini catalog with base1's and base6's cards pictured by crafted URLs, and
    Charizard by one good one."""
    for set_id in ("base1", "base6"):
        path = mini_dir / f"cards/en/{set_id}.json"
        cards = json.loads(path.read_text())
        for number, card in enumerate(cards):
            card["images"] = {"small": CRAFTED[number], "large": CRAFTED[-number - 2]}
        if set_id == "base1":
            cards[0]["images"]["large"] = GOOD
        path.write_text(json.dumps(cards))
    return mini_dir


def test_a_crafted_url_never_reaches_the_pages_policy(empty_db_url, mini_dir):
    engine = make_engine(empty_db_url)
    result = import_catalog(engine, str(crafted_catalog(mini_dir)))
    assert result.card_count == 13  # every card, pictured or not
    with Session(engine) as session:
        charizard = session.get(Card, "base1-4")
        assert (charizard.image_small, charizard.image_large) == (None, GOOD)
        dropped = session.get(Card, "base6-3")
        assert (dropped.image_small, dropped.image_large) == (None, None)
    engine.dispose()
    client = make_client(empty_db_url)
    for answer in (client.get("/"), client.post("/", data={"mode": "deck", "deck": "4 Switch"})):
        policy = answer.headers["Content-Security-Policy"]
        assert policy == content_security_policy(["https://pictures.example:8443"])
        assert "evil" not in policy and policy.count(";") == content_security_policy([]).count(";")


def test_a_crafted_origin_stored_by_an_older_import_never_reaches_the_policy(mini_db_url):
    engine = make_engine(mini_db_url)
    with engine.begin() as connection:
        connection.execute(update(CatalogMeta).values(image_origins=[
            "https://evil.example 'unsafe-inline'", "https://evil.example;script-src *",
            "https://images.pokemontcg.io"]))
    engine.dispose()
    policy = make_client(mini_db_url).get("/").headers["Content-Security-Policy"]
    assert policy == content_security_policy(["https://images.pokemontcg.io"])
