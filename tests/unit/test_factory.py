import pytest

from api.settings import Settings, SettingsError
from app import create_app
from runtime.caches import CacheSizes


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


def test_settings_are_read_from_the_environment_typed(tmp_path):
    environ = {"DATABASE_URL": "postgresql://db/deckjudge", "CATALOG_CHECK_SECONDS": "0.5",
               "CACHE_SIZES": '{"line_views": 10}', "MAX_BODY_BYTES": "2048",
               "CORS_ORIGINS": "https://a.example", "CACHE_MAX_AGE": "0",
               "COMPRESS_ALGORITHM": "", "REQUEST_DEADLINE_SECONDS": "3",
               "SPOOL_DIR": str(tmp_path), "CACHE_BYTES": "8388608"}
    settings = Settings.from_environ(environ, tmp_path)
    assert settings == Settings(
        database_url="postgresql://db/deckjudge", catalog_check_seconds=0.5,
        cache_sizes=CacheSizes(line_views=10), cache_bytes=8 * 1024 * 1024,
        max_body_bytes=2048, cors_origins="https://a.example", cache_max_age=0,
        compress_algorithm="", request_deadline_seconds=3.0, spool_dir=str(tmp_path))
    config = settings.as_config()
    assert config["MAX_CONTENT_LENGTH"] == 2048 and config["CACHE_SIZES"]["line_views"] == 10
    assert config["SPOOL_DIR"] == str(tmp_path)
    assert config["CACHE_BYTES"] == 8 * 1024 * 1024


def test_unset_settings_take_their_defaults(tmp_path):
    settings = Settings.from_environ({}, tmp_path)
    assert settings.database_url == f"sqlite:///{tmp_path / 'deckjudge.sqlite3'}"
    assert settings == Settings(database_url=settings.database_url)


@pytest.mark.parametrize(("name", "value", "said"), [
    ("CATALOG_CHECK_SECONDS", "soon", "CATALOG_CHECK_SECONDS='soon'"),
    ("CATALOG_CHECK_SECONDS", "-1", "must be 0 or more seconds"),
    ("MAX_BODY_BYTES", "0", "MAX_BODY_BYTES='0': must be 1 or more"),
    ("CACHE_MAX_AGE", "5m", "CACHE_MAX_AGE='5m'"),
    ("CACHE_SIZES", '{"lines": 3}', "CACHE_SIZES: unknown cache(s) lines"),
    ("CACHE_SIZES", "[1]", "CACHE_SIZES='[1]': must be a JSON object"),
    ("CACHE_SIZES", "{", "CACHE_SIZES='{'"),
    ("SPOOL_DIR", "/nonexistent/spool", "SPOOL_DIR='/nonexistent/spool': must be a directory"),
    ("CACHE_BYTES", "0", "CACHE_BYTES='0': must be 1 or more"),
    ("CACHE_BYTES", "40M", "CACHE_BYTES='40M'"),
])
def test_a_bad_setting_stops_the_start_naming_it(tmp_path, name, value, said):
    with pytest.raises(SettingsError) as raised:
        Settings.from_environ({name: value}, tmp_path)
    assert said in str(raised.value)
