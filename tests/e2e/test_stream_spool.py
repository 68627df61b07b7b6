"""A stream's body kept under the Kubernetes manifest's volumes, against the real gunicorn:
/tmp and the spool each a filesystem of the size the manifest gives it, and the workers and
threads it runs. A 20 MB stream, and one for every thread at once, is answered 200."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests
import yaml

from tests.support.filesystems import small_filesystem
from tests.support.paths import PROJECT_ROOT
from tests.support.servers import gunicorn

NDJSON = {"Content-Type": "application/x-ndjson"}


def _manifest() -> tuple[dict[str, str], dict[str, int]]:
    """The Deployment's environment, and the size of the volume mounted at each path."""
    documents = yaml.safe_load_all((PROJECT_ROOT / "deploy" / "kubernetes" /
                                    "deployment.yaml").read_text())
    pod = next(d for d in documents if d and d["kind"] == "Deployment")["spec"]["template"]
    app = pod["spec"]["containers"][0]
    env = {item["name"]: item.get("value") for item in app["env"]}
    sizes = {volume["name"]: int(volume["emptyDir"]["sizeLimit"].removesuffix("Mi")) << 20
             for volume in pod["spec"]["volumes"]}
    return env, {mount["mountPath"]: sizes[mount["name"]] for mount in app["volumeMounts"]}


def _stream(megabytes: int) -> bytes:
    """A stream of `megabytes` MB: decks of a few cards, each line padded with comments
    (which cost no work) to 2 KB, as many as a stream may send."""
    padding = "# a note\n" * 220
    line = json.dumps({"id": "0", "format": "modified", "deck": "4 Bill LC 108\n" + padding})
    count = megabytes * 1_000_000 // (len(line) + 1)
    return "".join(json.dumps({"id": str(n), "format": "modified",
                               "deck": "4 Bill LC 108\n" + padding}) + "\n"
                   for n in range(count)).encode()


@pytest.fixture(scope="module")
def served(full_db_url, tmp_path_factory):
    env, sizes = _manifest()
    log = tmp_path_factory.mktemp("spool") / "server.log"
    with small_filesystem(sizes["/tmp"]) as tmp, small_filesystem(sizes[env["SPOOL_DIR"]]) \
            as spool, gunicorn(full_db_url, workers=int(env["WEB_CONCURRENCY"]), log=log,
                               GUNICORN_THREADS=env["GUNICORN_THREADS"], TMPDIR=str(tmp),
                               SPOOL_DIR=str(spool)) as base:
        yield base, log, int(env["WEB_CONCURRENCY"]) * int(env["GUNICORN_THREADS"])


def _answered(base: str, body: bytes) -> tuple[int, dict]:
    answer = requests.post(f"{base}/v1/validate/stream", data=body, headers=NDJSON,
                           timeout=120)
    last = json.loads(answer.content.splitlines()[-1]) if answer.content else {}
    return answer.status_code, last


def test_a_20_mb_stream_is_answered_under_the_manifests_volumes(served):
    base, log, _ = served
    body = _stream(20)
    assert len(body) > 16 * 1024 * 1024  # more than the manifest's /tmp holds
    status, last = _answered(base, body)
    assert status == 200, last
    assert last["done"]["decks"] == body.count(b"\n")
    assert "Traceback" not in log.read_text()


def test_a_stream_on_every_thread_at_once_is_answered(served):
    base, log, threads = served
    body = _stream(20)
    with ThreadPoolExecutor(threads) as pool:
        answers = list(pool.map(lambda _: _answered(base, body), range(threads)))
    assert [status for status, _ in answers] == [200] * threads, answers
    assert all("done" in last for _, last in answers)
    assert "Traceback" not in log.read_text()
