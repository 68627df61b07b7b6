"""The organizer's page: paste a decklist, see every line judged (GET /, POST /, POST
/answer). The form is read into the API's own requests (api.deck_requests) and judged by
the API's own service (api.judgements), then arranged for a person.

May import: api, api.middleware, api.views, catalog, decklist, validators, runtime.
"""
