"""Where deckjudge's own data files are: what the catalog adds to its sources and how it
reads names and codes. The read model and the import wing both read them; this module
reads nothing itself.
"""

from __future__ import annotations

from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent / "data"
# Cards tournament rules name but the sources lack (the movie promo Ancient Mew).
SUPPLEMENT_PATH = DATA_DIR / "supplement.json"
# Set codes other tools write, their priorities, set names players write, energy codes.
SET_CODES_PATH = DATA_DIR / "set_codes.json"
# Which printings are one card where their text alone cannot say (catalog.gameplay).
IDENTITY_PATH = DATA_DIR / "identity.json"
# Names players write for cards beside their printed ones (catalog.names).
CARD_NAMES_PATH = DATA_DIR / "card_names.json"
# How TCGdex's sets map to the catalog's, and which of its series are left out.
TCGDEX_PATH = DATA_DIR / "tcgdex.json"
