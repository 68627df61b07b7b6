"""The card catalog's read model: its SQL schema (models, migrations' target), card identity
(the title, gameplay and text keys), the in-memory index each worker judges from and the
holder that swaps it, the look-ups the API reads, and where deckjudge's own data files are.
Importing card data into it is the import wing's (catalog.importing).

May import: runtime.
"""
