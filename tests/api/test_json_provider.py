"""Responses are written by orjson (api/middleware/json_provider.py) and mean what Flask's
encoder wrote."""

import datetime as dt
import json

from flask import Flask
from flask.json.provider import DefaultJSONProvider

from api.middleware.json_provider import OrjsonProvider


def providers():
    app = Flask(__name__)
    fast, standard = OrjsonProvider(app), DefaultJSONProvider(app)
    fast.sort_keys = standard.sort_keys = False  # as create_app has it
    return fast, standard, app


def test_a_response_decodes_to_what_the_standard_encoder_wrote():
    fast, standard, app = providers()
    body = {"name": "Pokémon ★ δ", "cards": [{"line": 1, "legal_via": None, "ok": True}],
            "ratio": 0.5, "when": dt.date(2003, 8, 31), 3: "int key"}
    with app.app_context():
        response = fast.response(body)
    assert response.mimetype == "application/json"
    assert response.get_data().endswith(b"\n")
    assert json.loads(response.get_data()) == json.loads(standard.dumps(body))
    # Dates keep Flask's form (an HTTP date), not orjson's ISO form.
    assert json.loads(response.get_data())["when"] == "Sun, 31 Aug 2003 00:00:00 GMT"


def test_what_orjson_cannot_write_falls_back_to_the_standard_encoder():
    fast, standard, app = providers()
    huge = {"count": 10 ** 30}
    assert json.loads(fast.dumps(huge)) == huge
    with app.app_context():
        assert json.loads(fast.response(huge).get_data()) == huge
    assert fast.dumps(huge, indent=2) == standard.dumps(huge, indent=2)


def test_the_app_writes_its_answers_with_it(client):
    assert isinstance(client.application.json, OrjsonProvider)
    response = client.get("/healthz")
    assert response.get_data() == b'{"status":"ok"}\n'
