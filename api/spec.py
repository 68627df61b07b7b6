"""The contract, served as written: GET /openapi.yaml."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response

SPEC_PATH = Path(__file__).resolve().parent.parent / "openapi.yaml"
bp = Blueprint("spec", __name__)


@bp.get("/openapi.yaml")
def openapi_yaml():
    return Response(SPEC_PATH.read_bytes(), mimetype="application/yaml")
