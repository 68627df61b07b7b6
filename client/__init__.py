"""The `deckjudge` command: check decklist files against a service or, with the app in this
process, against a local catalog it provisions itself; format them canonically.

May import: app, api, api.middleware, catalog, catalog.importing, decklist, validators, runtime.
"""
