"""The import wing: reading card data from its sources and writing the catalog from it in
one transaction. Where a source is read from (a directory, an archive, a URL) and what an
import may cost (`locations`, `import_limits`); one reader a source, which turns its files
into checked rows (`ptcg_data`, with `fields` and `card_rows` for every reader); the
importer, which adds deckjudge's own data, decides which printings are one card and writes;
progress and the identity report for the command line. The read model (the rest of
`catalog`) imports nothing of it.

May import: catalog, runtime.
"""
