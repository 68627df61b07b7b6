"""The HTTP API: one module of endpoints a resource (health, cards, formats, resolve,
validate, validate_team, validate_batch, spec), the requests they read (schema, body,
deck_requests), the judging service they call (judgements), the work budget a request may
ask for (work_budget), their answers' views (views/), the settings the app is built with
(settings) and the `flask catalog` commands (commands). What every request and answer
passes through, whatever the endpoint, is api.middleware.

May import: api.middleware, api.views, catalog, catalog.importing, decklist, validators, runtime.
"""
