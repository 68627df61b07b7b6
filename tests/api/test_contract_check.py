"""The contract's own check (tests/support/contract.py), which every other test's answers go
through: a body the contract does not allow fails it, whichever of its two validators finds
the fault, and the app's own answer passes."""

from __future__ import annotations

import json

import pytest

from tests.support.contract import check_response


def altered(response, **changes):
    """The answer with its JSON body changed as given."""
    body = {**response.get_json(), **changes}
    response.set_data(json.dumps(body))
    return response


def test_the_apps_answers_pass(client):
    check_response(client.get("/healthz"))
    check_response(client.get("/v1/cards/no-such-card"))


@pytest.mark.parametrize(("path", "changes"), [
    ("/healthz", {"status": "fine"}),  # not its const
    ("/v1/cards/no-such-card", {"status": "404"}),  # not an integer
    # not a URI: jsonschema, with no URI checker installed, lets this pass; jsonschema-rs
    # does not
    ("/v1/cards/no-such-card", {"type": "not a uri at all"}),
])
def test_an_answer_the_contract_does_not_allow_fails(client, path, changes):
    response = client.get(path)
    with pytest.raises(Exception):  # noqa: B017 - openapi-core's errors share no base
        check_response(altered(response, **changes))
