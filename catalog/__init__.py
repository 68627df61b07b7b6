"""The card catalog: its SQL schema (models, migrations' target), the import from the
pokemon-tcg-data layout, card identity (the title, gameplay and text keys), the in-memory
index each worker judges from, and the look-ups the API reads.

May import: runtime.
"""
