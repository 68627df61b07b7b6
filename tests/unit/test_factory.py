from app import create_app


def test_config_overrides_defaults(tmp_path):
    url = f"sqlite:///{tmp_path / 'x.sqlite3'}"
    assert create_app({"TESTING": True, "DATABASE_URL": url}).config["DATABASE_URL"] == url
    assert not create_app().testing


def test_create_app_touches_no_database(tmp_path):
    path = tmp_path / "never.sqlite3"
    create_app({"DATABASE_URL": f"sqlite:///{path}"})
    assert not path.exists()


def test_healthz_needs_no_database(tmp_path):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'missing' / 'db.sqlite3'}"})
    response = app.test_client().get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok"}
