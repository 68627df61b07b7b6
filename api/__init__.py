"""The HTTP API: one module of endpoints a resource (health, cards, formats, resolve,
validate, team, batch, spec), the schemas they read requests with (schema, body), the work
budget a request may ask for (budget), their answers' views (views/), and the `flask
catalog` commands (commands). What every request and answer passes through, whatever the
endpoint, is api.middleware.

May import: api.middleware, api.views, catalog, catalog.importing, decklist, validators, runtime.
"""
