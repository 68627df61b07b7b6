"""The deployment files we ship (deploy/): each checked against its schema, and against
the app it deploys, so a manifest cannot drift from the code."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import dockerfile
import kubernetes_validate
import pytest
import yaml

from tests.support.contract import SPEC_PATH
from tests.support.paths import PROJECT_ROOT

DEPLOY = PROJECT_ROOT / "deploy"
KUBERNETES_VERSION = "1.33.0"  # the oldest release the manifests promise to work on
# Peak RSS of a worker with every cache full, and of the master (docs/performance.md).
WORKER_MIB, MASTER_MIB = 138, 64
MANIFESTS = sorted((DEPLOY / "kubernetes").glob("*.yaml"))


def documents(path: Path) -> list[dict]:
    return [document for document in yaml.safe_load_all(path.read_text()) if document]


def all_documents() -> list[dict]:
    return [document for path in MANIFESTS for document in documents(path)]


@pytest.mark.parametrize("path", MANIFESTS, ids=lambda path: path.name)
def test_every_manifest_is_valid_for_kubernetes(path):
    for document in documents(path):
        kubernetes_validate.validate(document, KUBERNETES_VERSION, strict=True)


def test_a_manifest_that_breaks_the_schema_is_caught():
    # The validator really checks: a misspelt field and a wrong type both fail.
    deployment = next(d for d in all_documents() if d["kind"] == "Deployment")
    misspelt = yaml.safe_load(yaml.safe_dump(deployment))
    misspelt["spec"]["replica"] = 3
    wrong_type = yaml.safe_load(yaml.safe_dump(deployment))
    wrong_type["spec"]["template"]["spec"]["containers"][0]["ports"][0]["containerPort"] = "x"
    for broken in (misspelt, wrong_type):
        with pytest.raises(kubernetes_validate.ValidationError):
            kubernetes_validate.validate(broken, KUBERNETES_VERSION, strict=True)


def container(kind: str) -> dict:
    found = next(d for d in all_documents() if d["kind"] == kind)
    return found["spec"]["template"]["spec"]["containers"][0]


def test_the_probes_are_the_services_health_endpoints():
    app = container("Deployment")
    spec_paths = yaml.safe_load(SPEC_PATH.read_text())["paths"]
    assert app["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert app["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert {"/healthz", "/readyz"} <= set(spec_paths)
    env = {item["name"]: item.get("value") for item in app["env"]}
    port = app["ports"][0]["containerPort"]
    assert env["BIND"] == f"0.0.0.0:{port}"


def mebibytes(quantity: str) -> float:
    number, unit = re.fullmatch(r"(\d+)(Mi|Gi)", quantity).groups()
    return int(number) * (1024 if unit == "Gi" else 1)


def test_memory_is_sized_from_the_measured_worker_peak():
    app = container("Deployment")
    workers = int(next(item["value"] for item in app["env"]
                       if item["name"] == "WEB_CONCURRENCY"))
    needed = workers * WORKER_MIB + MASTER_MIB
    requested = mebibytes(app["resources"]["requests"]["memory"])
    limit = mebibytes(app["resources"]["limits"]["memory"])
    assert needed <= requested <= limit
    assert float(app["resources"]["requests"]["cpu"]) == workers  # a worker a core


def _measured(key: str) -> float:
    """A figure of the last `make bench` (bench/figures.json)."""
    import json

    figures = json.loads((PROJECT_ROOT / "bench" / "figures.json").read_text())["figures"]
    return figures[key]["value"]


# What the limit leaves above the pod's measured height at least: a machine busier than
# the benchmark's, a catalog larger than today's.
HEADROOM = 1.25


def test_the_limit_holds_the_pod_under_the_worst_inputs_four_at_a_time_with_headroom():
    """The worst batch, the lines that fill the caches most and the streams of them, four at
    a time, and the worst batch again once each worker's index is its own (a catalog of
    another version imported: the master keeps the one it forked with)."""
    app = container("Deployment")
    limit = mebibytes(app["resources"]["limits"]["memory"])
    heights = {key: _measured(key) for key in (
        "hostile.four.instance_pss", "hostile.fill.instance_pss",
        "hostile.fill.streams_instance_pss", "hostile.fill.reimported_instance_pss",
        "hostile.fill.reimported_batches_instance_pss")}
    assert max(heights.values()) * HEADROOM <= limit, heights
    # The request covers the pod after such an import, its caches turned over.
    requested = mebibytes(app["resources"]["requests"]["memory"])
    assert _measured("hostile.fill.reimported_instance_pss") <= requested


def test_a_probe_waits_several_times_its_slowest_answer_under_load():
    app = container("Deployment")
    slowest_ms = max(_measured("hostile.four.healthz.max"), _measured("hostile.four.readyz.max"))
    for probe in ("livenessProbe", "readinessProbe"):
        assert app[probe]["timeoutSeconds"] * 1000 >= 3 * slowest_ms, probe


def test_the_grace_period_outlasts_gunicorns_graceful_stop():
    from gunicorn_conf import graceful_timeout

    deployment = next(d for d in all_documents() if d["kind"] == "Deployment")
    pod = deployment["spec"]["template"]["spec"]
    pre_stop = pod["containers"][0]["lifecycle"]["preStop"]["sleep"]["seconds"]
    assert pod["terminationGracePeriodSeconds"] > pre_stop + graceful_timeout


def test_the_ingress_takes_the_bodies_the_app_takes():
    from api.validate_batch import MAX_BATCH_BYTES
    from api.validate_stream import MAX_STREAM_BYTES

    sizes = {}
    for document in all_documents():
        if document["kind"] == "Ingress":
            path = document["spec"]["rules"][0]["http"]["paths"][0]["path"]
            size = document["metadata"]["annotations"]["nginx.ingress.kubernetes.io/"
                                                       "proxy-body-size"]
            number, unit = re.fullmatch(r"(\d+)([km])", size).groups()
            sizes[path] = int(number) * (1024 if unit == "k" else 1024 * 1024)  # as nginx
    assert sizes == {"/": 1024 * 1024, "/v1/validate/batch": MAX_BATCH_BYTES,
                     "/v1/validate/stream": MAX_STREAM_BYTES}


def test_the_image_holds_every_package_and_runs_the_documented_command():
    """Every package copied and installed, the hot path compiled as `make compile` builds
    it, and gunicorn started as `make run` starts it."""
    commands = dockerfile.parse_file(str(DEPLOY / "Dockerfile"))
    assert any("python tools/compiled.py --build" in " ".join(command.value)
               for command in commands if command.cmd == "RUN")
    copied = {source for command in commands if command.cmd == "COPY"
              for source in command.value[:-1]}
    for source in copied:
        assert (PROJECT_ROOT / source).exists(), source
    pyproject = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text())
    setuptools = pyproject["tool"]["setuptools"]
    packages = [name.rstrip("*") for name in setuptools["packages"]["find"]["include"]]
    modules = [f"{name}.py" for name in setuptools["py-modules"]]
    assert set(packages) | set(modules) | {"migrations", "alembic.ini"} <= copied
    cmd = next(command for command in commands if command.cmd == "CMD")
    makefile = (PROJECT_ROOT / "Makefile").read_text()
    assert cmd.json and " ".join(cmd.value[:3]) == "gunicorn -c gunicorn_conf.py"
    assert f"gunicorn -c gunicorn_conf.py '{cmd.value[3]}'" in makefile  # as `make run`
    user = next(command for command in commands if command.cmd == "USER")
    pod = next(d for d in all_documents() if d["kind"] == "Deployment")
    assert int(user.value[0]) == pod["spec"]["template"]["spec"]["securityContext"][
        "runAsUser"]


def test_the_ingress_waits_past_the_apps_deadline_and_never_resends_after_a_timeout():
    """A request past its deadline reaches the client as the app's problem; one that timed
    out at the proxy may still be running on its pod, so it is not sent to another."""
    from deploy.stack import Stack

    waits = Stack(run_dir=Path("/run/deckjudge")).upstream_timeout()
    for document in all_documents():
        if document["kind"] == "Ingress":
            annotations = {name.removeprefix("nginx.ingress.kubernetes.io/"): value
                           for name, value in document["metadata"]["annotations"].items()}
            assert int(annotations["proxy-read-timeout"]) == waits == 30
            assert annotations["proxy-next-upstream"].split() == ["error", "non_idempotent"]


def test_nginx_waits_past_the_deadline_the_instances_are_given(tmp_path):
    from deploy.stack import Stack

    stack = Stack.from_environ({"REQUEST_DEADLINE_SECONDS": "44.5"}, tmp_path)
    conf = stack.nginx_conf()
    assert conf.count("proxy_read_timeout 55s;") == 3  # every location that proxies
    assert conf.count("proxy_next_upstream error non_idempotent;") == 3
    assert "within 55 s" in conf  # nginx's own 504 problem says it
    with pytest.raises(SystemExit, match="REQUEST_DEADLINE_SECONDS"):
        Stack.from_environ({"REQUEST_DEADLINE_SECONDS": "later"}, tmp_path)


def _pod_of(kind: str) -> dict:
    found = next(d for d in all_documents() if d["kind"] == kind)
    spec = found["spec"]["jobTemplate"]["spec"] if kind == "CronJob" else found["spec"]
    return spec["template"]["spec"]


def _import_of(kind: str) -> dict:
    pod = _pod_of(kind)
    return next(container for container in [*pod.get("initContainers", ()),
                                            *pod["containers"]]
                if container["command"][3:] == ["catalog", "import"])


def test_the_scheduled_update_runs_the_import_job_of_both_sources():
    from catalog.importing import ptcg_data, sources, tcgdex_data

    job, cron = _import_of("Job"), _import_of("CronJob")
    assert cron["command"] == job["command"] == ["flask", "--app", "app", "catalog", "import"]
    assert cron["args"] == job["args"] and cron["resources"] == job["resources"]
    [location] = job["args"]
    assert sources.parse(location) == sources.Sources(ptcg_data.UPSTREAM_ARCHIVE,
                                                      tcgdex_data.UPSTREAM_ARCHIVE)
    scheduled = next(d for d in all_documents() if d["kind"] == "CronJob")["spec"]
    assert scheduled["concurrencyPolicy"] == "Forbid"  # never two imports at once


def test_the_scheduled_update_writes_the_rules_once_the_import_has_succeeded():
    pod = _pod_of("CronJob")
    # An init container runs to its end, and must succeed, before the containers start.
    assert [c["command"] for c in pod["initContainers"]] == [
        ["flask", "--app", "app", "catalog", "import"]]
    [update] = pod["containers"]
    assert update["command"] == ["flask", "--app", "app", "formats", "update"]
    assert update["image"] == pod["initContainers"][0]["image"]
    assert {variable["name"] for variable in update["env"]} == {"DATABASE_URL", "RULES_SOURCE"}
    service = _unit("deckjudge-catalog-update.service")["Service"]
    # ExecStartPost runs only once ExecStart has succeeded.
    assert service["ExecStartPost"].split()[1:] == ["--app", "app", "formats", "update"]


def _unit(name: str) -> dict[str, dict[str, str]]:
    import configparser

    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string((DEPLOY / "systemd" / name).read_text())
    return {section: dict(parser[section]) for section in parser.sections()}


def test_the_systemd_timer_runs_the_import_of_both_sources_every_day():
    from catalog.importing import ptcg_data, sources, tcgdex_data

    service = _unit("deckjudge-catalog-update.service")
    timer = _unit("deckjudge-catalog-update.timer")
    assert service["Service"]["Type"] == "oneshot"
    assert service["Service"]["ExecStart"].split()[1:] == ["--app", "app", "catalog", "import"]
    name, _, location = service["Service"]["Environment"].partition("=")
    assert name == "CATALOG_SOURCE"
    assert sources.parse(location) == sources.Sources(ptcg_data.UPSTREAM_ARCHIVE,
                                                      tcgdex_data.UPSTREAM_ARCHIVE)
    assert timer["Timer"]["OnCalendar"].startswith("*-*-*") and timer["Timer"]["Persistent"]
    assert timer["Install"]["WantedBy"] == "timers.target"


MIB = 1024 * 1024


def _bytes(quantity: str) -> int:
    return int(mebibytes(quantity) * MIB)


def _room_a_thread() -> tuple[int, int]:
    """What one worker thread may keep on disk at once: a stream's body (api.validate_stream),
    and any other body, which the page's uploaded lists are kept in /tmp past 500 KiB of."""
    from api.settings import DEFAULT_MAX_BODY_BYTES
    from api.validate_stream import MAX_STREAM_BYTES

    return MAX_STREAM_BYTES, DEFAULT_MAX_BODY_BYTES


def test_the_pod_keeps_a_streams_body_where_it_has_room_for_one_a_thread():
    """A stream's body does not fit the 16 MiB /tmp in memory: the spool is a volume of its
    own, on disk, sized from the limits for every thread of every worker."""
    app = container("Deployment")
    pod = next(d for d in all_documents() if d["kind"] == "Deployment")["spec"]["template"]
    env = {item["name"]: item.get("value") for item in app["env"]}
    threads = int(env["WEB_CONCURRENCY"]) * int(env["GUNICORN_THREADS"])
    stream, body = _room_a_thread()
    volumes = {volume["name"]: volume["emptyDir"] for volume in pod["spec"]["volumes"]}
    mounted = {mount["mountPath"]: volumes[mount["name"]] for mount in app["volumeMounts"]}
    spool = mounted[env["SPOOL_DIR"]]
    assert "medium" not in spool  # in memory, it would count against the pod's memory limit
    assert _bytes(spool["sizeLimit"]) >= stream * threads
    assert _bytes(app["resources"]["requests"]["ephemeral-storage"]) >= stream * threads
    assert _bytes(mounted["/tmp"]["sizeLimit"]) >= body * threads
    # The image says the same where no manifest does.
    commands = dockerfile.parse_file(str(DEPLOY / "Dockerfile"))
    image_env = dict(zip(*[iter(next(command.value for command in commands
                                     if command.cmd == "ENV" and "SPOOL_DIR" in
                                     command.value))] * 2, strict=True))
    assert image_env["SPOOL_DIR"] == env["SPOOL_DIR"]
    assert image_env["GUNICORN_THREADS"] == env["GUNICORN_THREADS"]
    assert image_env["WEB_CONCURRENCY"] == env["WEB_CONCURRENCY"]
    assert any(command.cmd == "VOLUME" and env["SPOOL_DIR"] in command.value
               for command in commands)


def test_the_bulk_files_are_built_where_the_pod_and_the_image_can_write():
    """The root file system is read-only: BULK_DIR is a volume on disk, in the manifest and
    the image alike, with room for the requests' storage."""
    app = container("Deployment")
    pod = next(d for d in all_documents() if d["kind"] == "Deployment")["spec"]["template"]
    env = {item["name"]: item.get("value") for item in app["env"]}
    volumes = {volume["name"]: volume["emptyDir"] for volume in pod["spec"]["volumes"]}
    mounted = {mount["mountPath"]: volumes[mount["name"]] for mount in app["volumeMounts"]}
    bulk, spool = mounted[env["BULK_DIR"]], mounted[env["SPOOL_DIR"]]
    assert bulk is not spool and "medium" not in bulk
    assert _bytes(app["resources"]["requests"]["ephemeral-storage"]) >= _bytes(
        bulk["sizeLimit"]) + _bytes(spool["sizeLimit"])
    commands = dockerfile.parse_file(str(DEPLOY / "Dockerfile"))
    image_env = dict(zip(*[iter(next(command.value for command in commands
                                     if command.cmd == "ENV" and "BULK_DIR" in
                                     command.value))] * 2, strict=True))
    assert image_env["BULK_DIR"] == env["BULK_DIR"]
    assert any(command.cmd == "VOLUME" and env["BULK_DIR"] in command.value
               for command in commands)


def test_the_systemd_unit_serves_as_make_run_with_the_spool_on_disk():
    service = _unit("deckjudge.service")["Service"]
    env = dict(item.split("=", 1) for item in service["Environment"].split())
    # on disk, each its own
    assert [env["SPOOL_DIR"], env["BULK_DIR"]] == [
        "/var/cache/" + folder for folder in service["CacheDirectory"].split()]
    assert service["ExecStart"].endswith("gunicorn -c gunicorn_conf.py 'app:create_app()'")
    from gunicorn_conf import graceful_timeout

    assert int(service["TimeoutStopSec"]) > graceful_timeout


def test_the_deploy_guide_states_the_room_the_spool_needs():
    """docs/deploy.md says the room a thread and the manifest's, from the same limits."""
    app = container("Deployment")
    env = {item["name"]: item.get("value") for item in app["env"]}
    threads = int(env["WEB_CONCURRENCY"]) * int(env["GUNICORN_THREADS"])
    stream, _ = _room_a_thread()
    text = (PROJECT_ROOT / "docs" / "deploy.md").read_text()
    section = text[text.index("## Where a stream's body waits"):]
    section = section[:section.index("\n## ", 1)]
    assert f"{stream // MIB} MiB a worker thread" in section
    assert f"{stream * threads // MIB} MiB" in section
