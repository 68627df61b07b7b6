"""Where the suite's files are: the checkout, the fixtures, the real card data."""

from __future__ import annotations

import os
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
PROJECT_ROOT = TESTS.parent
FIXTURES = TESTS / "fixtures"
MINI_CATALOG = FIXTURES / "mini"
MINI_SETS, MINI_CARDS = 6 + 1, 12 + 1  # hand-written, plus the supplement's set and card
SHARED_DATA = Path(os.environ.get("DECKJUDGE_SHARED_DATA",
                                  PROJECT_ROOT.parent / "shared" / "pokemon-tcg-data"))


# TCGdex's cards-database, the catalog's second source (../shared/tcgdex/README.md).
TCGDEX_DATA = Path(os.environ.get("DECKJUDGE_TCGDEX_DATA", PROJECT_ROOT.parent / "shared" /
                                  "tcgdex" / "cards-database-d9083b7.tar.gz"))


def have_shared_data() -> bool:
    """Whether ../shared beside the checkout holds the card data (as CI has it)."""
    return (SHARED_DATA / "sets" / "en.json").is_file()
